import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  apiErrorSchema,
  contactCreatedSchema,
  contactReplies,
  contactSchema,
  messages,
} from "@shiyi/contracts";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import { clientAddress, clientNetwork } from "../lib/client-address.ts";
import { ApiError } from "../lib/errors.ts";
import type { RateLimitRule } from "../lib/rate-limit.ts";
import { likelyNextMessageId, receiveContactMessage } from "../services/contact.ts";
import { json } from "./specs.ts";

/** At most 5 messages in any 10 minutes from one address, and to one e-mail address. */
export const contactRateLimit: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };

export const contactRoutes = new OpenAPIHono<ApiEnv>();

contactRoutes.openapi(
  createRoute({
    method: "post",
    path: "/contact",
    tags: ["Site"],
    summary: "聯絡表單",
    description:
      "儲存一則來信，寄給主旨對應的信箱（回覆地址為寄件人）並寄一份副本給寄件人；寄信失敗時來信仍已儲存。`g_recaptcha_response` 未通過機器人驗證時回應 422。同一來源位址、同一電子郵件 10 分鐘內最多 5 則，超過時回應 429。`website` 是給機器人的陷阱欄位，人不會填：填了也回應 200，但不儲存、不寄信。",
    request: { body: { content: { "application/json": { schema: contactSchema } }, required: true } },
    responses: {
      201: json(contactCreatedSchema, "已收到來信"),
      200: json(z.object({ message: z.string() }), "陷阱欄位有值：回應同樣的感謝，但不儲存"),
      422: json(apiErrorSchema, "欄位格式不正確，或未通過機器人驗證"),
      429: json(apiErrorSchema, "送出次數過多"),
    },
  }),
  async (c) => {
    const { terms: _terms, website, g_recaptcha_response, ...message } = c.req.valid("json");
    const address = clientAddress(c);
    const tooMany = (retryAfterSeconds: number) => {
      c.header("retry-after", String(retryAfterSeconds));
      return c.json({ message: messages.tooManyRequests }, 429);
    };
    // Every try counts against the sender's address; only one past the captcha against the e-mail
    // address it names, so that failed tries from many places cannot silence someone's address.
    const network = clientNetwork(c);
    const bySender = await c.var.rateLimiter.consume(contactRateLimit, [
      network && `contact:address:${network}`,
    ]);
    if (!bySender.allowed) return tooMany(bySender.retryAfterSeconds);
    if (!(await c.var.shop.captcha.verify(g_recaptcha_response, address))) {
      throw new ApiError(422, contactReplies.captcha, { g_recaptcha_response: [contactReplies.captcha] });
    }
    const byEmail = await c.var.rateLimiter.consume(contactRateLimit, [
      `contact:email:${message.email.toLowerCase()}`,
    ]);
    if (!byEmail.allowed) return tooMany(byEmail.retryAfterSeconds);
    if (website) {
      c.var.logger.info("contact form honeypot filled: message not stored");
      return c.json({ data: { id: await likelyNextMessageId(c.var) }, message: contactReplies.sent }, 201);
    }
    const { id } = await receiveContactMessage(c.var, message);
    return c.json({ data: { id }, message: contactReplies.sent }, 201);
  },
);
