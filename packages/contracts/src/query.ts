import { z } from "./zod.ts";
import { messages } from "./messages.ts";
import { requiredOrInvalid } from "./validation.ts";

/** A path slug or an id: ASCII letters and digits, CJK ideographs, `-` and `_` (no flags, so JSON Schema can use it). */
const slugPattern = /^[A-Za-z0-9_\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff-]+$/;
const slug = z
  .string()
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(200, { error: messages.maxLength(200) })
  .regex(slugPattern, { error: messages.invalidParams });

/** An empty filter (`?category=`) is no filter. */
const optionalSlug = z.preprocess((value) => (value === "" ? undefined : value), slug.optional());

/** Postgres `integer` ids: larger numbers cannot name a row. */
export const maxId = 2_147_483_647;

/**
 * A number sent as text (query, path, form) in decimal digits only: `0x10`, `1e1`, `+3` or ` 2`
 * are refused like any other non-number instead of being read by `Number()`. The JSON Schema is the
 * inner schema's.
 */
export const digits = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, context) => {
    // A parameter given twice (`?page=1&page=2`) is no number at all: which was meant cannot be said.
    if (Array.isArray(value)) {
      context.addIssue({ code: "custom", message: messages.invalidParams, input: value });
      return z.NEVER;
    }
    return typeof value === "string" && !/^\d+$/.test(value) ? Number.NaN : value;
  }, schema);

/** Digits too many for a number to hold exactly: they are a number, only too large. */
const tooLarge = (value: unknown) =>
  typeof value === "string" && /^\d{16,}$/.test(value) && !Number.isSafeInteger(Number(value));

export const positiveInt = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (tooLarge(value) ? String(Number.MAX_SAFE_INTEGER) : value),
    digits(
      z.coerce
        .number({ error: messages.numeric })
        .int({ error: messages.numeric })
        .min(1, { error: messages.min(1) })
        .max(max, { error: messages.max(max) })
        .default(fallback),
    ),
  );

/** Query of every list call: page 1, limit 999, status 1 by default (SPEC §7, §9). */
export const listQuery = z.object({
  page: positiveInt(1, 100_000),
  limit: positiveInt(999, 999),
  // Only 1: the public API has nothing else to show.
  status: positiveInt(1, 1),
});
export type ListQuery = z.infer<typeof listQuery>;

/** A member's own list (GET /orders/me): page 1 and ten a page by default, at most 100. */
export const memberListQuery = z.object({
  page: positiveInt(1, 100_000),
  limit: positiveInt(10, 100),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

/**
 * A member's gifts (GET /donations/me): a hundred a page by default, at most 500. Gifts are few
 * and the page that lists them works out the yearly receipts from all of them, so it asks for the most.
 */
export const donationListQuery = z.object({
  page: positiveInt(1, 100_000),
  limit: positiveInt(100, 500),
});
export type DonationListQuery = z.infer<typeof donationListQuery>;

/** News, columns and features also filter by category and author (id or path). */
export const articleListQuery = listQuery.extend({
  category: optionalSlug,
  author: optionalSlug,
});
export type ArticleListQuery = z.infer<typeof articleListQuery>;

/** `ids=1,2,3` on the magazines list. */
export const magazineListQuery = listQuery.extend({
  ids: z
    .string()
    .max(2000, { error: messages.maxLength(2000) })
    .regex(/^\d+(,\d+)*$/, { error: messages.numeric })
    .transform((value) => value.split(",").map(Number))
    .refine((ids) => ids.every((id) => id <= maxId), { error: messages.max(maxId) })
    .optional(),
});

/** `?number=`: an order's or a gift's number (GET /order-ecpay, /donate-ecpay, the result pages). */
export const tradeNumberQuery = z.object({
  number: z
    .string({ error: requiredOrInvalid })
    .min(1, { error: messages.required, abort: true })
    .regex(/^\d{6,20}$/, { error: messages.invalidParams }),
});

/** A detail is addressed by numeric id or by its path slug. */
export const detailParam = z.object({ id: slug });

export const keyParam = z.object({
  key: z
    .string()
    .min(1, { error: messages.required, abort: true })
    .max(100, { error: messages.maxLength(100) })
    .regex(/^[a-z0-9_-]+$/, { error: messages.invalidParams }),
});
