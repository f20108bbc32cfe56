import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type ConfirmDeletionData = {
  siteUrl: string;
  name: string;
  /** The page that deletes the account when its button is pressed. */
  confirmUrl: string;
  /** How long the link works (one hour). */
  validHours: number;
};

/**
 * Sent when a member without a password (signed up with Google, Facebook or LINE) asks to delete
 * the account: the mailbox confirms it, in place of the password others type.
 */
export function confirmDeletionMail({
  siteUrl,
  name,
  confirmUrl,
  validHours,
}: ConfirmDeletionData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "確認刪除您的食藝誌會員帳號",
    preheader: `點選信中的按鈕完成刪除，連結在 ${validHours} 小時內有效。`,
    heading: "確認刪除帳號",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      {
        kind: "paragraph",
        text: "我們收到了刪除您食藝誌會員帳號的要求。點選下方按鈕並在頁面上確認後，帳號、常用地址、購物車及社群登入的連結都會刪除，且無法復原。",
      },
      { kind: "action", label: "前往確認刪除", url: confirmUrl },
      { kind: "note", text: `這個連結在 ${validHours} 小時內有效，只能使用一次。` },
      { kind: "note", text: "如果您沒有申請刪除帳號，請忽略這封信，您的帳號不會有任何變更。" },
    ],
    reason: "您收到這封信，是因為有人在食藝誌的會員中心為這個帳號申請了刪除。",
  });
}
