import { createCipheriv, createDecipheriv } from "node:crypto";
import type { HashKeys } from "./check-mac-value.ts";
import type { EcpayCredentials } from "./environments.ts";

/*
 * The `Data` field of the JSON APIs (B2C e-invoice, receipts; reference §6.1):
 * base64(AES-128-CBC/PKCS7(key = HashKey, iv = HashIV, urlencode(JSON))).
 * `urlencode` is PHP's, not the CheckMacValue encoder.
 */

/** PHP `urlencode`: space → `+`, only `A–Z a–z 0–9 - _ .` kept, upper-case hex. */
export const phpUrlEncode = (raw: string): string =>
  encodeURIComponent(raw)
    .replaceAll("%20", "+")
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** PHP `urldecode`: `+` → space, then percent-decoding. */
export const phpUrlDecode = (encoded: string): string => decodeURIComponent(encoded.replaceAll("+", " "));

const aes = (keys: HashKeys) => {
  const key = Buffer.from(keys.hashKey, "utf8");
  const iv = Buffer.from(keys.hashIv, "utf8");
  if (key.length !== 16 || iv.length !== 16) throw new Error("ECPay HashKey and HashIV must be 16 bytes");
  return { key, iv };
};

/** Encrypts `data` (any JSON value) into the `Data` string of a request. */
export const encryptInvoiceData = (data: unknown, keys: HashKeys): string => {
  const { key, iv } = aes(keys);
  const cipher = createCipheriv("aes-128-cbc", key, iv);
  const plain = phpUrlEncode(JSON.stringify(data));
  return Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("base64");
};

/** Decrypts the `Data` string of a response back to its JSON value (validate it with Zod after). */
export const decryptInvoiceData = (data: string, keys: HashKeys): unknown => {
  const { key, iv } = aes(keys);
  const decipher = createDecipheriv("aes-128-cbc", key, iv);
  const plain = Buffer.concat([decipher.update(data, "base64"), decipher.final()]).toString("utf8");
  return JSON.parse(phpUrlDecode(plain));
};

/** The JSON body of a B2C e-invoice call (`RqHeader.Revision` 3.0.0; Timestamp valid 10 minutes). */
export type InvoiceRequest = {
  MerchantID: string;
  RqHeader: { Timestamp: number; Revision: "3.0.0" };
  Data: string;
};

/** Wraps `data` for e.g. `/B2CInvoice/Issue`; `data` should carry `MerchantID` too (§6.2). */
export const buildInvoiceRequest = (
  credentials: EcpayCredentials,
  data: unknown,
  now: Date = new Date(),
): InvoiceRequest => ({
  MerchantID: credentials.merchantId,
  RqHeader: { Timestamp: Math.floor(now.getTime() / 1000), Revision: "3.0.0" },
  Data: encryptInvoiceData(data, credentials),
});
