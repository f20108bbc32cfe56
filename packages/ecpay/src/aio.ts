import { z } from "zod";
import { type EcpayFields, signFields } from "./check-mac-value.ts";
import type { EcpayCredentials, EcpayEndpoints } from "./environments.ts";
import {
  callbackUrl,
  emptyAsUndefined,
  type EcpayRequest,
  formatTaipeiDateTime,
  integerField,
  merchantTradeNo,
  type Parsed,
  parseSigned,
  plainText,
  responseFields,
  taipeiDateTime,
} from "./fields.ts";

/*
 * AIO 全方位金流 (reference §2, periodic §5): AioCheckOut V5 requests, the server notifications
 * (ReturnURL, PaymentInfoURL, PeriodReturnURL) and QueryTradeInfo. SHA256 CheckMacValue throughout.
 */

/** Where and with which account AIO requests go. */
export type AioConfig = { readonly endpoints: EcpayEndpoints; readonly credentials: EcpayCredentials };

/**
 * Amount ranges for an ordinary (個人) ECPay member, in TWD (reference §2.2). 商務會員 may differ,
 * so they are data for the caller (e.g. not offering CVS above 6,000), not enforced here.
 */
export const personalMemberAmountLimits = {
  Credit: { min: 5, max: 199_999 },
  ATM: { min: 11, max: 49_999 },
  CVS: { min: 33, max: 6_000 },
} as const;

/**
 * 定期定額 limits per PeriodType (reference §5): the largest Frequency (every N days/months/years)
 * and the largest ExecTimes (total authorizations, at least 2).
 */
export const periodicLimits = {
  D: { frequency: 365, execTimes: 999 },
  M: { frequency: 12, execTimes: 99 },
  Y: { frequency: 1, execTimes: 9 },
} as const;

const periodic = z
  .object({
    /** `D` day, `M` month, `Y` year. */
    periodType: z.enum(["D", "M", "Y"]),
    /** Every N periods: D 1–365, M 1–12, Y 1. */
    frequency: z.int().min(1),
    /** Total number of authorizations, more than 1: D ≤ 999, M ≤ 99, Y ≤ 9. */
    execTimes: z.int().min(2),
    /** Server URL for the 2nd and later authorizations. */
    periodReturnUrl: callbackUrl,
  })
  .superRefine(({ periodType, frequency, execTimes }, ctx) => {
    const limit = periodicLimits[periodType];
    if (frequency > limit.frequency) {
      ctx.addIssue({ code: "custom", path: ["frequency"], message: `at most ${limit.frequency}` });
    }
    if (execTimes > limit.execTimes) {
      ctx.addIssue({ code: "custom", path: ["execTimes"], message: `at most ${limit.execTimes}` });
    }
  });

const codeIssued = {
  /** Server URL told the code once it is issued (取號). */
  paymentInfoUrl: callbackUrl.optional(),
  /** Browser is POSTed the code after issue (display only). */
  clientRedirectUrl: callbackUrl.optional(),
};

const payment = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("Credit"),
    /** 定期定額: PeriodAmount is set to TotalAmount, as ECPay requires. */
    periodic: periodic.optional(),
  }),
  z.object({
    method: z.literal("ATM"),
    /** Days the virtual account stays valid, 1–60 (ECPay's default 3). */
    expireDays: z.int().min(1).max(60).optional(),
    ...codeIssued,
  }),
  z.object({
    method: z.literal("CVS"),
    /** Minutes the CVS payment code stays valid (ECPay's example 4320 = 3 days). */
    storeExpireMinutes: z.int().min(1).max(43_200).optional(),
    ...codeIssued,
  }),
]);

// A `#` separates items on ECPay's page, so one inside a name is dropped (reference §2.2, §7.6).
const itemName = z
  .string()
  .transform((name) => name.replaceAll("#", "").trim())
  .pipe(z.string().min(1));

/** ECPay's limit on `ItemName`, all the names joined with `#` (reference §2.2). */
export const itemNamesMaxLength = 400;

/**
 * The names as one `ItemName` within ECPay's 400 characters: all of them when they fit, else as
 * many as fit and `其餘 N 項` for the rest (ECPay would cut the text mid-name). A single name
 * longer than the limit is cut, and ends with `…`.
 */
export function fitItemNames(names: readonly string[], max = itemNamesMaxLength): string {
  const all = names.join("#");
  if (all.length <= max) return all;
  for (let kept = names.length - 1; kept >= 1; kept -= 1) {
    const joined = [...names.slice(0, kept), `其餘 ${names.length - kept} 項`].join("#");
    if (joined.length <= max) return joined;
  }
  const rest = names.length > 1 ? `#其餘 ${names.length - 1} 項` : "";
  return `${names[0]!.slice(0, max - rest.length - 1)}…${rest}`;
}

