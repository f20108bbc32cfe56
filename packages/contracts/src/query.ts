import { z } from "zod";
import { messages } from "./messages.ts";

const positiveInt = (fallback: number, max: number) =>
  z.coerce
    .number({ error: messages.numeric })
    .int({ error: messages.numeric })
    .min(1, { error: messages.min(1) })
    .max(max, { error: messages.max(max) })
    .default(fallback);

/** Query of every list call: page 1, limit 999, status 1 by default (SPEC §7, §9). */
export const listQuery = z.object({
  page: positiveInt(1, 100_000),
  limit: positiveInt(999, 999),
  status: z.coerce
    .number({ error: messages.numeric })
    .int({ error: messages.numeric })
    .min(1, { error: messages.min(1) })
    .max(1, { error: messages.max(1) })
    .default(1),
  category: z
    .string()
    .trim()
    .max(200, { error: messages.maxLength(200) })
    .optional(),
  author: z
    .string()
    .trim()
    .max(200, { error: messages.maxLength(200) })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** `ids=1,2,3` on the magazines list. */
export const magazineListQuery = listQuery.extend({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: messages.numeric })
    .transform((value) => value.split(",").map(Number))
    .optional(),
});

/** A detail is addressed by numeric id or by its path slug. */
export const detailParam = z.object({
  id: z
    .string()
    .min(1, { error: messages.required })
    .max(200, { error: messages.maxLength(200) })
    .regex(/^[\p{L}\p{N}_-]+$/u, { error: messages.invalidParams }),
});

export const keyParam = z.object({
  key: z
    .string()
    .min(1, { error: messages.required })
    .max(100, { error: messages.maxLength(100) })
    .regex(/^[a-z0-9_-]+$/, { error: messages.invalidParams }),
});
