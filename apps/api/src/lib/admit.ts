import type { Context } from "hono";
import { messages } from "@shiyi/contracts";
import type { ApiEnv } from "../app-env.ts";
import { clientNetwork } from "./client-address.ts";
import { ApiError } from "./errors.ts";
import type { RateLimitRule } from "./rate-limit.ts";

/** How many new things (orders, gifts) one client network and one e-mail address may make. */
export type MakingLimits = { perAddress: RateLimitRule; perEmail: RateLimitRule };

/**
 * The check a request that makes something passes once it is known to make a new one (the second
 * send of an Idempotency-Key gives back the first and is not counted): one more under the client's
 * network and one more under the e-mail address it names, else 429 with the wait. Checked in
 * order, so a refusal by the network leaves the address uncounted.
 */
export const admitMaking =
  <E extends ApiEnv>(c: Context<E>, limits: MakingLimits, what: string, email: string) =>
  async () => {
    const network = clientNetwork(c);
    for (const [rule, key] of [
      [limits.perAddress, network && `${what}:address:${network}`],
      [limits.perEmail, `${what}:email:${email.toLowerCase()}`],
    ] as const) {
      const result = await c.var.rateLimiter.consume(rule, [key]);
      if (!result.allowed) {
        throw new ApiError(429, messages.tooManyRequests, undefined, {
          retryAfterSeconds: result.retryAfterSeconds,
        });
      }
    }
  };