/** The input of `buildAioCheckout`, validated against the limits of reference §2.2. */
export const aioCheckoutSchema = z
  .object({
    merchantTradeNo,
    /** When the order was placed; sent as Taiwan time. */
    tradeDate: z.date(),
    /** Integer TWD, > 0. */
    totalAmount: z.int().positive(),
    tradeDesc: plainText(200),
    /** One line per item on ECPay's page; joined with `#`, fitted into 400 characters (`fitItemNames`). */
    itemNames: z
      .array(itemName)
      .min(1)
      .transform((names) => fitItemNames(names))
      .pipe(plainText(itemNamesMaxLength)),
    /** Server-to-server payment result. */
    returnUrl: callbackUrl,
    /** "返回商店" link on ECPay's page (ignored by ECPay when orderResultUrl is set). */
    clientBackUrl: callbackUrl.optional(),
    /** Browser POST of the result after real-time payment (display only). */
    orderResultUrl: callbackUrl.optional(),
    /** Adds card and bank details to notifications (all signed). */
    needExtraPaidInfo: z.boolean().optional(),
    /** Echoed in notifications as CustomField1..4; ≤ 50 characters each. */
    customFields: z.array(z.string().max(50)).max(4).optional(),
    payment,
  })
  .refine((input) => input.orderResultUrl !== input.returnUrl, {
    path: ["orderResultUrl"],
    message: "must differ from returnUrl",
  });

export type AioCheckoutInput = z.input<typeof aioCheckoutSchema>;

const optional = (entries: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(entries).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );

/**
 * An AioCheckOut V5 request (Credit, periodic Credit, ATM or CVS) for the customer's browser to
 * POST, e.g. with `renderAutoSubmitForm`. Throws a ZodError when `input` breaks ECPay's limits.
 */
export const buildAioCheckout = (config: AioConfig, input: AioCheckoutInput): EcpayRequest => {
  const order = aioCheckoutSchema.parse(input);
  const { payment } = order;
  const fields: Record<string, string> = {
    MerchantID: config.credentials.merchantId,
    MerchantTradeNo: order.merchantTradeNo,
    MerchantTradeDate: formatTaipeiDateTime(order.tradeDate),
    PaymentType: "aio",
    TotalAmount: String(order.totalAmount),
    TradeDesc: order.tradeDesc,
    ItemName: order.itemNames,
    ReturnURL: order.returnUrl,
    ChoosePayment: payment.method,
    EncryptType: "1",
    ...optional({
      ClientBackURL: order.clientBackUrl,
      OrderResultURL: order.orderResultUrl,
      NeedExtraPaidInfo:
        order.needExtraPaidInfo === undefined ? undefined : order.needExtraPaidInfo ? "Y" : "N",
    }),
    ...Object.fromEntries(
      (order.customFields ?? []).map((value, index) => [`CustomField${index + 1}`, value]),
    ),
  };
  if (payment.method === "Credit" && payment.periodic) {
    Object.assign(fields, {
      PeriodAmount: String(order.totalAmount),
      PeriodType: payment.periodic.periodType,
      Frequency: String(payment.periodic.frequency),
      ExecTimes: String(payment.periodic.execTimes),
      PeriodReturnURL: payment.periodic.periodReturnUrl,
    });
  } else if (payment.method !== "Credit") {
    Object.assign(
      fields,
      optional({
        ExpireDate: payment.method === "ATM" ? payment.expireDays : undefined,
        StoreExpireDate: payment.method === "CVS" ? payment.storeExpireMinutes : undefined,
        PaymentInfoURL: payment.paymentInfoUrl,
        ClientRedirectURL: payment.clientRedirectUrl,
      }),
    );
  }
  return { action: config.endpoints.aioCheckOut, fields: signFields(fields, config.credentials, "sha256") };
};

/**
 * A QueryTradeInfo V5 request for the server to POST (form-encoded). `now` gives TimeStamp, valid
 * 3 minutes: build one per call.
 */
export const buildQueryTradeInfo = (
  config: AioConfig,
  tradeNo: string,
  now: Date = new Date(),
): EcpayRequest => {
  const fields = {
    MerchantID: config.credentials.merchantId,
    MerchantTradeNo: merchantTradeNo.parse(tradeNo),
    TimeStamp: String(Math.floor(now.getTime() / 1000)),
  };
  return {
    action: config.endpoints.queryTradeInfo,
    fields: signFields(fields, config.credentials, "sha256"),
  };
};

