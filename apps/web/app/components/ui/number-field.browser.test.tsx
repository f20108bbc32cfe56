import { expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { NumberField } from "./number-field";

test("is named by its visible label; the buttons are named 減少 and 增加", async () => {
  const screen = await render(<NumberField label="數量" defaultValue={2} />);
  await expect.element(screen.getByRole("spinbutton", { name: "數量" })).toHaveValue("2");
  // The role is said in the reader's language: no English role description over it.
  await expect.element(screen.getByRole("spinbutton")).not.toHaveAttribute("aria-roledescription");
  await screen.getByRole("button", { name: "增加" }).click();
  await expect.element(screen.getByRole("spinbutton", { name: "數量" })).toHaveValue("3");
  await screen.getByRole("button", { name: "減少" }).click();
  await screen.getByRole("button", { name: "減少" }).click();
  await expect.element(screen.getByRole("spinbutton", { name: "數量" })).toHaveValue("1");
});

test("clamps a typed value to min and max, while typing and when the field is left", async () => {
  const onValueChange = vi.fn();
  const screen = await render(<NumberField label="數量" min={1} max={10} onValueChange={onValueChange} />);
  const input = screen.getByRole("spinbutton", { name: "數量" });
  await userEvent.type(input, "25");
  expect(onValueChange).toHaveBeenLastCalledWith(10);
  await userEvent.tab();
  await expect.element(input).toHaveValue("10");

  await userEvent.clear(input);
  await userEvent.type(input, "0");
  expect(onValueChange).toHaveBeenLastCalledWith(1);
  await userEvent.tab();
  await expect.element(input).toHaveValue("1");
});

test("ArrowUp and ArrowDown move one step; PageUp and PageDown move ten", async () => {
  const screen = await render(<NumberField label="數量" defaultValue={20} />);
  const input = screen.getByRole("spinbutton", { name: "數量" });
  await input.click();
  await userEvent.keyboard("{ArrowUp}");
  await expect.element(input).toHaveValue("21");
  await userEvent.keyboard("{ArrowDown}{ArrowDown}");
  await expect.element(input).toHaveValue("19");
  await userEvent.keyboard("{ArrowUp}{PageUp}");
  await expect.element(input).toHaveValue("30");
  await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{PageUp}");
  await expect.element(input).toHaveValue("35");
  await userEvent.keyboard("{PageDown}{PageDown}{PageDown}");
  await expect.element(input).toHaveValue("5");
});

test("the page keys stop at the bounds too", async () => {
  const screen = await render(<NumberField label="數量" min={0} max={25} defaultValue={20} />);
  const input = screen.getByRole("spinbutton", { name: "數量" });
  await input.click();
  await userEvent.keyboard("{PageUp}");
  await expect.element(input).toHaveValue("25");
  await userEvent.keyboard("{PageDown}{PageDown}{PageDown}{PageDown}");
  await expect.element(input).toHaveValue("0");
});

test("snaps to the step: steps land on it, and a typed value is snapped when the field is left", async () => {
  const screen = await render(<NumberField label="人數" step={5} />);
  const input = screen.getByRole("spinbutton", { name: "人數" });
  await userEvent.type(input, "12");
  await userEvent.keyboard("{ArrowUp}");
  await expect.element(input).toHaveValue("15");
  await userEvent.clear(input);
  await userEvent.type(input, "12");
  await userEvent.tab();
  await expect.element(input).toHaveValue("10");
  await userEvent.clear(input);
  await userEvent.type(input, "13");
  await userEvent.tab();
  await expect.element(input).toHaveValue("15");
});

test("the buttons are disabled at the bounds", async () => {
  const screen = await render(<NumberField label="數量" min={0} max={2} defaultValue={1} />);
  const increment = screen.getByRole("button", { name: "增加" });
  const decrement = screen.getByRole("button", { name: "減少" });
  await increment.click();
  await expect.element(screen.getByRole("spinbutton", { name: "數量" })).toHaveValue("2");
  await expect.element(increment).toBeDisabled();
  await expect.element(decrement).toBeEnabled();
  await decrement.click();
  await decrement.click();
  await expect.element(decrement).toBeDisabled();
  await expect.element(increment).toBeEnabled();
});

test("holding a button for about a second repeats, never faster than after 400 ms then every 60 ms, and stops on release", async () => {
  // Real time on purpose, as a person holds the button; the count is checked against the time held.
  // A busy machine runs timers late, so only the upper bound is exact here; the next test steps a
  // fake clock through the schedule.
  const screen = await render(<NumberField label="數量" defaultValue={0} />);
  const input = screen.getByRole("spinbutton", { name: "數量" });
  const increment = screen.getByRole("button", { name: "增加" });
  await userEvent.hover(increment);
  const times: Record<string, number> = {};
  const stamp = (event: Event) => (times[event.type] = performance.now());
  window.addEventListener("pointerdown", stamp, { capture: true });
  window.addEventListener("pointerup", stamp, { capture: true });
  try {
    await userEvent.pointer("[MouseLeft>]");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await userEvent.pointer("[/MouseLeft]");
  } finally {
    window.removeEventListener("pointerdown", stamp, { capture: true });
    window.removeEventListener("pointerup", stamp, { capture: true });
  }
  const held = times.pointerup! - times.pointerdown!;
  // One step on press, then one at 460 ms, 520 ms, … while still held.
  const expected = 1 + Math.max(0, Math.floor((held - 400) / 60));
  const count = Number((input.element() as HTMLInputElement).value);
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(expected + 1);
  // And it stops on release.
  await new Promise((resolve) => setTimeout(resolve, 150));
  await expect.element(input).toHaveValue(String(count));
});

test("held, a button steps once at once, again at 460 ms, then every 60 ms", async () => {
  const screen = await render(<NumberField label="數量" defaultValue={0} />);
  const input = screen.getByRole("spinbutton", { name: "數量" });
  const increment = screen.getByRole("button", { name: "增加" });
  await userEvent.hover(increment);
  // Fake time, stepped exactly. Pressing takes real time, during which the runner steps fake time
  // too, so the steps below are counted from the moment the button went down.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  try {
    let pressedAt = 0;
    increment.element().addEventListener("pointerdown", () => (pressedAt = Date.now()), { once: true });
    await userEvent.pointer("[MouseLeft>]");
    await expect.element(input).toHaveValue("1");
    vi.advanceTimersByTime(459 - (Date.now() - pressedAt));
    await expect.element(input).toHaveValue("1");
    vi.advanceTimersByTime(1);
    await expect.element(input).toHaveValue("2");
    for (const value of [3, 4, 5]) {
      vi.advanceTimersByTime(59);
      await expect.element(input).toHaveValue(String(value - 1));
      vi.advanceTimersByTime(1);
      await expect.element(input).toHaveValue(String(value));
    }
    await userEvent.pointer("[/MouseLeft]");
    const released = (input.element() as HTMLInputElement).value;
    vi.advanceTimersByTime(1000);
    await expect.element(input).toHaveValue(released);
  } finally {
    vi.useRealTimers();
  }
});

