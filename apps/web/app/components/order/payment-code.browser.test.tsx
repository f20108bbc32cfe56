import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { UnpaidNotice } from "./payment-code";

test("an unpaid order or gift says what it is, and after a failed attempt ECPay's words instead", async () => {
  await render(
    <UnpaidNotice failure={null} title="捐款資料已建立，尚未付款">
      完成付款後，捐款才會成立。
    </UnpaidNotice>,
  );
  const notice = page.getByRole("status");
  await expect.element(notice).toHaveTextContent("捐款資料已建立，尚未付款完成付款後，捐款才會成立。");

  await render(<UnpaidNotice failure="交易失敗。" title="訂單已成立，尚未付款" />);
  await expect.element(page.getByRole("status").last()).toHaveTextContent("付款未完成綠界回覆：交易失敗。");
});
