import { formatDateTime } from "@shiyi/contracts/dates";
import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type PasswordChangedData = {
  siteUrl: string;
  name: string;
  changedAt: Date;
  /** Where the reader reaches us if it was not them: the contact page. */
  contactUrl: string;
};

/** Sent after the password changed (reset or changed in the member area), to the account's address. */
export function passwordChangedMail({
  siteUrl,
  name,
  changedAt,
  contactUrl,
}: PasswordChangedData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "您的食藝誌密碼已變更",
    preheader: "如果這不是您本人的操作，請立即與我們聯絡。",
    heading: "密碼已變更",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      {
        kind: "paragraph",
        text: `您食藝誌帳號的密碼已於 ${formatDateTime(changedAt)}（台灣時間）變更。如果這是您本人的操作，無須再做任何事。`,
      },
      {
        kind: "paragraph",
        text: "如果您沒有變更密碼，可能有其他人正在使用您的帳號，請立即與我們聯絡，我們會協助您保護帳號安全。",
      },
      { kind: "action", label: "聯絡我們", url: contactUrl },
    ],
    reason: "您收到這封信，是因為您的食藝誌帳號密碼剛剛變更；這類帳號安全通知一律會寄送。",
  });
}
