import { z } from "zod";
import type { AioConfig } from "./aio.ts";
import { signFields, verifyCheckMacValue } from "./check-mac-value.ts";
import type { EcpayCredentials } from "./environments.ts";
import { type EcpayRequest, merchantTradeNo, type Parsed, responseFields } from "./fields.ts";

/*
 * Managing a 定期定額 (periodic credit card) schedule after checkout (reference §5):
 * - POST /Cashier/CreditCardPeriodAction: `Cancel` stops every later charge for good (a new
 *   periodic order is the only way back); `ReAuth` re-authorizes the latest charge when it failed
 *   (ECPay runs it from its scheduler; not available on stage). Form-encoded, SHA256 CheckMacValue;
 *   the reply is `k=v&…` with RtnCode 1 on success (DOC-2900; the official PHP SDK reads it with its
 *   non-verifying decoder, so it is not signed).
 * - POST /Cashier/QueryCreditCardPeriodInfo: the schedule and every authorization, as JSON
 *   (DOC-2892; the PHP SDK's `PostWithCmvJsonResponseService`, unsigned). Use it to reconcile:
 *   ECPay does not promise a PeriodReturnURL notice for failed charges.
 * Both requests carry a TimeStamp that ECPay accepts for 3 minutes: build one per call.
 */

export const creditCardPeriodActions = ["Cancel", "ReAuth"] as const;
/** `Cancel`: end the schedule for good. `ReAuth`: retry the latest charge, if it failed. */
export type CreditCardPeriodAction = (typeof creditCardPeriodActions)[number];

const unixSeconds = (now: Date) => String(Math.floor(now.getTime() / 1000));

/**
 * A CreditCardPeriodAction request for the server to POST (form-encoded). `tradeNo` is the
 * MerchantTradeNo of the periodic order; `now` gives TimeStamp.
 */
export const buildCreditCardPeriodAction = (
  config: AioConfig,
  tradeNo: string,
  action: CreditCardPeriodAction,
  now: Date = new Date(),
): EcpayRequest => {
  const fields = {
    MerchantID: config.credentials.merchantId,
    MerchantTradeNo: merchantTradeNo.parse(tradeNo),
    Action: z.enum(creditCardPeriodActions).parse(action),
    TimeStamp: unixSeconds(now),
  };
  return {
    action: config.endpoints.creditCardPeriodAction,
    fields: signFields(fields, config.credentials, "sha256"),
  };
};

/** A QueryCreditCardPeriodInfo request for the server to POST (form-encoded); the reply is JSON. */
export const buildQueryCreditCardPeriodInfo = (
  config: AioConfig,
  tradeNo: string,
  now: Date = new Date(),
): EcpayRequest => {
  const fields = {
    MerchantID: config.credentials.merchantId,
    MerchantTradeNo: merchantTradeNo.parse(tradeNo),
    TimeStamp: unixSeconds(now),
  };
  return {
    action: config.endpoints.queryCreditCardPeriodInfo,
    fields: signFields(fields, config.credentials, "sha256"),
  };
};

const periodActionReplySchema = z
  .object({
    MerchantTradeNo: z.string().optional(),
    RtnCode: z.string().regex(/^-?\d+$/, "an integer"),
    RtnMsg: z.string().default(""),
  })
  .transform((fields) => ({
    /** As ECPay echoes it; compare with the order the request was for. */
    merchantTradeNo: fields.MerchantTradeNo,
    rtnCode: fields.RtnCode,
    /** For the log; never branch on it. */
    rtnMsg: fields.RtnMsg,
    /** RtnCode 1. For ReAuth: accepted — the result arrives like any charge (PeriodReturnURL). */
    succeeded: fields.RtnCode === "1",
  }));

export type CreditCardPeriodActionReply = z.output<typeof periodActionReplySchema>;

/**
 * The `k=v&…` body CreditCardPeriodAction answers with (`+` kept literal). ECPay does not sign it;
 * a CheckMacValue, if one is there, is still verified, and a MerchantID must be ours. A refusal
 * (bad CheckMacValue, unknown order, nothing to re-authorize…) is `ok` with `succeeded: false`.
 */
export const parseCreditCardPeriodActionReply = (
  body: string,
  credentials: EcpayCredentials,
): Parsed<CreditCardPeriodActionReply> => {
  const fields = responseFields(body.trim());
  if (fields.CheckMacValue !== undefined && !verifyCheckMacValue(fields, credentials, "sha256")) {
    return { ok: false, error: "check-mac-value", issues: [] };
  }
  const result = periodActionReplySchema.safeParse(fields);
  if (!result.success) {
    return {
      ok: false,
      error: "invalid",
      issues: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    };
  }
  if (fields.MerchantID !== undefined && fields.MerchantID !== credentials.merchantId) {
    return { ok: false, error: "merchant", issues: [`MerchantID: ${fields.MerchantID}`] };
  }
  return { ok: true, value: result.data, fields };
};

// ECPay's JSON mixes numbers and strings (Int fields may come quoted); absent or null is empty.
const text = z.preprocess((value) => (typeof value === "number" ? String(value) : (value ?? "")), z.string());
const count = z.preprocess(
  (value) =>
    value === undefined || value === null || value === ""
      ? 0
      : typeof value === "string"
        ? Number(value)
        : value,
  z.number().int().nonnegative(),
);
const code = text.pipe(z.string().regex(/^-?\d+$/, "an integer"));

