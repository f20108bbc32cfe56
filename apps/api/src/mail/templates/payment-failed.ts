import { formatDateTime } from "@shiyi/contracts/dates";
import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type PaymentFailedData = {
  siteUrl: string;
  number: string;
  name: string;
  amount: number;
  /** ECPay's word on why the payment failed. */
  reason: string;
  /** How the order is paid: only a card may be swapped for another one. */
  paymentMethod: "credit" | "atm" | "cvs";
  /** Until when the order holds its items. */
  heldUntil: Date | null;
  /** The order's page, opened from this mail in any browser: it offers 重新付款. */
  viewUrl: string;
};

/**
 * Sent when an order's payment fails (a card declined, a code not issued): the order is still there and payable, and this
 * mail is how a guest finds it again after closing the browser (the order page needs their cookie).
 */
export function paymentFailedMail(data: PaymentFailedData): RenderedMail {
  const amount = `NT$ ${data.amount.toLocaleString("en-US")}`;
  const until = data.heldUntil ? `，商品為您保留至 ${formatDateTime(data.heldUntil)}` : "";
  return renderMail({
    siteUrl: data.siteUrl,
    subject: `訂單 ${data.number} 尚未完成付款`,
    preheader: `付款沒有成功（${data.reason}）${until}，可隨時重新付款。`,
    heading: "付款沒有成功",
    blocks: [
      { kind: "paragraph", text: greeting(data.name) },
      {
        kind: "paragraph",
        text: `訂單 ${data.number}（${amount}）的付款沒有成功：${data.reason}。訂單仍然有效${until}；您可以從下面的連結重新付款${data.paymentMethod === "credit" ? "，也可以改用其他信用卡" : ""}。`,
      },
      { kind: "action", label: "查看訂單並重新付款", url: data.viewUrl },
      {
        kind: "note",
        text: "若您已經重新付款成功，請忽略這封信；付款完成後會另外寄出確認信。",
      },
    ],
    reason: "您收到這封信，是因為您在食藝誌網站訂購了商品。",
  });
}
