import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { isSmoothScrollStopped } from "~/lib/smooth-scroll";
import { ConfirmProvider, useConfirm } from "./confirm-dialog";
import type { ConfirmOptions } from "./confirm-dialog";

/** A button that asks for confirmation and records each answer. */
function Ask({
  options,
  answers,
  label = "刪除",
}: {
  options?: ConfirmOptions;
  answers: boolean[];
  label?: string;
}) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => answers.push(await confirm(options))}>
      {label}
    </button>
  );
}

async function renderAsk(options?: ConfirmOptions) {
  const answers: boolean[] = [];
  await render(
    <ConfirmProvider>
      <Ask options={options} answers={answers} />
    </ConfirmProvider>,
  );
  await page.getByRole("button", { name: "刪除" }).click();
  return answers;
}

const dialog = (name = "確認操作") => page.getByRole("alertdialog", { name });

test("shows the default title, message and buttons", async () => {
  await renderAsk();

  await expect.element(dialog()).toBeVisible();
  await expect.element(dialog()).toHaveAccessibleDescription("確定要執行此操作嗎？");
  await expect.element(dialog().getByRole("button", { name: "取消" })).toBeVisible();
  await expect.element(dialog().getByRole("button", { name: "確認" })).toBeVisible();
});

test("the action resolves true", async () => {
  const answers = await renderAsk();
  await dialog().getByRole("button", { name: "確認" }).click();

  await expect.poll(() => answers).toEqual([true]);
  await expect.poll(() => dialog().query()).toBeNull();
});

test("cancel resolves false", async () => {
  const answers = await renderAsk();
  await dialog().getByRole("button", { name: "取消" }).click();

  await expect.poll(() => answers).toEqual([false]);
  await expect.poll(() => dialog().query()).toBeNull();
});

test("Escape resolves false", async () => {
  const answers = await renderAsk();
  await expect.element(dialog()).toBeVisible();
  await userEvent.keyboard("{Escape}");

  await expect.poll(() => answers).toEqual([false]);
  await expect.poll(() => dialog().query()).toBeNull();
});

test("custom texts replace the defaults, and the type colours the action", async () => {
  await renderAsk({
    type: "danger",
    title: "移除商品",
    message: "確定要移除此商品嗎？",
    cancelText: "保留",
    actionText: "移除",
  });

  await expect.element(dialog("移除商品")).toHaveAccessibleDescription("確定要移除此商品嗎？");
  await expect.element(dialog("移除商品").getByRole("button", { name: "保留" })).toBeVisible();
  const action = dialog("移除商品").getByRole("button", { name: "移除" });
  await expect.element(action).toBeVisible();
  expect(getComputedStyle(action.element()).backgroundColor).toBe("rgb(154, 59, 34)");
});

test("without a cancel button only the action closes it", async () => {
  const answers = await renderAsk({
    title: "請重新登入",
    message: "登入時效已過，請重新登入！",
    hideCancel: true,
  });
  const notice = dialog("請重新登入");
  await expect.element(notice).toHaveAccessibleDescription("登入時效已過，請重新登入！");
  expect(notice.getByRole("button").elements()).toHaveLength(1);
  await expect.element(notice.getByRole("button", { name: "確認" })).toHaveFocus();

  await userEvent.keyboard("{Escape}");
  await expect.element(notice).toBeVisible();
  expect(answers).toEqual([]);

  await notice.getByRole("button", { name: "確認" }).click();
  await expect.poll(() => answers).toEqual([true]);
});

test("smooth scrolling stops while open and restarts after", async () => {
  expect(isSmoothScrollStopped()).toBe(false);
  await renderAsk();
  await expect.element(dialog()).toBeVisible();
  expect(isSmoothScrollStopped()).toBe(true);

  await dialog().getByRole("button", { name: "確認" }).click();
  await expect.poll(() => isSmoothScrollStopped()).toBe(false);
});

test("sits above the page: popup z-index 500, at most 94vw wide; backdrop z-index 200", async () => {
  await renderAsk();
  await expect.element(dialog()).toBeVisible();

  const popup = getComputedStyle(dialog().element());
  expect(popup.zIndex).toBe("500");
  expect(parseFloat(popup.maxWidth)).toBeCloseTo(window.innerWidth * 0.94, 0);
  expect(dialog().element().getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth * 0.94);

  // The backdrop has no role or text: it is the open presentational layer of the dialog's portal.
  const backdrop = dialog()
    .element()
    .closest("[data-base-ui-portal]")
    ?.querySelector<HTMLElement>(":scope > [role=presentation][data-open]");
  expect(backdrop, "the backdrop").toBeInstanceOf(HTMLElement);
  expect(getComputedStyle(backdrop!).zIndex).toBe("200");
  expect(getComputedStyle(backdrop!).position).toBe("fixed");
});

test("focus moves into the dialog, stays there, and returns to the opener", async () => {
  await renderAsk();
  const opener = page.getByRole("button", { name: "刪除" });
  await expect.element(dialog().getByRole("button", { name: "取消" })).toHaveFocus();

  await userEvent.keyboard("{Tab}");
  await expect.element(dialog().getByRole("button", { name: "確認" })).toHaveFocus();
  await userEvent.keyboard("{Tab}");
  await expect.element(dialog().getByRole("button", { name: "取消" })).toHaveFocus();

  await userEvent.keyboard("{Escape}");
  await expect.element(opener).toHaveFocus();
});

test("confirms asked at once are shown one after another", async () => {
  const answers: boolean[] = [];
  function AskTwice() {
    const confirm = useConfirm();
    return (
      <button
        type="button"
        onClick={() => {
          void confirm({ title: "第一則" }).then((ok) => answers.push(ok));
          void confirm({ title: "第二則" }).then((ok) => answers.push(ok));
        }}
      >
        詢問兩次
      </button>
    );
  }
  await render(
    <ConfirmProvider>
      <AskTwice />
    </ConfirmProvider>,
  );
  await page.getByRole("button", { name: "詢問兩次" }).click();

  await expect.element(dialog("第一則")).toBeVisible();
  expect(dialog("第二則").query()).toBeNull();
  await dialog("第一則").getByRole("button", { name: "確認" }).click();

  await expect.element(dialog("第二則")).toBeVisible();
  expect(isSmoothScrollStopped()).toBe(true);
  await dialog("第二則").getByRole("button", { name: "取消" }).click();

  await expect.poll(() => answers).toEqual([true, false]);
  await expect.poll(() => dialog("第二則").query()).toBeNull();
  expect(isSmoothScrollStopped()).toBe(false);
});
