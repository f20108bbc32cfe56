import { createHash, timingSafeEqual } from "node:crypto";

/*
 * CheckMacValue (CMV), the signature of ECPay's form-encoded APIs (reference §3).
 * AIO payment signs with SHA256, domestic logistics with MD5; the pre-image is built the same way.
 */

/** `sha256` for AIO payment (`EncryptType=1`), `md5` for logistics. */
export type CheckMacAlgorithm = "sha256" | "md5";

/** A service's HashKey and HashIV. They frame the pre-image and are never sent as parameters. */
export type HashKeys = { readonly hashKey: string; readonly hashIv: string };

/** Form fields exactly as they are (or were) on the wire. */
export type EcpayFields = Readonly<Record<string, string>>;

export const checkMacValueField = "CheckMacValue";

/**
 * ECPay's ".NET `HttpUtility.UrlEncode`" encoding (reference §3.3), before lower-casing:
 * space → `+`; `A–Z a–z 0–9 - _ . ! * ( )` kept; everything else, `~` and `'` included, as `%XX`
 * of its UTF-8 bytes. `encodeURIComponent` differs only in `%20`, `~` and `'`.
 */
export const dotNetUrlEncode = (raw: string): string => {
  // encodeURIComponent throws a bare URIError on lone surrogates; say what is wrong instead.
  if (!raw.isWellFormed()) throw new TypeError("ECPay field contains a lone UTF-16 surrogate");
  return encodeURIComponent(raw).replaceAll("%20", "+").replaceAll("~", "%7E").replaceAll("'", "%27");
};

// PHP's strcasecmp, which ECPay's reference SDK sorts with, lower-cases ASCII only.
const asciiLower = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
const byNameIgnoringCase = (a: string, b: string) => {
  const [x, y] = [asciiLower(a), asciiLower(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The encoded, lower-cased string that is hashed (reference §3.1 steps 1–6): every field but
 * CheckMacValue, sorted by name case-insensitively, `HashKey=…&name=value&…&HashIV=…`.
 * Exposed for tests and for debugging a `10200073 CheckMacValue Error`.
 */
export const checkMacValueSource = (fields: EcpayFields, keys: HashKeys): string => {
  const pairs = Object.keys(fields)
    .filter((name) => name !== checkMacValueField)
    .sort(byNameIgnoringCase)
    .map((name) => `${name}=${fields[name]}`);
  const raw = [`HashKey=${keys.hashKey}`, ...pairs, `HashIV=${keys.hashIv}`].join("&");
  return dotNetUrlEncode(raw).toLowerCase();
};

/** The CheckMacValue of `fields` (any CheckMacValue among them is ignored): upper-case hex. */
export const computeCheckMacValue = (
  fields: EcpayFields,
  keys: HashKeys,
  algorithm: CheckMacAlgorithm,
): string =>
  createHash(algorithm).update(checkMacValueSource(fields, keys), "utf8").digest("hex").toUpperCase();

/** `fields` with their CheckMacValue added, ready to post. */
export const signFields = (
  fields: EcpayFields,
  keys: HashKeys,
  algorithm: CheckMacAlgorithm,
): Record<string, string> => ({
  ...fields,
  [checkMacValueField]: computeCheckMacValue(fields, keys, algorithm),
});

/**
 * Whether received `fields` carry a correct CheckMacValue, recomputed over every other field
 * received (unknown ones too: ECPay signs all `NeedExtraPaidInfo` extras). Case-insensitive,
 * compared in constant time. Pass the fields form-decoded, as they were posted.
 */
export const verifyCheckMacValue = (
  fields: EcpayFields,
  keys: HashKeys,
  algorithm: CheckMacAlgorithm,
): boolean => {
  const received = fields[checkMacValueField];
  if (typeof received !== "string") return false;
  const expected = Buffer.from(computeCheckMacValue(fields, keys, algorithm), "utf8");
  const actual = Buffer.from(received.toUpperCase(), "utf8");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};
