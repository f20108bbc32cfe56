import { z } from "./zod.ts";
import { messages } from "./messages.ts";
import { email, maxLength, optionalField, optionalPhone, requiredText, terms } from "./validation.ts";

/** What a message is about (SPEC §2 /contact, §7 POST /contact): the value posted, the label shown. */
export const contactTopics = [
  { value: "corrections", label: "內容勘誤" },
  { value: "orders", label: "訂閱與訂單" },
  { value: "donations", label: "捐款與收據" },
  { value: "advertising", label: "廣告與合作" },
  { value: "other", label: "其他" },
] as const;
export type ContactTopic = (typeof contactTopics)[number]["value"];

const topicValues = contactTopics.map((topic) => topic.value) as [ContactTopic, ...ContactTopic[]];

/** `email`: an address longer than 254 characters cannot be mailed (RFC 5321), as members' and subscribers'. */
export const contactLimits = { name: 50, email: 254, message: 2000 } as const;

/**
 * The contact form, validated alike in the browser, in the web's action and by the API.
 *
 * `website` is a honeypot: the form hides it from people (off-screen, out of the tab order) and
 * bots that fill every field fill it too. It is accepted here on purpose: a refusal would tell the
 * bot what gave it away, so the API answers a filled honeypot as it answers anyone (201, the
 * thanks and an id) and simply stores nothing.
 */
export const contactSchema = z.object({
  topic: z.enum(topicValues, { error: messages.required }),
  name: requiredText().check(maxLength(contactLimits.name)),
  email: email().check(maxLength(contactLimits.email)),
  mobile: optionalPhone(),
  message: requiredText({ multiline: true }).check(maxLength(contactLimits.message)),
  terms: terms(),
  website: optionalField(z.string()),
  /** The captcha's token (reCAPTCHA, or the local stand-in's fixed token). */
  g_recaptcha_response: optionalField(z.string().max(4000)),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

/** The API's answers to POST /contact. */
export const contactReplies = {
  sent: "感謝您的來信，我們會盡快回覆。",
  captcha: "請完成機器人驗證",
} as const;

export const contactCreatedSchema = z.object({
  data: z.object({ id: z.number().int() }),
  message: z.string(),
});
export type ContactCreated = z.infer<typeof contactCreatedSchema>;
