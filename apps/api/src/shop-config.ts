import {
  ecpayEndpoints,
  ecpayModeSchema,
  personName,
  stageCredentials,
  type EcpayCredentials,
  type EcpayEndpoints,
  type EcpayMode,
} from "@shiyi/ecpay";
import type { ContactTopic } from "@shiyi/contracts";
import { z } from "zod";
import { unsetIfEmpty } from "./env-values.ts";
import { ConfigurationError } from "./startup-failure.ts";
import { receiptFontFromEnv, type ReceiptFont, type ReceiptIssuer } from "./receipts/index.ts";
import {
  localCaptchaToken,
  localCaptchaVerifier,
  recaptchaVerifier,
  type CaptchaVerifier,
} from "./lib/captcha.ts";

/*
 * The shop's configuration: ECPay (payment, logistics, e-invoice), the captcha, the stock hold and
 * the contact form's inboxes.
 * Read by the API's own entry point and by the web server, which hosts the API in-process.
 */

const optionalText = unsetIfEmpty(z.string().min(1).optional());
const inbox = (name: string, fallback: string) =>
  unsetIfEmpty(z.email({ error: `${name} must be an e-mail address` }).default(fallback));

/**
 * The demo's own names and numbers: printed on shipments and donation receipts, so a deployment
 * must give its own (shopProductionProblems).
 */
const demoValues = {
  SHIPPING_SENDER_NAME: "食藝文化",
  SHIPPING_SENDER_PHONE: "0912345678",
  FOUNDATION_NAME: "財團法人食藝文化基金會",
  FOUNDATION_ADDRESS: "10684 台北市大安區復興南路一段 219 巷 18 號 3 樓",
  FOUNDATION_TAX_ID: "12345675",
} as const;

/** The demo's inboxes are on `.local`, which no mail server delivers to. */
export const undeliverable = (address: string) => /\.local>?$/i.test(address.trim());

const inboxNames = [
  "CONTACT_INBOX_CORRECTIONS",
  "CONTACT_INBOX_ORDERS",
  "CONTACT_INBOX_DONATIONS",
  "CONTACT_INBOX_ADVERTISING",
  "CONTACT_INBOX_OTHER",
] as const;

export const shopVariables = {
  /** `simulator` (the local default: the ECPay stand-in at /_ecpay), `stage` or `production`. */
  ECPAY_MODE: unsetIfEmpty(ecpayModeSchema.default("simulator")),
  ECPAY_MERCHANT_ID: optionalText,
  ECPAY_HASH_KEY: optionalText,
  ECPAY_HASH_IV: optionalText,
  ECPAY_LOGISTICS_MERCHANT_ID: optionalText,
  ECPAY_LOGISTICS_HASH_KEY: optionalText,
  ECPAY_LOGISTICS_HASH_IV: optionalText,
  ECPAY_INVOICE_MERCHANT_ID: optionalText,
  ECPAY_INVOICE_HASH_KEY: optionalText,
  ECPAY_INVOICE_HASH_IV: optionalText,
  /**
   * The sender on convenience-store shipments (C2C requires a name and a mobile number): checked
   * here by ECPay's rule, so a name it would refuse stops start-up, not the first shipment.
   */
  SHIPPING_SENDER_NAME: unsetIfEmpty(personName.default(demoValues.SHIPPING_SENDER_NAME)),
  SHIPPING_SENDER_PHONE: unsetIfEmpty(
    z
      .string()
      .regex(/^09\d{8}$/, "SHIPPING_SENDER_PHONE must be a mobile number (09 and 8 digits)")
      .default(demoValues.SHIPPING_SENDER_PHONE),
  ),
  /** The charity's 愛心碼 for donated invoices. */
  INVOICE_LOVE_CODE: unsetIfEmpty(
    z
      .string()
      .regex(/^\d{3,7}$/)
      .default("168001"),
  ),
  /** Where the contact form's messages go, by topic (demo addresses by default). */
  CONTACT_INBOX_CORRECTIONS: inbox("CONTACT_INBOX_CORRECTIONS", "editor@shiyi.local"),
  CONTACT_INBOX_ORDERS: inbox("CONTACT_INBOX_ORDERS", "orders@shiyi.local"),
  CONTACT_INBOX_DONATIONS: inbox("CONTACT_INBOX_DONATIONS", "donations@shiyi.local"),
  CONTACT_INBOX_ADVERTISING: inbox("CONTACT_INBOX_ADVERTISING", "ads@shiyi.local"),
  CONTACT_INBOX_OTHER: inbox("CONTACT_INBOX_OTHER", "service@shiyi.local"),
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_MIN_SCORE: unsetIfEmpty(z.coerce.number().min(0).max(1).default(0.5)),
  /** The foundation as its donation receipts name it. */
  FOUNDATION_NAME: unsetIfEmpty(z.string().min(1).default(demoValues.FOUNDATION_NAME)),
  FOUNDATION_ADDRESS: unsetIfEmpty(z.string().min(1).default(demoValues.FOUNDATION_ADDRESS)),
  FOUNDATION_TAX_ID: unsetIfEmpty(
    z
      .string()
      .regex(/^\d{8}$/, "FOUNDATION_TAX_ID must be 8 digits")
      .default(demoValues.FOUNDATION_TAX_ID),
  ),
  /** A font with Traditional Chinese for receipts (Debian's fonts-noto-cjk by default). */
  RECEIPT_FONT_PATH: optionalText,
  RECEIPT_FONT_FAMILY: optionalText,
  /** How long an unpaid order holds its stock before the reservation lapses. */
  ORDER_RESERVATION_MINUTES: unsetIfEmpty(
    z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24)
      .default(30),
  ),
};