// The documented names are lower-case (`amount`, `gwsr`, `process_date`, `auth_code`); some
// integrations model them in PascalCase, so both are read.
const alias = (value: unknown, names: Record<string, string>) => {
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  const aliased = { ...record };
  for (const [name, other] of Object.entries(names)) aliased[name] ??= record[other];
  return aliased;
};
const lowerCaseNames = {
  amount: "Amount",
  gwsr: "Gwsr",
  process_date: "ProcessDate",
  auth_code: "AuthCode",
};

const execution = z.preprocess(
  (value) => alias(value, lowerCaseNames),
  z
    .object({
      RtnCode: code,
      amount: count,
      gwsr: text,
      process_date: text,
      auth_code: text,
      TradeNo: text,
    })
    .transform((entry) => ({
      rtnCode: entry.RtnCode,
      /** RtnCode 1. */
      authorized: entry.RtnCode === "1",
      amount: entry.amount,
      /** The authorization id (PeriodReturnURL's Gwsr). */
      gwsr: entry.gwsr,
      /** As ECPay sends it, `yyyy/MM/dd HH:mm:ss` Taiwan time. */
      processDate: entry.process_date,
      authCode: entry.auth_code,
      /** ECPay's TradeNo of this charge (refunds of a later period need it). */
      tradeNo: entry.TradeNo,
    })),
);

/** ExecStatus (DOC-2892): 0 cancelled (by Cancel, the back office or 6 failures), 1 running, 2 done. */
const scheduleStatus = (execStatus: string) =>
  execStatus === "0"
    ? "cancelled"
    : execStatus === "1"
      ? "running"
      : execStatus === "2"
        ? "finished"
        : "unknown";

const periodInfoSchema = z.preprocess(
  (value) => alias(value, lowerCaseNames),
  z
    .object({
      MerchantID: text,
      MerchantTradeNo: z.string(),
      TradeNo: text,
      RtnCode: code,
      PeriodType: z.preprocess(
        (value) => (value === "" ? undefined : value),
        z.enum(["D", "M", "Y"]).optional(),
      ),
      Frequency: count,
      ExecTimes: count,
      PeriodAmount: count,
      amount: count,
      gwsr: text,
      process_date: text,
      auth_code: text,
      card4no: text,
      card6no: text,
      TotalSuccessTimes: count,
      TotalSuccessAmount: count,
      ExecStatus: text,
      ExecLog: z.preprocess((value) => value ?? [], z.array(execution)),
    })
    .transform((info) => ({
      merchantTradeNo: info.MerchantTradeNo,
      /** ECPay's TradeNo of the first charge. */
      tradeNo: info.TradeNo,
      /** Of the first authorization: 1 authorized; other codes also when the order is unknown. */
      rtnCode: info.RtnCode,
      periodType: info.PeriodType,
      frequency: info.Frequency,
      execTimes: info.ExecTimes,
      periodAmount: info.PeriodAmount,
      firstAuthAmount: info.amount,
      gwsr: info.gwsr,
      processDate: info.process_date,
      authCode: info.auth_code,
      card4no: info.card4no,
      card6no: info.card6no,
      totalSuccessTimes: info.TotalSuccessTimes,
      totalSuccessAmount: info.TotalSuccessAmount,
      /** As ECPay sends it; see `status`. */
      execStatus: info.ExecStatus,
      status: scheduleStatus(info.ExecStatus),
      /** Every authorization, oldest first, failures included. */
      executions: info.ExecLog,
    })),
);

export type CreditCardPeriodInfo = z.output<typeof periodInfoSchema>;

/** A parsed QueryCreditCardPeriodInfo answer; `data` is the JSON as received (for the log). */
export type PeriodInfoParsed =
  | { ok: true; value: CreditCardPeriodInfo; data: Readonly<Record<string, unknown>> }
  | { ok: false; error: "merchant" | "invalid"; issues: string[] };

/**
 * QueryCreditCardPeriodInfo's JSON answer (the body text or the parsed value): typed, with our
 * MerchantID. ECPay does not sign it. Check `rtnCode` and `merchantTradeNo` before trusting it.
 */
export const parseCreditCardPeriodInfo = (body: unknown, credentials: EcpayCredentials): PeriodInfoParsed => {
  let data: unknown = body;
  if (typeof body === "string") {
    try {
      data = JSON.parse(body);
    } catch {
      return { ok: false, error: "invalid", issues: ["not JSON"] };
    }
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { ok: false, error: "invalid", issues: ["not a JSON object"] };
  }
  const result = periodInfoSchema.safeParse(data);
  if (!result.success) {
    return {
      ok: false,
      error: "invalid",
      issues: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    };
  }
  const merchantId = (data as Record<string, unknown>).MerchantID;
  if (String(merchantId) !== credentials.merchantId) {
    return { ok: false, error: "merchant", issues: [`MerchantID: ${String(merchantId ?? "(missing)")}`] };
  }
  return { ok: true, value: result.data, data: data as Record<string, unknown> };
};