test("posts its number under its name with a plain form", async () => {
  const screen = await render(
    <form aria-label="購物車">
      <NumberField label="數量" name="quantity" min={1} defaultValue={1} />
    </form>,
  );
  const form = screen.getByRole("form", { name: "購物車" }).element() as HTMLFormElement;
  expect(new FormData(form).get("quantity")).toBe("1");
  await screen.getByRole("button", { name: "增加" }).click();
  await expect.poll(() => new FormData(form).get("quantity")).toBe("2");
});

test("follows a controlled value, and describes its error", async () => {
  const screen = await render(
    <>
      <NumberField label="數量" value={3} invalid aria-describedby="quantity-error" />
      <p id="quantity-error">輸入數值不得大於 2</p>
    </>,
  );
  const input = screen.getByRole("spinbutton", { name: "數量" });
  await expect.element(input).toHaveValue("3");
  await expect.element(input).toBeInvalid();
  await expect.element(input).toHaveAccessibleDescription("輸入數值不得大於 2");
  await screen.rerender(
    <>
      <NumberField label="數量" value={2} aria-describedby="quantity-error" />
      <p id="quantity-error">輸入數值不得大於 2</p>
    </>,
  );
  await expect.element(input).toHaveValue("2");
  await expect.element(input).not.toBeInvalid();
});

test("does nothing while disabled", async () => {
  const screen = await render(<NumberField label="數量" defaultValue={1} disabled />);
  await expect.element(screen.getByRole("spinbutton", { name: "數量" })).toBeDisabled();
  await expect.element(screen.getByRole("button", { name: "增加" })).toBeDisabled();
  await expect.element(screen.getByRole("button", { name: "減少" })).toBeDisabled();
  await expect.element(page.getByRole("spinbutton", { name: "數量" })).toHaveValue("1");
});
