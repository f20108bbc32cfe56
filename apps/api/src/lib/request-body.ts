import { messages } from "@shiyi/contracts";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { bodyLimit } from "hono/body-limit";
import type { ApiEnv } from "../app-env.ts";

/**
 * What every API request body goes through before its route reads it, so bad input is a 4xx and
 * never reaches the database: a size limit, JSON that parses, and text the database can store.
 */

/**
 * Far above any body the site sends: a bulk cart add (the local cart merged at login) may carry
 * 100 lines with 10 options of 100 characters each, about 300 KB at most.
 */
export const maxRequestBytes = 512 * 1024;
/** Far more than the longest valid contact message (2,000 characters); anything bigger is not read. */
export const maxContactBytes = 64 * 1024;
/** Deeper than any body the API takes; a deeper one is refused without being walked. */
const maxDepth = 32;

/** The size limit: 64 KB for a contact message, 512 KB for anything else. */
export function requestSizeLimit(): MiddlewareHandler<ApiEnv> {
  const tooLarge = {
    onError: (c: Parameters<MiddlewareHandler>[0]) => c.json({ message: messages.tooLarge }, 413),
  };
  const contact = bodyLimit({ maxSize: maxContactBytes, ...tooLarge });
  const general = bodyLimit({ maxSize: maxRequestBytes, ...tooLarge });
  // The API has no prefix of its own: mounted at /api, the contact route's path is /api/contact.
  return (c, next) => (/\/contact$/.test(c.req.path) ? contact : general)(c, next);
}

/** A NUL (PostgreSQL refuses it in text) or half of a character (a lone surrogate). */
export const unstorable = (text: string) => text.includes("\u0000") || !text.isWellFormed();

/**
 * The dotted path of the first string (value or key) in `value` that the database cannot store;
 * `null` when the value nests deeper than `maxDepth`; `undefined` when all is well. Walked with a
 * stack, so a deep body cannot exhaust the call stack.
 */
export function unreadableTextAt(value: unknown): string | null | undefined {
  const stack: { value: unknown; path: readonly string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: at, path } = stack.pop()!;
    if (path.length > maxDepth) return null;
    if (typeof at === "string") {
      if (unstorable(at)) return path.join(".");
    } else if (Array.isArray(at)) {
      for (let index = at.length - 1; index >= 0; index -= 1) {
        stack.push({ value: at[index], path: [...path, String(index)] });
      }
    } else if (at !== null && typeof at === "object") {
      const entries = Object.entries(at);
      for (const [key] of entries) if (unstorable(key)) return [...path, key].join(".");
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/**
 * JSON bodies: malformed JSON is a 400, a body nested deeper than any the API takes a 422, and a
 * string holding a NUL or a lone surrogate (which PostgreSQL refuses) a 422 on that field, named by
 * its dotted path as the routes' own validation names nested fields. An empty body is left to the
 * route. The body read here is cached by Hono for the route's validator.
 */
export const cleanJsonBody = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(c.req.header("content-type") ?? "")) return next();
  const text = await c.req.text();
  if (text.trim() === "") return next();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return c.json({ message: messages.invalidParams }, 400);
  }
  const path = unreadableTextAt(body);
  // Too deep to name a field: the body as a whole is refused, as `fieldErrors` names it.
  if (path === null)
    return c.json({ message: messages.invalidParams, errors: { _: [messages.invalidParams] } }, 422);
  if (path !== undefined) {
    const field = path || "body";
    return c.json({ message: messages.unreadableText, errors: { [field]: [messages.unreadableText] } }, 422);
  }
  return next();
};

/** Zod's own messages (a schema that names none) are English; the API's bad-parameter answer is zh-TW. */
const hasChinese = /\p{Script=Han}/u;

/**
 * A 422's messages as the API sends them: a schema's own zh-TW message, or 參數格式不正確 where
 * Zod's default (English) would show, e.g. for a query that repeats a key.
 */
export const apiMessage = (message: string) => (hasChinese.test(message) ? message : messages.invalidParams);

/**
 * A schema's failure as a 422's `errors`, by top-level field, in the API's messages; a failure of
 * the body itself (an array or a number where an object belongs) under `_`, as `dottedErrors` does.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const { formErrors, fieldErrors: fields } = z.flattenError(error);
  const errors = Object.fromEntries(
    Object.entries(fields as Record<string, string[]>).map(([field, texts]) => [
      field,
      texts.map(apiMessage),
    ]),
  );
  if (formErrors.length > 0) errors._ = [...new Set(formErrors.map(apiMessage))];
  return errors;
}

/** The same by dotted path (`{"customer.email": [...]}`), for nested drafts; `_` for the body itself. */
export function dottedErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    (errors[key] ??= []).push(apiMessage(issue.message));
  }
  return errors;
}
