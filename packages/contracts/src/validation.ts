import { z } from "./zod.ts";
import { messages } from "./messages.ts";

/*
 * The field rules of SPEC §5, each carrying its zh-TW message.
 *
 * Forms post strings, and Conform turns an empty field into `undefined`, so every builder accepts
 * both: a required field that is missing, empty or only spaces answers 此項為必填 and nothing else
 * (the field's later checks are skipped); `optionalField` lets an empty value through as `undefined`.
 * Outputs parse again to themselves, so the API can re-check what the web sends it.
 */

const isBlank = (value: unknown) => value === undefined || (typeof value === "string" && value.trim() === "");

/**
 * A rule that, when broken, skips the field's later rules (one message per field) without
 * stopping the rules that tie a form's fields together: those run with `when` even while fields
 * have errors, so that one submit shows every message. (`abort: true` would stop them too: Zod
 * skips every check after an explicit abort, `when` or not.)
 */
const first = (test: (value: string) => boolean, message: string) =>
  z.check<string>((payload) => {
    if (!test(payload.value)) payload.issues.push({ code: "custom", message, input: payload.value });
  });

/**
 * Something a reader can see: a character that is not a space, a control or an invisible format
 * character (zero-width spaces and joiners, direction marks), which alone would make an empty name.
 */
const visible = /[^\s\p{Cc}\p{Cf}\p{Z}]/u;

/**
 * The message of a value that is not the type asked for: missing is 此項為必填; anything else (a
 * number or a list where text belongs, from a script rather than a form) 參數格式不正確.
 */
export const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? messages.required : messages.invalidParams;

/** A line break or another control character (a tab is made a space first): what no one-line field holds. */
const control = /[\p{Cc}\u2028\u2029]/u;

/**
 * A required string, trimmed and in Unicode's composed form (NFC: an é typed as e and its accent
 * is one character, as it is counted and stored). One line unless `multiline` (a message): a
 * browser's one-line field cannot hold a line break, so one sent there (a name that would put
 * `\r\nBcc:` into a mail's subject) is refused; a tab, which it can hold, is a space. Chain further rules, e.g.
 * `requiredText().check(maxLength(50))`.
 */
export const requiredText = ({ multiline = false }: { multiline?: boolean } = {}) => {
  const text = z
    .string({ error: requiredOrInvalid })
    .trim()
    .normalize("NFC")
    .check(first((value) => visible.test(value), messages.required));
  // A tab pasted from a table or a PDF (臺北市⇥大安區) is a space, as the field shows it.
  return multiline
    ? text
    : text
        .overwrite((value) => value.replace(/\t+/g, " "))
        .check(first((value) => !control.test(value), messages.singleLine));
};

/** A required string kept as typed (passwords): spaces alone still count as missing. */
export const requiredRaw = () =>
  z.string({ error: requiredOrInvalid }).check(first((value) => value.trim() !== "", messages.required));

/** Empty or missing means absent (`undefined`); anything else must pass `schema`. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());

/** A 0/1 choice (SPEC §3 order draft): a ticked box posts `on`, JSON sends 1 or true; anything else is 0. */
export const flag = () =>
  z
    .preprocess(
      (value) => (value === "on" || value === true || value === "1" || value === 1 ? 1 : 0),
      z.union([z.literal(0), z.literal(1)]),
    )
    .default(0);

/** Length bound for any string rule: `requiredText().check(maxLength(50))`. */
export const maxLength = (n: number) => z.maxLength(n, { error: messages.maxLength(n) });

export const email = () => requiredText().pipe(z.email({ error: messages.email }));

/**
 * What a Chinese input method types in full width (０９１２, ＋８８６, a full-width space) as the
 * plain characters a code or a number is checked in.
 */
export const halfWidth = (value: string) =>
  value
    .replace(/[\uFF01-\uFF5E]/g, (wide) => String.fromCharCode(wide.charCodeAt(0) - 0xfee0))
    .replaceAll("\u3000", " ");

/**
 * A mobile number in Taiwan as people write it: 0912-345-678, 0912 345 678, (0912)345678 and
 * +886 912 345 678 are 0912345678. Anything else (a number abroad, or not a number) is kept as
 * typed, in half width.
 */
export function mobileAsTyped(value: string): string {
  const plain = halfWidth(value).trim();
  const bare = plain.replace(/[\s().-]/g, "").replace(/^\+8860?(?=9)/, "0");
  return /^09\d{8}$/.test(bare) ? bare : plain;
}

/** Digits only, kept as a string so leading zeros survive (codes, postcodes); full width is read as digits. */
export const numeric = () =>
  requiredText()
    .overwrite(halfWidth)
    .check(first((value) => /^\d+$/.test(value), messages.numeric));

export type NumberBounds = { min?: number; max?: number };

/**
 * A whole number typed as digits, with optional bounds. A number is accepted too (as its digits),
 * so the parsed value can be sent on as JSON and parsed again.
 */
export const wholeNumber = ({ min, max }: NumberBounds = {}) => {
  let value = z.number();
  if (min !== undefined) value = value.min(min, { error: messages.min(min) });
  if (max !== undefined) value = value.max(max, { error: messages.max(max) });
  return z.preprocess(
    (input) =>
      typeof input === "number" ? String(input) : typeof input === "string" ? asTyped(input) : input,
    numeric().transform(Number).pipe(value),
  );
};

