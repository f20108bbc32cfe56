import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type ConfirmEmailChangeData = {
  siteUrl: string;
  name: string;
  /** The page that makes the change when its button is pressed. */
  confirmUrl: string;
  /** How long the link works (24 hours). */
  validHours: number;
};

/**
 * Sent to the new address a member asked for: the mailbox proves it is theirs before the account
 * moves to it. Until then the account keeps its address, and signs in with it.
 */
export function confirmEmailChangeMail({
  siteUrl,
  name,
  confirmUrl,
  validHours,
}: ConfirmEmailChangeData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "確認您的新電子郵件",
    preheader: `點選信中的按鈕完成變更，連結在 ${validHours} 小時內有效。`,
    heading: "確認新的電子郵件",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      {
        kind: "paragraph",
        text: "我們收到了將您食藝誌會員帳號的電子郵件改為這個信箱的要求。點選下方按鈕並在頁面上確認後，之後請以這個電子郵件登入，新的訂單與捐款通知也會寄到這裡。",
      },
      { kind: "action", label: "確認變更", url: confirmUrl },
      {
        kind: "note",
        text: `這個連結在 ${validHours} 小時內有效，只能使用一次。完成變更前，帳號仍使用原本的電子郵件。`,
      },
      { kind: "note", text: "如果您沒有申請變更，請忽略這封信，任何帳號都不會改用這個信箱。" },
    ],
    reason: "您收到這封信，是因為有人在食藝誌的會員中心申請將帳號的電子郵件改為這個信箱。",
  });
}
