import { createCipheriv, createDecipheriv } from "node:crypto";
import { z } from "zod";
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

/** The JSON body of a B2C e-invoice answer (reference §6.1). */
export type InvoiceResponse = {
  MerchantID: string;
  RpHeader: { Timestamp: number };
  TransCode: number;
  TransMsg: string;
  Data: string;
};

/**
 * A parsed e-invoice answer. `transport`: TransCode was not 1 (the envelope was refused, e.g. a
 * stale Timestamp); `rejected`: the decrypted RtnCode was not 1 (the data was refused);
 * `merchant`/`invalid`: the answer is not for us or not what was expected (`issues`, for the log).
 */
export type InvoiceParsed<T> =
  | { ok: true; value: T; data: Readonly<Record<string, unknown>> }
  | { ok: false; error: "transport" | "merchant" | "invalid"; issues: string[] }
  | { ok: false; error: "rejected"; rtnCode: number; rtnMsg: string };

const responseEnvelope = z.object({
  MerchantID: z.string(),
  TransCode: z.coerce.number(),
  TransMsg: z.string().default(""),
  Data: z.string().default(""),
});

const decryptedData = z.looseObject({ RtnCode: z.coerce.number(), RtnMsg: z.string().default("") });

/**
 * Reads a B2C e-invoice answer (the parsed JSON body): TransCode 1, our MerchantID, `Data`
 * decrypted, RtnCode 1 — then the decrypted data through `schema`.
 */
export const parseInvoiceResponse = <T extends z.ZodType>(
  body: unknown,
  credentials: EcpayCredentials,
  schema: T,
): InvoiceParsed<z.output<T>> => {
  const envelope = responseEnvelope.safeParse(body);
  if (!envelope.success) return { ok: false, error: "invalid", issues: ["not an ECPay e-invoice answer"] };
  const { MerchantID, TransCode, TransMsg, Data } = envelope.data;
  if (TransCode !== 1)
    return { ok: false, error: "transport", issues: [`TransCode ${TransCode}: ${TransMsg}`] };
  if (MerchantID !== credentials.merchantId) {
    return { ok: false, error: "merchant", issues: [`MerchantID: ${MerchantID}`] };
  }
  let decrypted: unknown;
  try {
    decrypted = decryptInvoiceData(Data, credentials);
  } catch {
    return { ok: false, error: "invalid", issues: ["Data: cannot be decrypted with our HashKey/HashIV"] };
  }
  const data = decryptedData.safeParse(decrypted);
  if (!data.success) return { ok: false, error: "invalid", issues: ["Data: no RtnCode"] };
  if (data.data.RtnCode !== 1) {
    return { ok: false, error: "rejected", rtnCode: data.data.RtnCode, rtnMsg: data.data.RtnMsg };
  }
  const result = schema.safeParse(data.data);
  if (!result.success) {
    return {
      ok: false,
      error: "invalid",
      issues: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    };
  }
  return { ok: true, value: result.data, data: data.data };
};

// InvoiceDate is Taiwan time; accept `-` or `/` between the date parts.
const invoiceDate = z
  .string()
  .regex(/^\d{4}[-/]\d{2}[-/]\d{2} \d{2}:\d{2}:\d{2}$/, "yyyy-MM-dd HH:mm:ss")
  .transform((text) => new Date(`${text.slice(0, 10).replaceAll("/", "-")}T${text.slice(11)}+08:00`));

const issuedInvoiceSchema = z
  .object({
    InvoiceNo: z.string().regex(/^[A-Z]{2}\d{8}$/, "2 letters and 8 digits"),
    InvoiceDate: invoiceDate,
    RandomNumber: z.string().regex(/^\d{4}$/, "4 digits"),
  })
  .transform((data) => ({
    invoiceNo: data.InvoiceNo,
    invoiceDate: data.InvoiceDate,
    /** 隨機碼, printed on the invoice and needed to look it up. */
    randomNumber: data.RandomNumber,
  }));

export type IssuedInvoice = z.output<typeof issuedInvoiceSchema>;

/** `/B2CInvoice/Issue`'s answer: the invoice number, date and random number once issued. */
export const parseIssueInvoiceResponse = (
  body: unknown,
  credentials: EcpayCredentials,
): InvoiceParsed<IssuedInvoice> => parseInvoiceResponse(body, credentials, issuedInvoiceSchema);

const queriedInvoiceSchema = z
  .looseObject({
    IIS_Number: z.string().regex(/^[A-Z]{2}\d{8}$/, "2 letters and 8 digits"),
    IIS_Relate_Number: z.string(),
    IIS_Create_Date: invoiceDate,
    IIS_Random_Number: z.coerce.string(),
    IIS_Sales_Amount: z.coerce.number(),
    IIS_Invalid_Status: z.coerce.string().default("0"),
    IIS_Issue_Status: z.coerce.string().default("1"),
  })
  .transform((data) => ({
    invoiceNo: data.IIS_Number,
    relateNumber: data.IIS_Relate_Number,
    invoiceDate: data.IIS_Create_Date,
    randomNumber: data.IIS_Random_Number,
    salesAmount: data.IIS_Sales_Amount,
    /** Voided (作廢) since it was issued. */
    invalid: data.IIS_Invalid_Status === "1",
    /** Issued and not cancelled (註銷): IIS_Issue_Status 1. */
    issued: data.IIS_Issue_Status === "1",
  }));

export type QueriedInvoice = z.output<typeof queriedInvoiceSchema>;

/**
 * `/B2CInvoice/GetIssue`'s Data for the invoice issued under `relateNumber` (the other form asks by
 * InvoiceNo and InvoiceDate). Wrap it with `buildInvoiceRequest`.
 */
export const getIssueData = (merchantId: string, relateNumber: string) => ({
  MerchantID: merchantId,
  RelateNumber: relateNumber,
});

/** `/B2CInvoice/GetIssue`'s answer: the invoice ECPay holds for the RelateNumber asked about. */
export const parseGetIssueResponse = (
  body: unknown,
  credentials: EcpayCredentials,
): InvoiceParsed<QueriedInvoice> => parseInvoiceResponse(body, credentials, queriedInvoiceSchema);
