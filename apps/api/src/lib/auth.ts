import { memberMessages } from "@shiyi/contracts";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../app-env.ts";
import { verifyAccessToken } from "../services/tokens.ts";

/** The bearer token of a request, if it carries one. */
export const bearerToken = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];

/**
 * Calls for members only: without a valid, unrevoked access token the answer is 401 with the
 * message exactly `Unauthenticated.`, which clients answer with one refresh and one retry (SPEC §4).
 */
export const requireMember = createMiddleware<
  ApiEnv & { Variables: { member: { id: number; sessionId: string } } }
>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  const claims = token && (await verifyAccessToken(c.var.db, c.var.auth, token));
  if (!claims) {
    c.header("www-authenticate", 'Bearer realm="members"');
    c.header("cache-control", "no-store");
    return c.json({ message: memberMessages.unauthenticated }, 401);
  }
  c.set("member", { id: claims.memberId, sessionId: claims.sessionId });
  await next();
});

/**
 * Calls open to guests and members alike (checkout, an order's page): a request without a token
 * goes on as a guest; a token that is no longer good still gets 401, so the client refreshes it
 * rather than silently acting as a guest.
 */
export const optionalMember = createMiddleware<
  ApiEnv & { Variables: { member: { id: number; sessionId: string } | undefined } }
>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) {
    c.set("member", undefined);
    return next();
  }
  const claims = await verifyAccessToken(c.var.db, c.var.auth, token);
  if (!claims) {
    c.header("www-authenticate", 'Bearer realm="members"');
    c.header("cache-control", "no-store");
    return c.json({ message: memberMessages.unauthenticated }, 401);
  }
  c.set("member", { id: claims.memberId, sessionId: claims.sessionId });
  await next();
});