type ShopVariables = z.output<z.ZodObject<typeof shopVariables>> & { NODE_ENV?: string };

/** The hash keys ECPay publishes for its test accounts. */
const publishedHashKeys = new Set<string>(Object.values(stageCredentials).map(({ hashKey }) => hashKey));

const credentialNames = {
  payment: ["ECPAY_MERCHANT_ID", "ECPAY_HASH_KEY", "ECPAY_HASH_IV"],
  logistics: ["ECPAY_LOGISTICS_MERCHANT_ID", "ECPAY_LOGISTICS_HASH_KEY", "ECPAY_LOGISTICS_HASH_IV"],
  invoice: ["ECPAY_INVOICE_MERCHANT_ID", "ECPAY_INVOICE_HASH_KEY", "ECPAY_INVOICE_HASH_IV"],
} as const;

/**
 * Production must take real money and stop real robots: there, the simulator is refused, ECPay's
 * production and stage modes need every credential, the merchant's own (with the published test
 * keys anyone could sign a payment or logistics notice), and reCAPTCHA its secret. The demo's
 * inboxes, sender and foundation are refused too: orders' and gifts' mail would go nowhere, and
 * shipments and tax receipts would carry made-up names.
 */
export const shopProductionProblems = (env: ShopVariables): { variable: string; message: string }[] => {
  const problems: { variable: string; message: string }[] = [];
  if (env.ECPAY_MODE === "production") {
    const missing = Object.values(credentialNames)
      .flat()
      .filter((name) => !env[name]);
    if (missing.length > 0)
      problems.push({ variable: "ECPAY_MODE", message: `ECPAY_MODE=production needs ${missing.join(", ")}` });
  }
  if (env.NODE_ENV === "production") {
    if (env.ECPAY_MODE === "simulator")
      problems.push({
        variable: "ECPAY_MODE",
        message: "ECPAY_MODE must be stage or production in production (NODE_ENV=production)",
      });
    // Unset, each account would be ECPay's published test account, whose notices anyone can sign:
    // a payment's, or a parcel's (arrived, picked up).
    const unset = Object.values(credentialNames)
      .flat()
      .filter((name) => !env[name]);
    if (env.ECPAY_MODE === "stage" && unset.length > 0)
      problems.push({
        variable: "ECPAY_MODE",
        message: `ECPAY_MODE=stage in production needs the merchant's own ${unset.join(", ")} (with ECPay's published test keys anyone could sign a payment or logistics notice)`,
      });
    // Set, but to the published keys themselves (copied from ECPay's documents): as good as none.
    for (const names of Object.values(credentialNames)) {
      const [, keyName] = names;
      if (env[keyName] && publishedHashKeys.has(env[keyName]))
        problems.push({
          variable: keyName,
          message: `${keyName} is one of ECPay's published test keys: production needs the merchant's own (anyone could sign a notice with these)`,
        });
    }
    if (!env.RECAPTCHA_SECRET)
      problems.push({
        variable: "RECAPTCHA_SECRET",
        message: "RECAPTCHA_SECRET must be set in production (NODE_ENV=production)",
      });
    for (const name of inboxNames)
      if (undeliverable(env[name]))
        problems.push({
          variable: name,
          message: `${name} must be set in production: the demo address ${env[name]} receives no mail`,
        });
    for (const [name, demo] of Object.entries(demoValues) as [keyof typeof demoValues, string][])
      if (env[name] === demo)
        problems.push({
          variable: name,
          message: `${name} must be set in production: the demo's ${JSON.stringify(demo)} would be printed on ${name.startsWith("SHIPPING") ? "shipments" : "donation receipts"}`,
        });
  }
  return problems;
};

