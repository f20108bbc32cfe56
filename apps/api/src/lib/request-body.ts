import { messages } from "@shiyi/contracts";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";

/**
 * What every API request body goes through before its route reads it, so bad input is a 4xx and
 * never reaches the database: a size limit, JSON that parses, and text the database can store.
 */

/**
 * Far above any body the site sends (the longest, a contact message of 2,000 characters, is under
 * 10 KB; a bulk cart add of 100 lines about as much): anything bigger is not read.
 */
export const maxRequestBytes = 64 * 1024;

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
const isControlCharacter = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
const hasControlCharacter = (text: string) => {
  for (let index = 0; index < text.length; index += 1) {
    if (isControlCharacter(text.charCodeAt(index))) return true;
  }
  return false;
};

/** The dotted path of the first string in `value` that is not clean text, if any. */
export function unreadableTextAt(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string") {
    return hasControlCharacter(value) || !value.isWellFormed() ? path.join(".") : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unreadableTextAt(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = unreadableTextAt(key, [...path, key]) ?? unreadableTextAt(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export const requestSizeLimit = (): MiddlewareHandler<ApiEnv> =>
  bodyLimit({ maxSize: maxRequestBytes, onError: (c) => c.json({ message: messages.tooLarge }, 413) });

/**
 * JSON bodies: malformed JSON is a 400, and a string holding a NUL, another control character or a
 * lone surrogate (which PostgreSQL refuses) is a 422 on its top-level field, as the routes' own
 * validation reports fields. The parsed body is cached by Hono for the route's validator.
 */
export const cleanJsonBody = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(c.req.header("content-type") ?? "")) return next();
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return c.json({ message: messages.invalidParams }, 400);
  }
  const path = unreadableTextAt(body);
  if (path !== undefined) {
    const field = path || "body";
    return c.json({ message: messages.unreadableText, errors: { [field]: [messages.unreadableText] } }, 422);
  }
  return next();
};

/**
 * Messages of schemas that name none (a query that repeats a key, a value of the wrong type): the
 * API's 參數格式不正確 instead of Zod's English. Schemas with their own messages keep them.
 */
export function useApiValidationMessages() {
  z.config({ customError: () => messages.invalidParams });
}
