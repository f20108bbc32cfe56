import { createHash } from "node:crypto";
import { messages } from "@shiyi/contracts";
import { z } from "@hono/zod-openapi";
import { ApiError } from "./errors.ts";

/**
 * Creating an order or a gift is safe to send twice (the IETF's Idempotency-Key header, as
 * payment APIs do it). A form carries a key made for it; the web sends it as `Idempotency-Key`.
 * The first request with a key creates the order or the gift and keeps the key with a digest of
 * what was sent. A later request with the same key and the same content (a button pressed twice,
 * a request sent again after the network dropped its answer) gets that order or gift back, with
 * a new access token, instead of a second one; with other content it is refused (422).
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
 * and a password, whose digest would be kept beside the data an attacker needs to guess it.
 */
const unsigned = new Set(["g_recaptcha_response", "password"]);

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

/** A digest of what a request asked for (its validated body), to tell a repeat from a change. */
export const requestDigest = (body: unknown) => createHash("sha256").update(canonical(body)).digest("hex");

/**
 * Whether the request that brought `key` and `digest` repeats the one that made `row`: the same
 * content, and not a member's order or gift asked for by another member.
 */
export function checkRepeat(
  row: { idempotency_digest: string | null; member_id: number | null },
  { digest, memberId }: { digest: string; memberId?: number },
) {
  const otherMember = row.member_id !== null && memberId !== undefined && row.member_id !== memberId;
  if (row.idempotency_digest !== digest || otherMember) {
    throw new ApiError(422, messages.idempotencyMismatch);
  }
}
