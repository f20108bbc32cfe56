import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type VerifyEmailData = {
  siteUrl: string;
  name: string;
  /** The link that confirms the address. */
  verifyUrl: string;
  /** How long the link works, as the account service decides. */
  validHours: number;
};

/** Sent on registration: confirm the address to finish it. */
export function verifyEmailMail({ siteUrl, name, verifyUrl, validHours }: VerifyEmailData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "請驗證您的電子郵件地址",
    preheader: "點選信中的按鈕，完成食藝誌會員註冊。",
    heading: "驗證您的電子郵件地址",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      {
        kind: "paragraph",
        text: "感謝您註冊食藝誌會員。請點選下方按鈕，確認這是您的電子郵件地址，即可完成註冊。",
      },
      { kind: "action", label: "驗證電子郵件地址", url: verifyUrl },
      { kind: "note", text: `這個連結在 ${validHours} 小時內有效；過期後，請回到網站重新寄送驗證信。` },
      { kind: "note", text: "如果您沒有註冊食藝誌會員，請忽略這封信。" },
    ],
    reason: "您收到這封信，是因為有人以這個電子郵件地址註冊了食藝誌會員。",
  });
}
