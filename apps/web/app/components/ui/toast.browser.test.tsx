import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { createRoutesStub, Outlet } from "react-router";
import { ConfirmProvider, useConfirm } from "./confirm-dialog";
import { showToast, ToastProvider, useToast } from "./toast";
import type { ToastInput } from "./toast";

function Raise({ input, label = "通知我" }: { input: ToastInput; label?: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(input)}>
      {label}
    </button>
  );
}

const region = () => page.getByRole("region", { name: "通知" });
const toastNamed = (message: string) => region().getByRole("dialog", { name: message });

test("a toast shows its message and type in a polite live region", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ type: "success", message: "成功加入購物車" }} />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "通知我" }).click();

  await expect.element(toastNamed("成功加入購物車")).toBeVisible();
  await expect.element(toastNamed("成功加入購物車")).toHaveAttribute("data-type", "success");
  await expect.element(region()).toHaveAttribute("aria-live", "polite");
});

test("the first toast goes into a live region already on the page, so that it is announced", async () => {
  // What the region held when it joined the page, and the moment the message first showed.
  let regionJoinedWith: string | null | undefined;
  const observer = new MutationObserver(() => {
    const live = document.querySelector('[aria-label="通知"]');
    if (live && regionJoinedWith === undefined) regionJoinedWith = live.textContent;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  await render(
    <ToastProvider>
      <Raise input={{ type: "success", message: "成功加入購物車" }} />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "通知我" }).click();
  await expect.element(toastNamed("成功加入購物車")).toBeVisible();
  observer.disconnect();
  expect(regionJoinedWith).toBe("");
});

test("a danger toast is announced assertively", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ type: "danger", message: "移除項目發生錯誤" }} />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "通知我" }).click();

  await expect.element(page.getByRole("alert")).toHaveTextContent("移除項目發生錯誤");
  const visible = region().getByText("移除項目發生錯誤");
  await expect.element(visible).toBeVisible();
  // The on-screen copy is hidden from assistive tech while the alert speaks for it.
  await expect
    .element(region().getByRole("alertdialog", { includeHidden: true }))
    .toHaveAttribute("data-type", "danger");
});

test("each type has its own colour", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ type: "success", message: "已儲存" }} label="成功" />
      <Raise input={{ type: "danger", message: "已移除商品" }} label="危險" />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "成功" }).click();
  await page.getByRole("button", { name: "危險" }).click();

  const borderColour = (message: string) =>
    getComputedStyle(region().getByText(message).element().closest("[data-duration]")!).borderLeftColor;
  await expect.poll(() => borderColour("已儲存")).toBe("rgb(45, 106, 62)");
  await expect.poll(() => borderColour("已移除商品")).toBe("rgb(154, 59, 34)");
});

test("a toast is removed after its duration", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ message: "稍縱即逝", duration: 300 }} />
      <p style={{ position: "fixed", bottom: 0, left: 0 }}>頁面的其他地方</p>
    </ToastProvider>,
  );
  const startedAt = performance.now();
  await page.getByRole("button", { name: "通知我" }).click();
  await expect.element(toastNamed("稍縱即逝")).toBeVisible();
  await expect.element(toastNamed("稍縱即逝")).toHaveAttribute("data-duration", "300");
  // A pointer resting on a toast holds it open (at a phone's width it appears over the button):
  // the pointer moves on, as a reader's does.
  await userEvent.hover(page.getByText("頁面的其他地方"));

  await expect.poll(() => toastNamed("稍縱即逝").query(), { timeout: 2000 }).toBeNull();
  expect(performance.now() - startedAt).toBeGreaterThanOrEqual(300);
});

test("without a duration a toast stays the default 3000 ms", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ message: "預設時間" }} />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "通知我" }).click();

  await expect.element(toastNamed("預設時間")).toHaveAttribute("data-duration", "3000");
  await expect.element(toastNamed("預設時間")).toHaveAttribute("data-type", "info");
});

