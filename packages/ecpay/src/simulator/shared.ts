import { randomInt } from "node:crypto";
import type { Context } from "hono";
import type { EcpayCredentials } from "../environments.ts";
import { okReply } from "../fields.ts";

/*
 * What the simulator's services (payment, logistics, e-invoice) share: the clock, form parsing and
 * the delivery of server-to-server notifications with ECPay's retry-until-`1|OK` behaviour.
 */

export const defaultRetryDelaysMs = [200, 1000, 3000] as const;

/** RtnCode of a failed payment. ECPay has many; any code but 1 means "not paid" (§2.3). */
export const simulatedFailureCode = "10100058";

/** QueryTradeInfo's (and the other query APIs') TimeStamp is valid for 3 minutes (§2.4, §5). */
export const timeStampWindowSeconds = 3 * 60;

/** Whether a `TimeStamp` field (Unix seconds) is within ECPay's 3-minute window of `now`. */
export const freshTimeStamp = (value: string | undefined, now: Date) => {
  const timestamp = Number(value);
  return (
    value !== undefined &&
    /^\d+$/.test(value) &&
    Math.abs(now.getTime() / 1000 - timestamp) <= timeStampWindowSeconds
  );
};

/**
 * POSTs `first` form-encoded to `url`, then `resend` on each retry, until the body is exactly `1|OK`;
 * whether it ever was. Never throws: an unreachable merchant is just a failed attempt.
 */
export type Deliver = (
  url: string,
  first: Readonly<Record<string, string>>,
  resend?: Readonly<Record<string, string>>,
) => Promise<boolean>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const createDeliver =
  (send: typeof fetch, retryDelaysMs: readonly number[]): Deliver =>
  async (url, first, resend = first) => {
    for (let attempt = 0; attempt <= retryDelaysMs.length; attempt++) {
      if (attempt > 0) await sleep(retryDelaysMs[attempt - 1]!);
      try {
        const response = await send(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(attempt === 0 ? first : resend).toString(),
        });
        if (response.ok && (await response.text()) === okReply) return true;
      } catch {
        // Unreachable merchant: try again like ECPay does.
      }
    }
    return false;
  };

/** What every service of the simulator is given. */
export type SimulatorContext = {
  readonly now: () => Date;
  readonly deliver: Deliver;
};

export const digits = (length: number) => Array.from({ length }, () => String(randomInt(10))).join("");

/** The merchant whose MerchantID this is, if the simulator accepts it. */
export const findMerchant = <T extends EcpayCredentials>(merchants: readonly T[], merchantId: unknown) =>
  merchants.find((candidate) => candidate.merchantId === merchantId);

/** The string fields of a form POST (urlencoded or multipart); files are ignored. */
export const formBody = async (c: Context): Promise<Record<string, string>> => {
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
  );
};

/**
 * A `k=v&…` server response (QueryTradeInfo, Express/Create after `1|`), percent-encoded so that
 * the package's `responseFields` (which keeps `+` literal) reads every value back unchanged.
 */
export const responseBody = (fields: Readonly<Record<string, string>>) =>
  Object.entries(fields)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
