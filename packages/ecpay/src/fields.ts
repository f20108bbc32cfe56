import { z } from "zod";
import { type CheckMacAlgorithm, type EcpayFields, verifyCheckMacValue } from "./check-mac-value.ts";
import type { EcpayCredentials } from "./environments.ts";

/** What a builder returns: POST `fields` (CheckMacValue included) to `action`. */
export type EcpayRequest = { readonly action: string; readonly fields: Readonly<Record<string, string>> };

/** The body every ECPay server notification must be answered with (HTTP 200, text, nothing else). */
export const okReply = "1|OK";

/**
 * A parsed message from ECPay. On success `value` is typed and `fields` are the raw fields (keep
 * them for the audit trail). Failures say why: a CheckMacValue mismatch, another MerchantID, or
 * fields that do not fit the schema (`issues`, for the log).
 */
export type Parsed<T> =
  | { ok: true; value: T; fields: EcpayFields }
  | { ok: false; error: "check-mac-value" | "merchant" | "invalid"; issues: string[] };

/**
 * The fields of a form-encoded body (`+` is a space, `%XX` UTF-8), as ECPay posts notifications.
 * Use this (or the framework's form parser) before verifying; never the raw body.
 */
export const formFields = (body: string | URLSearchParams): Record<string, string> =>
  Object.fromEntries(typeof body === "string" ? new URLSearchParams(body) : body);

/**
 * The `k=v&k=v` body of a server response (QueryTradeInfo, Express/Create after `1|`). ECPay puts
 * values there raw or percent-encoded, and a `+` is a literal plus (reference §2.4, SDK_PHP a07e1be):
 * split on `&` and the first `=`, then percent-decode where the value decodes.
 */
export const responseFields = (body: string): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const pair of body.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const [name, value] = at === -1 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    fields[name] = safeDecode(value);
  }
  return fields;
};

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a raw `%` that is not an escape: the value was sent unencoded
  }
};

/** A `1|…` / `0|…` reply: its leading code and the rest (reference §4.3/§4.4). */
export type StatusReply = { code: string; body: string };

/** Splits a `code|body` reply; `undefined` when there is no `|`. */
export const parseStatusReply = (text: string): StatusReply | undefined => {
  const at = text.indexOf("|");
  return at === -1 ? undefined : { code: text.slice(0, at).trim(), body: text.slice(at + 1) };
};

/** Verifies the CheckMacValue, parses with `schema`, then checks the MerchantID is ours. */
export const parseSigned = <T extends z.ZodType>(
  fields: EcpayFields,
  credentials: EcpayCredentials,
  algorithm: CheckMacAlgorithm,
  schema: T,
): Parsed<z.output<T>> => {
  if (!verifyCheckMacValue(fields, credentials, algorithm)) {
    return { ok: false, error: "check-mac-value", issues: [] };
  }
  return parseUnsigned(fields, credentials, schema);
};

/** For replies ECPay does not sign (the store map): schema and MerchantID only. */
export const parseUnsigned = <T extends z.ZodType>(
  fields: EcpayFields,
  credentials: EcpayCredentials,
  schema: T,
): Parsed<z.output<T>> => {
  const result = schema.safeParse(fields);
  if (!result.success) {
    return {
      ok: false,
      error: "invalid",
      issues: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    };
  }
  if (fields.MerchantID !== credentials.merchantId) {
    return { ok: false, error: "merchant", issues: [`MerchantID: ${fields.MerchantID ?? "(missing)"}`] };
  }
  return { ok: true, value: result.data, fields };
};

// Field rules shared by the request builders and the parsers.

/** MerchantTradeNo: unique forever, 1–20 of A–Z a–z 0–9. */
export const merchantTradeNo = z.string().regex(/^[A-Za-z0-9]{1,20}$/, "1–20 letters or digits");

/** A callback URL: absolute http(s), at most 200 characters. */
export const callbackUrl = z.url({ protocol: /^https?$/ }).max(200);

/** Free text ECPay accepts: no control characters, no HTML ("請勿帶入特殊字元", DOC-2858). */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}<>]*$/u, "no control characters or < >");

/** A string of digits as ECPay posts integers, parsed to a number. */
export const integerField = z
  .string()
  .regex(/^-?\d+$/, "an integer")
  .transform(Number);

/** A possibly empty field; empty becomes `undefined`. */
export const emptyAsUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const taipeiFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Taipei",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** `yyyy/MM/dd HH:mm:ss` in Taiwan time, ECPay's date format (servers often run in UTC). */
export const formatTaipeiDateTime = (date: Date): string => {
  const part = Object.fromEntries(taipeiFormat.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.year}/${part.month}/${part.day} ${part.hour}:${part.minute}:${part.second}`;
};

/** An ECPay `yyyy/MM/dd HH:mm:ss` (Taiwan time, UTC+8 without DST since 1979) as a `Date`. */
export const taipeiDateTime = z
  .string()
  .regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/, "yyyy/MM/dd HH:mm:ss")
  .transform((text) => new Date(`${text.slice(0, 10).replaceAll("/", "-")}T${text.slice(11)}+08:00`))
  .refine((date) => !Number.isNaN(date.getTime()), "a real date");
