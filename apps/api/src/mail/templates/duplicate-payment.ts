import { formatDateTime } from "@shiyi/contracts/dates";
import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type DuplicatePaymentData = {
  siteUrl: string;
  kind: "order" | "donation";
  /** The order's or gift's number. */
  number: string;
  merchantTradeNo: string;
  /** ECPay's TradeNo of the payment to refund (of the schedule's first payment for a later charge). */
  tradeNo?: string | undefined;
  /** A later charge of a card schedule: its authorization serial. */
  gwsr?: string | undefined;
  amount: number;
  paidAt: Date;
  /** A periodic gift's extra schedule: whether ECPay confirmed it stopped (undefined: not a schedule). */
  scheduleStopped?: boolean;
};

/**
 * To the orders' or donations' inbox: ECPay took money for an order or gift that another attempt
 * had already paid (two payment pages left open, both paid). The site records no second sale or
 * gift; a person refunds it in ECPay's back office.
 */
export function duplicatePaymentMail(data: DuplicatePaymentData): RenderedMail {
  const what = data.kind === "order" ? "訂單" : "捐款";
  const amount = `NT$ ${data.amount.toLocaleString("en-US")}`;
  return renderMail({
    siteUrl: data.siteUrl,
    subject: `【重複付款待退款】${what} ${data.number}（${amount}）`,
    preheader: `${what} ${data.number} 已付清，綠界又通知了一筆付款，請辦理退款。`,
    heading: "收到一筆重複付款",
    blocks: [
      {
        kind: "paragraph",
        text: `${what} ${data.number} 已由另一筆交易付清，綠界又通知了下面這筆付款。網站沒有把它記為新的${data.kind === "order" ? "銷售" : "捐款"}；請到綠界廠商管理後台為這筆交易辦理退款（信用卡為取消授權或退刷），並告知付款人。`,
      },
      {
        kind: "details",
        rows: [
          { label: what, value: data.number },
          ...(data.tradeNo ? [{ label: "綠界交易編號", value: data.tradeNo }] : []),
          { label: "特店交易編號", value: data.merchantTradeNo },
          ...(data.gwsr ? [{ label: "定期定額授權單號", value: data.gwsr }] : []),
          { label: "金額", value: amount },
          { label: "付款時間", value: formatDateTime(data.paidAt) },
        ],
      },
      ...(data.scheduleStopped === undefined
        ? []
        : [
            {
              kind: "note" as const,
              text: data.scheduleStopped
                ? "這筆付款開啟的定期定額扣款已向綠界停止，不會再扣款。"
                : "向綠界停止這筆付款開啟的定期定額扣款沒有成功：請在後台手動停止，以免繼續扣款。",
            },
          ]),
    ],
    reason: `您收到這封信，是因為這個信箱是網站設定的${what}信箱。`,
  });
}

export type DuplicatePaymentNoticeData = {
  siteUrl: string;
  kind: "order" | "donation";
  number: string;
  /** The buyer's or donor's name. */
  name: string;
  amount: number;
  paidAt: Date;
  /** An order's page (its mail key's link); a gift has none to show a guest. */
  viewUrl?: string;
};

/**
 * To the buyer or donor whose order or gift was paid twice: the second payment was received, is
 * not a second sale or gift, and will be returned. Without it, the person sees two charges and
 * only a page that says 付款完成.
 */
export function duplicatePaymentNoticeMail(data: DuplicatePaymentNoticeData): RenderedMail {
  const what = data.kind === "order" ? "訂單" : "捐款";
  const amount = `NT$ ${data.amount.toLocaleString("en-US")}`;
  return renderMail({
    siteUrl: data.siteUrl,
    subject: `${what} ${data.number} 收到重複付款，將為您退款`,
    preheader: `${formatDateTime(data.paidAt)} 的 ${amount} 為重複付款，我們會為您退款。`,
    heading: "我們收到一筆重複付款",
    blocks: [
      { kind: "paragraph", text: greeting(data.name) },
      {
        kind: "paragraph",
        text: `${what} ${data.number} 已經付清，綠界又通知我們收到下面這筆付款，可能是同時開啟了兩個付款頁面。這筆款項不會成立新的${data.kind === "order" ? "訂單" : "捐款"}，我們會在綠界為您辦理退款（信用卡為取消授權或退刷），完成後另行通知。`,
      },
      {
        kind: "details",
        rows: [
          { label: what, value: data.number },
          { label: "重複付款金額", value: amount },
          { label: "付款時間", value: formatDateTime(data.paidAt) },
        ],
      },
      {
        kind: "note",
        text: "信用卡退刷入帳的時間依各發卡銀行作業而定；ATM 轉帳或超商代碼繳費的款項，我們會來信請您提供退款帳戶。如有疑問，請直接回覆這封信，或透過網站的「聯絡我們」與我們聯繫。",
      },
      ...(data.viewUrl ? [{ kind: "action" as const, label: "查看訂單", url: data.viewUrl }] : []),
    ],
    reason: `您收到這封信，是因為您為${what} ${data.number} 付款。`,
    // Sent with Reply-To the orders' or donations' inbox: a reply reaches the people who refund.
    replyable: true,
  });
}
