import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type PasswordResetData = {
  siteUrl: string;
  name: string;
  /** The link to the page that sets a new password. */
  resetUrl: string;
  /** How long the link works, as the account service decides (one hour). */
  validHours: number;
};

/** Sent when someone asks to reset the password of this address's account. */
export function passwordResetMail({ siteUrl, name, resetUrl, validHours }: PasswordResetData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "重設您的食藝誌密碼",
    preheader: `點選信中的按鈕設定新密碼，連結在 ${validHours} 小時內有效。`,
    heading: "重設密碼",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      { kind: "paragraph", text: "我們收到了重設您食藝誌帳號密碼的要求。請點選下方按鈕，設定新的密碼。" },
      { kind: "action", label: "設定新密碼", url: resetUrl },
      { kind: "note", text: `這個連結在 ${validHours} 小時內有效；過期後，請回到網站重新申請。` },
      { kind: "note", text: "如果您沒有申請重設密碼，請忽略這封信，您的密碼不會有任何變更。" },
    ],
    reason: "您收到這封信，是因為有人在食藝誌為這個電子郵件地址申請了重設密碼。",
  });
}
