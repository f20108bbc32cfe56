import { contactTopics, type ContactMessage } from "@shiyi/contracts";
import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type ContactMailData = {
  siteUrl: string;
  /** The stored message's number, to find it again. */
  id: number;
  message: Omit<ContactMessage, "terms" | "website" | "g_recaptcha_response">;
};

const topicLabel = (topic: ContactMessage["topic"]) =>
  contactTopics.find((entry) => entry.value === topic)?.label ?? topic;

/** To the topic's inbox: the message as written; a reply (Reply-To) goes to the sender. */
export function contactInboxMail({ siteUrl, id, message }: ContactMailData): RenderedMail {
  const topic = topicLabel(message.topic);
  return renderMail({
    siteUrl,
    replyable: true,
    // No space between Chinese words (陳大文的來信); a name in Latin letters keeps one (Maria Chen 的來信).
    subject: `【${topic}】${message.name}${/[\p{Script=Latin}\d.]$/u.test(message.name) ? " " : ""}的來信（#${id}）`,
    preheader: message.message.slice(0, 80),
    heading: `網站來信：${topic}`,
    blocks: [
      {
        kind: "details",
        rows: [
          { label: "編號", value: `#${id}` },
          { label: "主旨", value: topic },
          { label: "姓名", value: message.name },
          { label: "電子郵件", value: message.email },
          ...(message.mobile ? [{ label: "手機", value: message.mobile }] : []),
        ],
      },
      { kind: "quote", text: message.message },
      { kind: "note", text: "直接回覆這封信，即可回信給寄件人。" },
    ],
    reason: "您收到這封信，是因為有讀者透過食藝誌網站的聯絡表單來信。",
  });
}

/** To the sender: we have it, and what they wrote. */
export function contactCopyMail({ siteUrl, id, message }: ContactMailData): RenderedMail {
  // The address is whatever the form was given: the mail repeats nothing the sender typed (name or
  // message), so that the form cannot be used to send someone a text of one's own from our domain.
  return renderMail({
    siteUrl,
    subject: `我們已收到您的來信（#${id}）`,
    preheader: "感謝您的來信，我們會在服務時間內盡快回覆。",
    heading: "我們已收到您的來信",
    blocks: [
      { kind: "paragraph", text: greeting("") },
      {
        kind: "paragraph",
        text: `感謝您透過食藝誌網站來信（${topicLabel(message.topic)}，編號 #${id}）。我們將在服務時間（週一至週五 09:00~17:30）內盡快以電子郵件回覆您；如需補充，請再次透過網站的聯絡表單來信並註明編號。`,
      },
      { kind: "note", text: "如果您沒有填寫這份表單，請忽略這封信。" },
    ],
    reason: "您收到這封信，是因為有人以這個電子郵件地址在食藝誌網站留言。",
  });
}