const customFields = {
  CustomField1: z.string().optional(),
  CustomField2: z.string().optional(),
  CustomField3: z.string().optional(),
  CustomField4: z.string().optional(),
};
const toCustomFields = (fields: Partial<Record<keyof typeof customFields, string>>) =>
  [fields.CustomField1, fields.CustomField2, fields.CustomField3, fields.CustomField4].map(
    (value) => value ?? "",
  );

const simulatePaid = z.enum(["0", "1"]).default("0");

const paymentResultSchema = z
  .object({
    MerchantTradeNo: z.string(),
    RtnCode: z.string(),
    RtnMsg: z.string(),
    TradeNo: z.string(),
    TradeAmt: integerField,
    PaymentDate: emptyAsUndefined(taipeiDateTime),
    PaymentType: z.string(),
    TradeDate: taipeiDateTime,
    SimulatePaid: simulatePaid,
    ...customFields,
  })
  .transform((fields) => {
    const simulated = fields.SimulatePaid === "1";
    return {
      merchantTradeNo: fields.MerchantTradeNo,
      /** ECPay's trade id; needed for refunds. */
      tradeNo: fields.TradeNo,
      rtnCode: fields.RtnCode,
      /** Varies between first delivery and re-sends (`交易成功` / `paid`): log it, never branch on it. */
      rtnMsg: fields.RtnMsg,
      amount: fields.TradeAmt,
      /** e.g. `Credit_CreditCard`, `ATM_TAISHIN`, `CVS_CVS`. */
      paymentType: fields.PaymentType,
      paymentDate: fields.PaymentDate,
      tradeDate: fields.TradeDate,
      /** Triggered from ECPay's back office: no money moves, even in production. */
      simulated,
      /** RtnCode 1 and not simulated: the only state in which money was received. */
      paid: fields.RtnCode === "1" && !simulated,
      customFields: toCustomFields(fields),
    };
  });

export type PaymentResult = z.output<typeof paymentResultSchema>;

/**
 * A ReturnURL (or OrderResultURL) notification, form-decoded: CheckMacValue over every field,
 * our MerchantID, typed fields. Answer ECPay with `okReply` once it is stored (also for repeats).
 * Still compare `amount` and `merchantTradeNo` with the payment attempt.
 */
export const parsePaymentResult = (
  fields: EcpayFields,
  credentials: EcpayCredentials,
): Parsed<PaymentResult> => parseSigned(fields, credentials, "sha256", paymentResultSchema);

const paymentInfoBase = {
  MerchantTradeNo: z.string(),
  RtnCode: z.string(),
  RtnMsg: z.string(),
  TradeNo: z.string(),
  TradeAmt: integerField,
  TradeDate: taipeiDateTime,
  ExpireDate: z.string(),
  ...customFields,
};

const paymentInfoSchema = z
  .discriminatedUnion("method", [
    z.object({ method: z.literal("ATM"), BankCode: z.string(), vAccount: z.string(), ...paymentInfoBase }),
    z.object({ method: z.literal("CVS"), PaymentNo: z.string(), ...paymentInfoBase }),
    z.object({
      method: z.literal("BARCODE"),
      Barcode1: z.string(),
      Barcode2: z.string(),
      Barcode3: z.string(),
      ...paymentInfoBase,
    }),
  ])
  .transform((fields) => {
    const common = {
      merchantTradeNo: fields.MerchantTradeNo,
      tradeNo: fields.TradeNo,
      rtnCode: fields.RtnCode,
      rtnMsg: fields.RtnMsg,
      amount: fields.TradeAmt,
      tradeDate: fields.TradeDate,
      /** As ECPay sends it: ATM `yyyy/MM/dd`, CVS/BARCODE `yyyy/MM/dd HH:mm:ss` (Taiwan time). */
      expireDate: fields.ExpireDate,
      customFields: toCustomFields(fields),
    };
    switch (fields.method) {
      case "ATM":
        return {
          ...common,
          method: fields.method,
          issued: fields.RtnCode === "2",
          bankCode: fields.BankCode,
          virtualAccount: fields.vAccount,
        };
      case "CVS":
        return {
          ...common,
          method: fields.method,
          issued: fields.RtnCode === "10100073",
          paymentNo: fields.PaymentNo,
        };
      case "BARCODE":
        return {
          ...common,
          method: fields.method,
          issued: fields.RtnCode === "10100073",
          barcodes: [fields.Barcode1, fields.Barcode2, fields.Barcode3],
        };
    }
  });

