import { z } from "zod";
import type { HashKeys } from "./check-mac-value.ts";

/*
 * Where ECPay lives (reference §1). `simulator` is our local stand-in for all three services: it
 * serves ECPay's own paths under one base the caller gives (e.g. `${publicUrl}/_ecpay`), so the
 * same code paths run in development, tests, stage and production.
 */

export const ecpayModes = ["simulator", "stage", "production"] as const;
/** `ECPAY_MODE`: which ECPay the application talks to. */
export type EcpayMode = (typeof ecpayModes)[number];
/** Parses `ECPAY_MODE` in an application's env module. */
export const ecpayModeSchema = z.enum(ecpayModes);

/** A service's merchant account: MerchantID plus its own HashKey/HashIV (they differ per service). */
export type EcpayCredentials = HashKeys & { readonly merchantId: string };

/** Base URL of each ECPay service, without a trailing slash. */
export type EcpayHosts = { readonly payment: string; readonly logistics: string; readonly invoice: string };

const hosts: Record<Exclude<EcpayMode, "simulator">, EcpayHosts> = {
  stage: {
    payment: "https://payment-stage.ecpay.com.tw",
    logistics: "https://logistics-stage.ecpay.com.tw",
    invoice: "https://einvoice-stage.ecpay.com.tw",
  },
  production: {
    payment: "https://payment.ecpay.com.tw",
    logistics: "https://logistics.ecpay.com.tw",
    invoice: "https://einvoice.ecpay.com.tw",
  },
};

/** The full URL of every API this package builds requests for. */
export type EcpayEndpoints = {
  /** Browser form POST: AioCheckOut V5 (§2.1). */
  readonly aioCheckOut: string;
  /** Server POST: QueryTradeInfo V5 (§2.4). */
  readonly queryTradeInfo: string;
  /** Server POST: cancel a 定期定額 schedule or re-authorize its failed charge (§5). */
  readonly creditCardPeriodAction: string;
  /** Server POST (JSON reply): a 定期定額 schedule and its authorizations (§5). */
  readonly queryCreditCardPeriodInfo: string;
  /** Browser form POST: the CVS store map (§4.1). */
  readonly logisticsMap: string;
  /** Server POST: create a CVS shipment (§4.3). */
  readonly logisticsCreate: string;
  /** Server POST (JSON): issue a B2C e-invoice (§6.1). */
  readonly invoiceIssue: string;
  /** Server POST (JSON): the B2C e-invoice issued for a RelateNumber, if any (§6.1). */
  readonly invoiceGetIssue: string;
};

/**
 * The endpoints of `mode`. For `simulator`, `simulatorBase` (absolute URL) is required and every
 * service is served under it, e.g. `${simulatorBase}/Cashier/AioCheckOut/V5`.
 */
export const ecpayEndpoints = (mode: EcpayMode, simulatorBase?: string): EcpayEndpoints => {
  let base: EcpayHosts;
  if (mode === "simulator") {
    if (!simulatorBase) throw new Error("ECPay simulator mode needs the simulator's base URL");
    const root = new URL(simulatorBase).href.replace(/\/+$/, "");
    base = { payment: root, logistics: root, invoice: root };
  } else {
    base = hosts[mode];
  }
  return {
    aioCheckOut: `${base.payment}/Cashier/AioCheckOut/V5`,
    queryTradeInfo: `${base.payment}/Cashier/QueryTradeInfo/V5`,
    creditCardPeriodAction: `${base.payment}/Cashier/CreditCardPeriodAction`,
    queryCreditCardPeriodInfo: `${base.payment}/Cashier/QueryCreditCardPeriodInfo`,
    logisticsMap: `${base.logistics}/Express/map`,
    logisticsCreate: `${base.logistics}/Express/Create`,
    invoiceIssue: `${base.invoice}/B2CInvoice/Issue`,
    invoiceGetIssue: `${base.invoice}/B2CInvoice/GetIssue`,
  };
};

/**
 * ECPay's public **stage** test accounts (reference §1; published by ECPay for everyone's tests).
 * Fine for the simulator, stage and tests; production credentials always come from configuration.
 */
export const stageCredentials = {
  /** AIO payment, current test account (since 2024-11). */
  payment: { merchantId: "3002607", hashKey: "pwFHCqoQZGmho4w6", hashIv: "EkRm7iFT261dpevs" },
  /** Logistics B2C (FAMI, UNIMART, UNIMARTFREEZE, HILIFE). */
  logisticsB2C: { merchantId: "2000132", hashKey: "5294y06JbISpM5x9", hashIv: "v77hoKGq4kWxNNIS" },
  /** Logistics C2C 店到店 (FAMIC2C, UNIMARTC2C, HILIFEC2C, OKMARTC2C). */
  logisticsC2C: { merchantId: "2000933", hashKey: "XBERn1YOvpM9nfZc", hashIv: "h1ONHk4P4yqbl5LK" },
  /** B2C e-invoice and receipts. */
  invoice: { merchantId: "2000132", hashKey: "ejCk326UnaZWKisg", hashIv: "q9jcZX8Ib9LM8wYk" },
} as const satisfies Record<string, EcpayCredentials>;
