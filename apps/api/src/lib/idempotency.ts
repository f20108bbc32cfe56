import { createHmac } from "node:crypto";
import { messages } from "@shiyi/contracts";
import { z } from "@hono/zod-openapi";
import { ApiError } from "./errors.ts";

/**
 * Creating an order or a gift is safe to send twice (the IETF's Idempotency-Key header, as
 * payment APIs do it). A form carries a key made for it; the web sends it as `Idempotency-Key`.
 * The first request with a key creates the order or the gift and keeps the key with a digest of
 * what was sent. A later request with the same key and the same content, from the same person (a
 * button pressed twice, a request sent again after the network dropped its answer), gets that
 * order or gift back with the same access token instead of a second one; with other content, or
 * from someone else, it is refused (422).
 */
export const idempotencyHeader = "idempotency-key";

/** The header, as routes validate and describe it. */
export const idempotencyHeaders = z.object({
  [idempotencyHeader]: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: messages.idempotencyKey })
    .optional()
    .openapi({
      description:
        "這份表單的識別碼（8 至 100 個英數字、- 或 _）：以同一識別碼與相同內容再送一次，回應原本建立的資料與新的 access_token，不會重複建立；內容不同則回應 422。",
    }),
});

/**
 * Fields left out of the digest: a captcha token differs each time it is sent (it is used once),
 * and the passwords, which are never to be kept in any form that could be guessed from.
 */
const unsigned = new Set(["g_recaptcha_response", "password", "password_confirmation"]);

/** JSON with keys in a fixed order, so that the same content always has the same digest. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([key, item]) => item !== undefined && !unsigned.has(key))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A digest of what a request asked for (its validated body), to tell a repeat from a change: an
 * HMAC with the server's secret, so that what is kept cannot be checked against guesses.
 */
export const requestDigest = (secret: string, body: unknown) =>
  createHmac("sha256", secret)
    .update(`idempotency:${canonical(body)}`)
    .digest("hex");

/**
 * The access token of the order or gift made with `key`: the same for every repeat, so that
 * answers to repeats sent at once all open it (a new token each time would leave all but the
 * last one shut out). Only the server can make it; a client learns it from an answer.
 */
export const keyedAccessToken = (secret: string, kind: "order" | "donation", key: string) =>
  createHmac("sha256", secret).update(`${kind}-access:${key}`).digest("base64url");

/**
 * Whether the request that brought `digest` repeats the one that made `row`: the same content,
 * from the same person — the same member, or a visitor again. A visitor who made an account with
 * the order (`registeredWithIt`) is that account's member.
 */
export function checkRepeat(
  row: { idempotency_digest: string | null; member_id: number | null },
  {
    digest,
    memberId,
    registeredWithIt = false,
  }: { digest: string; memberId?: number; registeredWithIt?: boolean },
) {
  const samePerson =
    row.member_id === null
      ? memberId === undefined
      : memberId === row.member_id || (memberId === undefined && registeredWithIt);
  if (row.idempotency_digest !== digest || !samePerson) {
    throw new ApiError(422, messages.idempotencyMismatch);
  }
}

/**
 * What a request with a key gets: the row made earlier with the key (`find`, which refuses a
 * request that is no repeat), else a new one (`make`). A repeat may also arrive while the first
 * request is still under way, seconds from its commit (a captcha check, the account it makes), and
 * be refused for what the first one used up: the captcha's one-time token, or what `usedUp` names
 * (which may look, for one, whether what is used up was used just now: a refusal for something
 * used long before is no sign of a first request under way, and is answered at once). It then asks
 * for the first's row again for a few seconds before it answers its own refusal.
 */
export async function oncePerKey<T>({
  find,
  make,
  usedUp,
}: {
  find: () => Promise<T | undefined>;
  make: () => Promise<T>;
  usedUp?: (error: ApiError) => boolean | Promise<boolean>;
}): Promise<T> {
  // Before the captcha: the repeat of a form carries the token its first sending used up.
  const earlier = await find();
  if (earlier) return earlier;
  try {
    return await make();
  } catch (error) {
    const firstUnderWay =
      error instanceof ApiError &&
      (error.errors?.g_recaptcha_response !== undefined || (await usedUp?.(error)));
    if (firstUnderWay) {
      const made = await awaitEarlier(find);
      if (made) return made;
    }
    throw error;
  }
}

async function awaitEarlier<T>(find: () => Promise<T | undefined>, waitMs = 3000, stepMs = 200) {
  for (let waited = 0; waited < waitMs; waited += stepMs) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    const earlier = await find();
    if (earlier) return earlier;
  }
  return undefined;
}
