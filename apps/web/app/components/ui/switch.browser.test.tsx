import { expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { Switch } from "./switch";

test("is named by its visible label and toggles by click, on the switch or on the label", async () => {
  const onCheckedChange = vi.fn();
  const screen = await render(<Switch label="訂閱電子報" onCheckedChange={onCheckedChange} />);
  const control = screen.getByRole("switch", { name: "訂閱電子報" });
  await expect.element(control).not.toBeChecked();
  await control.click();
  await expect.element(control).toBeChecked();
  await screen.getByText("訂閱電子報").click();
  await expect.element(control).not.toBeChecked();
  expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
});

test("toggles with Space and with Enter", async () => {
  const screen = await render(<Switch label="訂閱電子報" />);
  const control = screen.getByRole("switch", { name: "訂閱電子報" });
  await userEvent.tab();
  await expect.element(control).toHaveFocus();
  await userEvent.keyboard(" ");
  await expect.element(control).toBeChecked();
  await userEvent.keyboard("{Enter}");
  await expect.element(control).not.toBeChecked();
  await userEvent.keyboard("{Enter}");
  await expect.element(control).toBeChecked();
});

test("does not toggle while disabled, by click or key", async () => {
  const onCheckedChange = vi.fn();
  const screen = await render(
    <Switch label="訂閱電子報" defaultChecked disabled onCheckedChange={onCheckedChange} />,
  );
  const control = screen.getByRole("switch", { name: "訂閱電子報" });
  await expect.element(control).toBeDisabled();
  await control.click({ force: true });
  await screen.getByText("訂閱電子報").click({ force: true });
  control.element().focus();
  await userEvent.keyboard("{Enter} ");
  await expect.element(control).toBeChecked();
  expect(onCheckedChange).not.toHaveBeenCalled();
});

test("posts its value under its name while on, and nothing while off", async () => {
  const screen = await render(
    <form aria-label="偏好設定">
      <Switch label="訂閱電子報" name="newsletter" value="yes" />
    </form>,
  );
  const form = screen.getByRole("form", { name: "偏好設定" }).element() as HTMLFormElement;
  expect(new FormData(form).has("newsletter")).toBe(false);
  await screen.getByRole("switch", { name: "訂閱電子報" }).click();
  await expect.poll(() => new FormData(form).get("newsletter")).toBe("yes");
});

test("follows a controlled value and reports an error", async () => {
  const screen = await render(
    <>
      <Switch label="同意條款" checked={false} invalid aria-describedby="terms-error" />
      <p id="terms-error">請勾選同意條款</p>
    </>,
  );
  const control = screen.getByRole("switch", { name: "同意條款" });
  await expect.element(control).toBeInvalid();
  await expect.element(control).toHaveAccessibleDescription("請勾選同意條款");
  await screen.rerender(
    <>
      <Switch label="同意條款" checked invalid={false} aria-describedby="terms-error" />
      <p id="terms-error">請勾選同意條款</p>
    </>,
  );
  await expect.element(control).toBeChecked();
  await expect.element(control).not.toBeInvalid();
});