// ECPay has no method field: it is the prefix of PaymentType (`ATM_TAISHIN`, `CVS_CVS`, `BARCODE_BARCODE`).
const paymentInfoFromFields = z.preprocess(
  (value) =>
    typeof value === "object" && value !== null && "PaymentType" in value
      ? { ...value, method: String(value.PaymentType).split("_")[0] }
      : value,
  paymentInfoSchema,
);

export type PaymentInfo = z.output<typeof paymentInfoSchema>;

/**
 * A PaymentInfoURL (or ClientRedirectURL) notification: an ATM/CVS/BARCODE code was issued (取號).
 * `issued` is ECPay's success (ATM RtnCode 2, CVS/BARCODE 10100073) — not a payment, which comes
 * later on ReturnURL. Answer with `okReply`.
 */
export const parsePaymentInfo = (fields: EcpayFields, credentials: EcpayCredentials): Parsed<PaymentInfo> =>
  parseSigned(fields, credentials, "sha256", paymentInfoFromFields);

const periodicResultSchema = z
  .object({
    MerchantTradeNo: z.string(),
    RtnCode: z.string(),
    RtnMsg: z.string(),
    PeriodType: z.enum(["D", "M", "Y"]),
    Frequency: integerField,
    ExecTimes: integerField,
    Amount: integerField,
    Gwsr: z.string().min(1),
    ProcessDate: z.string(),
    AuthCode: z.string(),
    FirstAuthAmount: integerField,
    TotalSuccessTimes: integerField,
    SimulatePaid: simulatePaid,
    ...customFields,
  })
  .transform((fields) => {
    const simulated = fields.SimulatePaid === "1";
    return {
      /** The same for every period of the schedule. */
      merchantTradeNo: fields.MerchantTradeNo,
      /** This authorization's id: the idempotency key together with merchantTradeNo. */
      gwsr: fields.Gwsr,
      rtnCode: fields.RtnCode,
      rtnMsg: fields.RtnMsg,
      periodType: fields.PeriodType,
      frequency: fields.Frequency,
      execTimes: fields.ExecTimes,
      /** This charge. */
      amount: fields.Amount,
      firstAuthAmount: fields.FirstAuthAmount,
      totalSuccessTimes: fields.TotalSuccessTimes,
      /** As ECPay sends it (Taiwan time). */
      processDate: fields.ProcessDate,
      authCode: fields.AuthCode,
      simulated,
      /** RtnCode 1 and not simulated. */
      authorized: fields.RtnCode === "1" && !simulated,
      customFields: toCustomFields(fields),
    };
  });

export type PeriodicResult = z.output<typeof periodicResultSchema>;

/**
 * A PeriodReturnURL notification: the 2nd or a later authorization of a 定期定額 schedule (the 1st
 * arrives on ReturnURL). Answer with `okReply`. ECPay does not promise notices of failed charges.
 */
export const parsePeriodicResult = (
  fields: EcpayFields,
  credentials: EcpayCredentials,
): Parsed<PeriodicResult> => parseSigned(fields, credentials, "sha256", periodicResultSchema);

const tradeInfoSchema = z
  .object({
    MerchantTradeNo: z.string(),
    TradeNo: z.string(),
    TradeAmt: integerField,
    TradeStatus: z.string(),
    PaymentType: z.string(),
    PaymentDate: emptyAsUndefined(taipeiDateTime),
    TradeDate: emptyAsUndefined(taipeiDateTime),
    ItemName: z.string().optional(),
    ...customFields,
  })
  .transform((fields) => ({
    merchantTradeNo: fields.MerchantTradeNo,
    tradeNo: fields.TradeNo,
    amount: fields.TradeAmt,
    /** `0` not paid yet, `1` paid, `10200095` never established, `10200047` not found. */
    tradeStatus: fields.TradeStatus,
    paid: fields.TradeStatus === "1",
    paymentType: fields.PaymentType,
    paymentDate: fields.PaymentDate,
    tradeDate: fields.TradeDate,
    customFields: toCustomFields(fields),
  }));

export type TradeInfo = z.output<typeof tradeInfoSchema>;

/** The `k=v&…` body QueryTradeInfo answers with, CheckMacValue verified (`+` kept literal). */
export const parseQueryTradeInfo = (body: string, credentials: EcpayCredentials): Parsed<TradeInfo> =>
  parseSigned(responseFields(body), credentials, "sha256", tradeInfoSchema);
