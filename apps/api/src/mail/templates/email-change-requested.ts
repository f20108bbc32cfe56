import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type EmailChangeRequestedData = {
  siteUrl: string;
  name: string;
  /** The address the account would move to. */
  newEmail: string;
  /** The member page, whose 登出所有裝置 also calls the change off. */
  memberUrl: string;
};

/**
 * Sent to the account's address when a move to another is asked for: the owner learns of it while
 * it can still be stopped, since the move waits for the new mailbox.
 */
export function emailChangeRequestedMail({
  siteUrl,
  name,
  newEmail,
  memberUrl,
}: EmailChangeRequestedData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "有人申請變更您的食藝誌會員電子郵件",
    preheader: "如果這不是您本人的操作，可以在會員中心取消。",
    heading: "申請變更電子郵件",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      {
        kind: "paragraph",
        text: `我們收到將您食藝誌帳號的電子郵件改為 ${newEmail} 的申請。新的電子郵件確認後才會變更，在那之前帳號仍使用這個信箱。如果這是您本人的操作，無須再做任何事。`,
      },
      {
        kind: "paragraph",
        text: "如果您沒有申請，請登入會員中心變更密碼，或按「登出所有裝置」：這會結束所有登入，並取消這項變更。",
      },
      { kind: "action", label: "前往會員中心", url: memberUrl },
    ],
    reason:
      "您收到這封信，是因為有人在食藝誌的會員中心申請變更您帳號的電子郵件；這類帳號安全通知一律會寄送。",
  });
}