export type ShopConfig = {
  mode: EcpayMode;
  endpoints: EcpayEndpoints;
  payment: EcpayCredentials;
  logistics: EcpayCredentials;
  invoice: EcpayCredentials;
  sender: { name: string; phone: string };
  loveCode: string;
  captcha: CaptchaVerifier;
  /** For the site: which captcha widget to show (the local stand-in needs none). */
  captchaSiteKey?: string;
  reservationMinutes: number;
  /** The inbox each contact-form topic is mailed to. */
  contactInboxes: Record<ContactTopic, string>;
  /** Who issues donation receipts, and the font they are set in. */
  foundation: ReceiptIssuer;
  receiptFont: ReceiptFont;
  /**
   * Server-to-server calls to ECPay (Express/Create, B2CInvoice/Issue, QueryTradeInfo). The web
   * server hands in one that reaches its own simulator in-process.
   */
  fetch: typeof fetch;
};

const credentials = (
  env: ShopVariables,
  kind: keyof typeof credentialNames,
  stage: EcpayCredentials,
): EcpayCredentials => {
  const [id, key, iv] = credentialNames[kind];
  if (env.ECPAY_MODE !== "production" && !env[id]) return stage;
  return { merchantId: env[id] ?? "", hashKey: env[key] ?? "", hashIv: env[iv] ?? "" };
};

/** `simulatorBase`: where the ECPay simulator is mounted (absolute), needed in simulator mode. */
export const shopConfig = (
  env: ShopVariables,
  options: { simulatorBase?: string; fetch?: typeof fetch } = {},
): ShopConfig => {
  const problems = shopProductionProblems(env);
  if (problems.length > 0)
    throw new ConfigurationError(
      `Invalid configuration:\n${problems.map((problem) => problem.message).join("\n")}`,
    );
  return {
    mode: env.ECPAY_MODE,
    endpoints: ecpayEndpoints(env.ECPAY_MODE, options.simulatorBase),
    payment: credentials(env, "payment", stageCredentials.payment),
    logistics: credentials(env, "logistics", stageCredentials.logisticsC2C),
    invoice: credentials(env, "invoice", stageCredentials.invoice),
    sender: { name: env.SHIPPING_SENDER_NAME, phone: env.SHIPPING_SENDER_PHONE },
    loveCode: env.INVOICE_LOVE_CODE,
    captcha: env.RECAPTCHA_SECRET
      ? recaptchaVerifier({ secret: env.RECAPTCHA_SECRET, minScore: env.RECAPTCHA_MIN_SCORE })
      : localCaptchaVerifier,
    captchaSiteKey: env.RECAPTCHA_SECRET ? env.RECAPTCHA_SITE_KEY : undefined,
    reservationMinutes: env.ORDER_RESERVATION_MINUTES,
    contactInboxes: {
      corrections: env.CONTACT_INBOX_CORRECTIONS,
      orders: env.CONTACT_INBOX_ORDERS,
      donations: env.CONTACT_INBOX_DONATIONS,
      advertising: env.CONTACT_INBOX_ADVERTISING,
      other: env.CONTACT_INBOX_OTHER,
    },
    foundation: { name: env.FOUNDATION_NAME, address: env.FOUNDATION_ADDRESS, taxId: env.FOUNDATION_TAX_ID },
    receiptFont: receiptFontFromEnv({
      RECEIPT_FONT_PATH: env.RECEIPT_FONT_PATH,
      RECEIPT_FONT_FAMILY: env.RECEIPT_FONT_FAMILY,
    }),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  };
};

export { localCaptchaToken };