test("a toast repeating the latest one is skipped; a different one is added", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ type: "success", message: "成功更新購物車" }} label="更新" />
      <Raise input={{ type: "success", message: "成功加入購物車" }} label="加入" />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "更新" }).click();
  await page.getByRole("button", { name: "更新" }).click();
  await expect.element(toastNamed("成功更新購物車")).toBeVisible();
  expect(region().getByRole("dialog").elements()).toHaveLength(1);

  await page.getByRole("button", { name: "加入" }).click();
  await expect.element(toastNamed("成功加入購物車")).toBeVisible();
  expect(region().getByRole("dialog").elements()).toHaveLength(2);

  // The repeat is judged against the latest toast only.
  await page.getByRole("button", { name: "更新" }).click();
  await expect.poll(() => region().getByRole("dialog").elements()).toHaveLength(3);
});

test("the same text in another type is not a repeat", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ type: "success", message: "已更新" }} label="成功" />
      <Raise input={{ type: "warning", message: "已更新" }} label="注意" />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "成功" }).click();
  await page.getByRole("button", { name: "注意" }).click();

  await expect.poll(() => region().getByRole("dialog", { name: "已更新" }).elements()).toHaveLength(2);
});

test("a toast closed by its button can be raised again", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ message: "已複製連結", duration: 60_000 }} />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "通知我" }).click();
  // Base UI keeps the button out of the announcement until the toasts are hovered or focused.
  await toastNamed("已複製連結").hover();
  await toastNamed("已複製連結").getByRole("button", { name: "關閉" }).click();
  await expect.poll(() => toastNamed("已複製連結").query()).toBeNull();

  await page.getByRole("button", { name: "通知我" }).click();
  await expect.element(toastNamed("已複製連結")).toBeVisible();
});

test("F6 moves keyboard focus to the toasts", async () => {
  await render(
    <ToastProvider>
      <Raise input={{ message: "按 F6 前往通知", duration: 60_000 }} />
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "通知我" }).click();
  await expect.element(toastNamed("按 F6 前往通知")).toBeVisible();

  await userEvent.keyboard("{F6}");
  await expect.element(region()).toHaveFocus();
  await userEvent.keyboard("{Tab}");
  await expect.element(toastNamed("按 F6 前往通知")).toHaveFocus();
  await userEvent.keyboard("{Tab}");
  await expect.element(page.getByRole("button", { name: "關閉" })).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  await expect.poll(() => toastNamed("按 F6 前往通知").query()).toBeNull();
});

test("showToast works outside React", async () => {
  await render(<ToastProvider>頁面</ToastProvider>);
  showToast({ type: "danger", message: "發生錯誤，請稍後再試" });

  await expect.element(page.getByRole("alert")).toHaveTextContent("發生錯誤，請稍後再試");
});

test("a toast raised while the confirm dialog is open shows above it", async () => {
  function Ask() {
    const confirm = useConfirm();
    return (
      <button type="button" onClick={() => void confirm()}>
        刪除
      </button>
    );
  }
  await render(
    <ToastProvider>
      <ConfirmProvider>
        <Ask />
      </ConfirmProvider>
    </ToastProvider>,
  );
  await page.getByRole("button", { name: "刪除" }).click();
  await expect.element(page.getByRole("alertdialog", { name: "確認操作" })).toBeVisible();
  showToast({ message: "對話框上方的通知" });

  const toast = toastNamed("對話框上方的通知");
  await expect.element(toast).toBeVisible();
  const box = toast.element().getBoundingClientRect();
  const onTop = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  expect(toast.element().contains(onTop)).toBe(true);
});

test("a toast with a link leads there, stays longer, and closes when followed", async () => {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <ToastProvider>
          <Outlet />
        </ToastProvider>
      ),
      children: [
        {
          index: true,
          Component: () => (
            <Raise
              input={{
                type: "success",
                message: "成功加入購物車",
                link: { to: "/cart", label: "查看購物車" },
              }}
            />
          ),
        },
        { path: "cart", Component: () => <h1>購物車</h1> },
      ],
    },
  ]);
  await render(<Stub initialEntries={["/"]} />);
  await page.getByRole("button", { name: "通知我" }).click();

  await expect.element(toastNamed("成功加入購物車")).toHaveAttribute("data-duration", "6000");
  await toastNamed("成功加入購物車").hover();
  await region().getByRole("link", { name: "查看購物車" }).click();

  await expect.element(page.getByRole("heading", { name: "購物車" })).toBeVisible();
  await expect.poll(() => toastNamed("成功加入購物車").query(), { timeout: 2000 }).toBeNull();
});
