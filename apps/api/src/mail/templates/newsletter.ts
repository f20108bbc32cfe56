import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type NewsletterConfirmData = {
  siteUrl: string;
  name?: string;
  /** The page that confirms the subscription. */
  confirmUrl: string;
  /** The one-click unsubscribe page. */
  unsubscribeUrl: string;
  validDays: number;
};

/** Double opt-in: follow the link to start receiving the newsletter. */
export function newsletterConfirmMail({
  siteUrl,
  name,
  confirmUrl,
  unsubscribeUrl,
  validDays,
}: NewsletterConfirmData): RenderedMail {
  return renderMail({
    siteUrl,
    unsubscribeUrl,
    subject: "請確認訂閱食藝誌電子報",
    preheader: "點選信中的按鈕，完成電子報訂閱。",
    heading: "確認訂閱電子報",
    blocks: [
      { kind: "paragraph", text: greeting(name ?? "") },
      {
        kind: "paragraph",
        text: "感謝您訂閱食藝誌電子報：新刊上市、專題與活動消息，將不定期寄到這個信箱。請點選下方按鈕，確認訂閱。",
      },
      { kind: "action", label: "確認訂閱", url: confirmUrl },
      { kind: "note", text: `這個連結在 ${validDays} 天內有效；過期後，請回到網站重新訂閱。` },
      { kind: "note", text: "如果您沒有訂閱食藝誌電子報，請忽略這封信，我們不會再寄信給您。" },
    ],
    reason: "您收到這封信，是因為有人以這個電子郵件地址訂閱了食藝誌電子報。",
  });
}
