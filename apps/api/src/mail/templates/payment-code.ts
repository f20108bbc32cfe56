import { formatDateTime } from "@shiyi/contracts/dates";
import { bankLabel } from "@shiyi/contracts";
import type { StoredPaymentCode } from "../../db/schema.ts";
import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type PaymentCodeData = {
  siteUrl: string;
  kind: "order" | "donation";
  /** The order's or gift's number. */
  number: string;
  name: string;
  amount: number;
  code: StoredPaymentCode;
  /** The order's page, to open from this mail in any browser (an order's mail only). */
  viewUrl?: string;
  /** Who signs the footer (a gift's mail: the foundation). */
  sender?: string;
};

const money = (amount: number) => `NT$ ${amount.toLocaleString("en-US")}`;

/**
 * Sent when ECPay issues an ATM account or a convenience-store code: what to pay, where and by
 * when. A guest may have only this mail to find it again (the result page needs their browser).
 */
export function paymentCodeMail({
  siteUrl,
  kind,
  number,
  name,
  amount,
  code,
  viewUrl,
  sender,
}: PaymentCodeData): RenderedMail {
  const what = kind === "order" ? "訂單" : "捐款";
  const how = code.method === "atm" ? "的 ATM 轉帳資訊" : "的超商繳費代碼";
  const deadline = code.expire_at ? formatDateTime(new Date(code.expire_at)) : undefined;
  const codeRows =
    code.method === "atm"
      ? [
          { label: "銀行代碼", value: code.bank_code ? bankLabel(code.bank_code) : "" },
          { label: "轉帳帳號", value: code.account ?? "" },
        ]
      : [{ label: "繳費代碼", value: code.payment_no ?? "" }];
  return renderMail({
    siteUrl,
    sender,
    subject: `${what} ${number} ${how}`,
    preheader: `請於${deadline ? ` ${deadline} 前` : "繳費期限內"}完成付款 ${money(amount)}。`,
    heading: code.method === "atm" ? "請以 ATM 轉帳付款" : "請至超商繳費",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      {
        kind: "paragraph",
        text:
          kind === "order"
            ? "感謝您的訂購。請於繳費期限前以下列資訊完成付款，我們收到款項後會寄信通知，並開始為您出貨。"
            : "感謝您的支持。請於繳費期限前以下列資訊完成捐款，款項入帳後我們會寄上感謝信。",
      },
      {
        kind: "details",
        rows: [
          { label: `${what}編號`, value: number },
          { label: "應付金額", value: money(amount) },
          ...codeRows,
          ...(deadline ? [{ label: "繳費期限", value: deadline }] : []),
        ],
      },
      ...(viewUrl ? [{ kind: "action" as const, label: "查看訂單", url: viewUrl }] : []),
      {
        kind: "note",
        text: [
          code.method === "atm" ? "" : "請向超商店員出示繳費代碼，或於多媒體機台輸入代碼列印繳費單。",
          kind === "order"
            ? "逾期未付款，這筆訂單將自動取消。"
            : "逾期後這組繳費資訊即失效；如仍願意捐款，請重新填寫捐款表單。",
          code.method === "atm"
            ? "本站不會以電話或簡訊要求您操作 ATM，如接獲可疑來電，請撥打 165 反詐騙專線。"
            : "",
        ].join(""),
      },
    ],
    reason: `您收到這封信，是因為您在食藝誌網站選擇以${code.method === "atm" ? " ATM 轉帳" : "超商代碼"}付款。`,
  });
}