/**
 * A number as people type it: full-width digits (１０００, from a Chinese input method) read as
 * digits, and thousands written with separators (1,000 or １，０００) without them.
 */
export function asTyped(input: string): string {
  const plain = halfWidth(input).trim();
  return /^\d{1,3}(,\d{3})+$/.test(plain) ? plain.replaceAll(",", "") : plain;
}

/**
 * Taiwan unified business number (統編) by the Ministry of Finance rule: weights 1,2,1,2,1,2,4,1,
 * the digits of each product summed. Since 2023 (numbers ran short) the total must divide by 5,
 * no longer by 10; when the seventh digit is 7 its product 28 may count as 1 or 0, so total + 1
 * may divide instead. Every number valid under the old rule is valid under the new one. Called on
 * eight digits only.
 */
const isTaxIdChecksumValid = (taxId: string) => {
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  const total = weights.reduce((sum, weight, i) => {
    const product = Number(taxId[i]) * weight;
    return sum + Math.floor(product / 10) + (product % 10);
  }, 0);
  return total % 5 === 0 || (taxId[6] === "7" && (total + 1) % 5 === 0);
};

/** 統編: digits only (僅限數字輸入), eight of them (請輸入正確的統編長度), with a valid check digit. */
export const taxId = () =>
  numeric()
    .check(first((value) => value.length === 8, messages.digits))
    .refine(isTaxIdChecksumValid, { error: messages.taxIdChecksum });

/** Letters, digits or $@!%*?&: at least 5, with a lowercase letter. */
export const username = () =>
  requiredText().regex(/^(?=.*[a-z])[A-Za-z\d$@!%*?&]{5,}$/, { error: messages.username });

/** 8–16 letters, digits or $@!%*?&, with a lowercase letter, an uppercase letter and a digit. Not trimmed. */
export const password = () =>
  requiredRaw().regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d$@!%*?&]{8,16}$/, {
    error: messages.password,
  });

/**
 * The confirmation field must equal the original: `z.object({…}).check(confirmField("password",
 * "passwordConfirmation"))`. The mismatch is reported on the confirmation field, unless that
 * field already has an issue of its own (an empty one says 此項為必填 only).
 */
export const confirmField = <K extends string>(field: K, confirmation: K) =>
  z.refine<Partial<Record<K, unknown>>>((value) => value[field] === value[confirmation], {
    error: messages.confirm,
    path: [confirmation],
    when: ({ value, issues }) =>
      typeof value === "object" &&
      value !== null &&
      !issues.some((issue) => issue.path?.[0] === confirmation),
  });

/** Mobile number: 09 and eight more digits (spaces, hyphens and full width as `mobileAsTyped` reads them). */
export const phone = () =>
  requiredText()
    .overwrite(mobileAsTyped)
    .regex(/^09\d{8}$/, { error: messages.phone });
export const optionalPhone = () => optionalField(phone());

/** A ticked HTML checkbox posts "on"; JSON sends `true`. Either becomes `true`. */
export const terms = () => z.literal(["on", true], { error: messages.terms }).transform(() => true as const);

/** A public web address: http or https, and a dotted host name (an IDN arrives as punycode). */
const publicHostname = /^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+(?:[a-z]{2,63}|xn--[a-z\d-]{1,59})$/i;
export const url = () =>
  requiredText().pipe(
    z.url({ protocol: z.regexes.httpProtocol, hostname: publicHostname, error: messages.url }),
  );
export const optionalUrl = () => optionalField(url());

/** Codes of the first letter: A=10 … H=17, then out of order for I, O, W, X, Y, Z. */
// prettier-ignore
const letterCodes: Record<string, number> = {
  A: 10, B: 11, C: 12, D: 13, E: 14, F: 15, G: 16, H: 17, I: 34, J: 18, K: 19, L: 20, M: 21,
  N: 22, O: 35, P: 23, Q: 24, R: 25, S: 26, T: 27, U: 28, V: 29, W: 32, X: 30, Y: 31, Z: 33,
};

/**
 * National ID (letter, 1 or 2), old resident certificate (letter, A–D) or the 2021 resident
 * certificate (letter, 8 or 9), then eight digits. See docs/decisions/006-id-number-validation.md.
 */
const idNumberPattern = /^[A-Z][12A-D89]\d{8}$/;

/** The check digit shared by all three formats: weighted digits whose total divides by 10. */
const isIdNumberValid = (id: string) => {
  const [first = "", second = ""] = id;
  const code = letterCodes[first];
  if (!idNumberPattern.test(id) || code === undefined) return false;
  // The old certificate's second letter counts as the last digit of its code (A → 0 … D → 3).
  const secondDigit = /\d/.test(second) ? Number(second) : (letterCodes[second] ?? 0) % 10;
  const digits = [Math.floor(code / 10), code % 10, secondDigit, ...[...id.slice(2)].map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1];
  return digits.reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0) % 10 === 0;
};

/** Lowercase input is uppercased before checking, and the value comes out uppercase. */
export const idNumber = () =>
  requiredText().toUpperCase().refine(isIdNumberValid, { error: messages.idNumber });
export const optionalIdNumber = () => optionalField(idNumber());
