import { z } from "./zod.ts";
import { email, maxLength, optionalField, requiredText } from "./validation.ts";

/*
 * The newsletter (SPEC §7 POST /subscribe), with double opt-in: a subscription stays pending until
 * the link mailed to the address is followed, and every newsletter mail can be left in one click.
 */

export const newsletterLimits = { email: 254, name: 50, token: 200 } as const;

/** Where a subscription was asked for: the site footer, the registration form, the checkout. */
export const newsletterSources = ["footer", "register", "checkout"] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

/** POST /subscribe; also the footer's form. */
export const subscribeSchema = z.object({
  email: email().check(maxLength(newsletterLimits.email)),
  name: optionalField(z.string().trim().check(maxLength(newsletterLimits.name))),
  source: optionalField(z.enum(newsletterSources)),
});
export type SubscribeInput = z.input<typeof subscribeSchema>;
export type SubscribeRequest = z.output<typeof subscribeSchema>;

/** POST /subscribe/confirm and POST /subscribe/unsubscribe: the token of the mailed link. */
export const newsletterTokenSchema = z.object({
  token: requiredText().check(maxLength(newsletterLimits.token)),
});

export const newsletterReplies = {
  /** The same answer whatever the address: it never tells who is subscribed. */
  pending: "感謝訂閱！確認信已寄至您的信箱，請點選信中的連結完成訂閱。",
  confirmed: "訂閱完成，感謝您訂閱食藝誌電子報！",
  confirmInvalid: "確認連結無效或已過期，請重新訂閱。",
  unsubscribed: "已取消訂閱，您將不再收到食藝誌電子報。",
  unsubscribeInvalid: "取消訂閱連結無效，請確認連結是否完整。",
} as const;
