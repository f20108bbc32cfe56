import { formatDateTime } from "@shiyi/contracts/dates";
import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type AccountDeletedData = {
  siteUrl: string;
  name: string;
  deletedAt: Date;
  /** Where the reader reaches us if it was not them: the contact page. */
  contactUrl: string;
};

/** Sent to the address of an account just deleted by its member: what went, and what is kept. */
export function accountDeletedMail({
  siteUrl,
  name,
  deletedAt,
  contactUrl,
}: AccountDeletedData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "您的食藝誌會員帳號已刪除",
    preheader: "帳號、常用地址與購物車已刪除；訂單與捐款紀錄依法保存。",
    heading: "會員帳號已刪除",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      {
        kind: "paragraph",
        text: `您的食藝誌會員帳號已於 ${formatDateTime(deletedAt)}（台灣時間）依您的要求刪除：帳號與密碼、常用地址、購物車及社群登入的連結都已刪除，所有裝置上的登入也已結束。`,
      },
      {
        kind: "paragraph",
        text: "依商業會計法與所得稅法，訂單、發票與捐款收據的紀錄須保存一定年限，這些紀錄不再與您的帳號連結；訂單確認信中的連結仍可查看訂單，捐款紀錄或收據副本請與我們聯絡。電子報訂閱不受影響，可由電子報中的連結取消。",
      },
      {
        kind: "paragraph",
        text: "如果這不是您本人的操作，請立即與我們聯絡。歡迎您隨時再加入。",
      },
      { kind: "action", label: "聯絡我們", url: contactUrl },
    ],
    reason: "您收到這封信，是因為您的食藝誌會員帳號剛剛刪除；這類帳號安全通知一律會寄送。",
  });
}
