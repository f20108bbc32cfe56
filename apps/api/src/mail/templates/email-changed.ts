import { formatDateTime } from "@shiyi/contracts/dates";
import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type EmailChangedData = {
  siteUrl: string;
  name: string;
  /** The address the account uses now. */
  newEmail: string;
  changedAt: Date;
  /** Where the reader reaches us if it was not them: the contact page. */
  contactUrl: string;
};

/** Sent to the address an account used until it moved to another: the last word to this mailbox. */
export function emailChangedMail({
  siteUrl,
  name,
  newEmail,
  changedAt,
  contactUrl,
}: EmailChangedData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "您的食藝誌會員電子郵件已變更",
    preheader: "如果這不是您本人的操作，請立即與我們聯絡。",
    heading: "電子郵件已變更",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      {
        kind: "paragraph",
        text: `您食藝誌帳號的電子郵件已於 ${formatDateTime(changedAt)}（台灣時間）變更為 ${newEmail}。之後請以新的電子郵件登入，帳號與新的訂單、捐款通知都會寄到那裡；已成立的訂單與進行中的定期捐款，仍寄到當時填寫的電子郵件。`,
      },
      {
        kind: "paragraph",
        text: "如果您沒有變更電子郵件，可能有其他人正在使用您的帳號，請立即與我們聯絡，我們會協助您取回帳號。",
      },
      { kind: "action", label: "聯絡我們", url: contactUrl },
    ],
    reason: "您收到這封信，是因為您的食藝誌帳號剛剛改用了其他電子郵件；這類帳號安全通知一律會寄送。",
  });
}
