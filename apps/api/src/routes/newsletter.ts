import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  apiErrorSchema,
  messages,
  messageSchema,
  newsletterReplies,
  newsletterTokenSchema,
  subscribeSchema,
} from "@shiyi/contracts";
import type { Context } from "hono";
import type { ApiEnv } from "../app-env.ts";
import { clientNetwork } from "../lib/client-address.ts";
import type { RateLimitRule } from "../lib/rate-limit.ts";
import {
  confirmSubscription,
  requestSubscription,
  unsubscribe,
  type NewsletterDeps,
} from "../services/newsletter.ts";
import { json } from "./specs.ts";

/** As the contact form: at most 5 requests in any 10 minutes from one address, and for one e-mail address. */
export const subscribeRateLimit: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };
/** Following links: generous for people, a wall for guessing tokens. */
export const newsletterLinkRateLimit: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };

export const newsletterRoutes = new OpenAPIHono<ApiEnv>();

const deps = (c: Context<ApiEnv>): NewsletterDeps => ({
  db: c.var.db,
  auth: c.var.auth,
  mailer: c.var.mailer,
  logger: c.var.logger,
});

const tooMany = (c: Context<ApiEnv>, retryAfterSeconds: number) => {
  c.header("retry-after", String(retryAfterSeconds));
  return c.json({ message: messages.tooManyRequests }, 429);
};

const tooManyResponse = { 429: json(apiErrorSchema, "次數過多，請稍後再試（Retry-After 標頭為秒數）") };

newsletterRoutes.openapi(
  createRoute({
    method: "post",
    path: "/subscribe",
    tags: ["Site"],
    summary: "訂閱電子報",
    description:
      "雙重確認：新的或已取消的訂閱存為待確認，並寄出確認信（連結 7 天內有效，信中附一鍵取消訂閱連結與 List-Unsubscribe 標頭）；已確認的訂閱不變、不再寄信。無論電子郵件是否已訂閱，回應都相同。同一來源位址、同一電子郵件 10 分鐘內最多 5 次。",
    request: { body: { content: { "application/json": { schema: subscribeSchema } }, required: true } },
    responses: {
      200: json(messageSchema, "已受理：請至信箱確認"),
      422: json(apiErrorSchema, "欄位格式不正確"),
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const request = c.req.valid("json");
    const address = clientNetwork(c);
    const limit = await c.var.rateLimiter.consume(subscribeRateLimit, [
      address && `subscribe:address:${address}`,
      `subscribe:email:${request.email.toLowerCase()}`,
    ]);
    if (!limit.allowed) return tooMany(c, limit.retryAfterSeconds);
    await requestSubscription(deps(c), request);
    return c.json({ message: newsletterReplies.pending }, 200);
  },
);

/** Counts one use of a mailed link from this address; the wait when there were too many. */
async function linkRefused(c: Context<ApiEnv>, call: string) {
  const address = clientNetwork(c);
  const limit = await c.var.rateLimiter.consume(newsletterLinkRateLimit, [
    address && `subscribe:${call}:address:${address}`,
  ]);
  return limit.allowed ? undefined : limit.retryAfterSeconds;
}

newsletterRoutes.openapi(
  createRoute({
    method: "post",
    path: "/subscribe/confirm",
    tags: ["Site"],
    summary: "確認訂閱電子報",
    description:
      "以確認信連結中的 token 啟用訂閱。連結在有效期間內可重複使用，不會再有變化；取消訂閱後失效。",
    request: {
      body: { content: { "application/json": { schema: newsletterTokenSchema } }, required: true },
    },
    responses: {
      200: json(messageSchema, "訂閱已確認"),
      422: json(apiErrorSchema, "連結無效或已過期"),
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const retryAfter = await linkRefused(c, "confirm");
    if (retryAfter) return tooMany(c, retryAfter);
    await confirmSubscription(c.var.db, c.req.valid("json").token);
    return c.json({ message: newsletterReplies.confirmed }, 200);
  },
);

newsletterRoutes.openapi(
  createRoute({
    method: "post",
    path: "/subscribe/unsubscribe",
    tags: ["Site"],
    summary: "取消訂閱電子報",
    description: "以電子報信中取消訂閱連結的 token 取消訂閱；已取消時回應相同。",
    request: {
      body: { content: { "application/json": { schema: newsletterTokenSchema } }, required: true },
    },
    responses: {
      200: json(messageSchema, "已取消訂閱"),
      422: json(apiErrorSchema, "連結無效"),
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const retryAfter = await linkRefused(c, "unsubscribe");
    if (retryAfter) return tooMany(c, retryAfter);
    await unsubscribe(deps(c), c.req.valid("json").token);
    return c.json({ message: newsletterReplies.unsubscribed }, 200);
  },
);
