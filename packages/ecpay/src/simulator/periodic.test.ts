import { describe, expect, it } from "vitest";
import { buildAioCheckout, parsePaymentResult, parsePeriodicResult, type AioCheckoutInput } from "../aio.ts";
import { signFields, verifyCheckMacValue } from "../check-mac-value.ts";
import { ecpayEndpoints, stageCredentials } from "../environments.ts";
import { formFields } from "../fields.ts";
import {
  buildCreditCardPeriodAction,
  buildQueryCreditCardPeriodInfo,
  parseCreditCardPeriodActionReply,
  parseCreditCardPeriodInfo,
  type CreditCardPeriodAction,
} from "../periodic.ts";
import { createEcpaySimulator, maxPeriodicFailures, periodActionFailure } from "./index.ts";

const credentials = stageCredentials.payment;
const config = { credentials, endpoints: ecpayEndpoints("simulator", "http://shop.test/_ecpay") };
const returnUrl = "http://shop.test/api/ecpay/return";
const periodReturnUrl = "http://shop.test/api/ecpay/period";

type Received = { url: string; fields: Record<string, string> };
type Simulator = ReturnType<typeof createEcpaySimulator>;

/** A merchant server: records every notification, answers `replies` in turn, then `1|OK`. */
function setup() {
  const received: Received[] = [];
  const replies: string[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    received.push({ url: String(input), fields: formFields(String(init?.body)) });
    return new Response(replies.shift() ?? "1|OK");
  };
  const app = createEcpaySimulator({ fetch: fetchStub, retryDelaysMs: [1, 1, 1] });
  return { app, received, replies, periodic: () => received.filter(({ url }) => url === periodReturnUrl) };
}

const post = (app: Simulator, path: string, fields: Record<string, string> = {}) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

let sequence = 0;
const donation = (execTimes = 12, overrides: Partial<AioCheckoutInput> = {}): AioCheckoutInput => ({
  merchantTradeNo: `P${Date.now()}${sequence++}`,
  tradeDate: new Date(),
  totalAmount: 500,
  tradeDesc: "每月捐款",
  itemNames: ["拾藝之友 每月捐款"],
  returnUrl,
  customFields: ["donor-7"],
  payment: { method: "Credit", periodic: { periodType: "M", frequency: 1, execTimes, periodReturnUrl } },
  ...overrides,
});

async function checkout(app: Simulator, fields: Record<string, string>) {
  const response = await post(app, "/Cashier/AioCheckOut/V5", fields);
  const page = await response.text();
  return { response, page, tradeNo: /simulator\/trades\/(\d+)\//.exec(page)?.[1] };
}

/** Checks out `input` and pays the first charge by card. */
async function paid(app: Simulator, input: AioCheckoutInput) {
  const { tradeNo } = await checkout(app, buildAioCheckout(config, input).fields);
  expect((await post(app, `/simulator/trades/${tradeNo}/credit`)).status).toBe(200);
  return tradeNo!;
}

type ChargeAnswer = {
  delivered: boolean;
  sent: Record<string, string>;
  status: string;
  totalSuccessTimes: number;
  failures: number;
};

const trigger = async (app: Simulator, merchantTradeNo: string, outcome: "charge" | "fail") => {
  const response = await post(app, `/simulator/periodic/${merchantTradeNo}/${outcome}`);
  return { status: response.status, body: (await response.json()) as ChargeAnswer };
};

const periodAction = async (app: Simulator, merchantTradeNo: string, action: CreditCardPeriodAction) => {
  const response = await post(
    app,
    "/Cashier/CreditCardPeriodAction",
    buildCreditCardPeriodAction(config, merchantTradeNo, action).fields,
  );
  expect(response.status).toBe(200);
  return parseCreditCardPeriodActionReply(await response.text(), credentials);
};

const periodInfo = async (app: Simulator, merchantTradeNo: string) => {
  const response = await post(
    app,
    "/Cashier/QueryCreditCardPeriodInfo",
    buildQueryCreditCardPeriodInfo(config, merchantTradeNo).fields,
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return parseCreditCardPeriodInfo(await response.json(), credentials);
};

describe("ECPay simulator: 定期定額 checkout", () => {
  it("shows the schedule on the payment page", async () => {
    const { app } = setup();
    const { response, page } = await checkout(app, buildAioCheckout(config, donation()).fields);
    expect(response.status).toBe(200);
    expect(page).toContain("定期定額");
    expect(page).toMatch(/每月扣款新臺幣\s+500 元，共 12 次/);

    const yearly = donation(3, {
      payment: {
        method: "Credit",
        periodic: { periodType: "Y", frequency: 1, execTimes: 3, periodReturnUrl },
      },
    });
    expect((await checkout(app, buildAioCheckout(config, yearly).fields)).page).toMatch(
      /每年扣款新臺幣\s+500 元，共 3 次/,
    );
    const everyTenDays = donation(5, {
      payment: {
        method: "Credit",
        periodic: { periodType: "D", frequency: 10, execTimes: 5, periodReturnUrl },
      },
    });
    expect((await checkout(app, buildAioCheckout(config, everyTenDays).fields)).page).toContain(
      "每 10 天扣款",
    );
  });

  it("refuses terms ECPay refuses, with the error page", async () => {
    const { app } = setup();
    const base = buildAioCheckout(config, donation()).fields;
    const resigned = (changes: Record<string, string>, drop: string[] = []) => {
      const fields: Record<string, string> = { ...base, ...changes };
      for (const name of drop) delete fields[name];
      return signFields(fields, credentials, "sha256");
    };
    const cases: [Record<string, string>, RegExp, string[]?][] = [
      [{ PeriodAmount: "400" }, /PeriodAmount/],
      [{ PeriodType: "Y", ExecTimes: "10" }, /ExecTimes 須為 2 到 9/],
      [{ PeriodType: "M", Frequency: "13" }, /Frequency 須為 1 到 12/],
      [{ PeriodType: "Y", Frequency: "2" }, /Frequency 須為 1 到 1/],
      [{ PeriodType: "D", ExecTimes: "1000" }, /ExecTimes 須為 2 到 999/],
      [{ ExecTimes: "1" }, /ExecTimes/],
      [{ PeriodType: "W" }, /PeriodType/],
      [{ ChoosePayment: "ALL" }, /ChoosePayment=Credit/],
      [{ CreditInstallment: "3,6" }, /分期/],
      [{}, /PeriodReturnURL/, ["PeriodReturnURL"]],
    ];
    for (const [changes, message, drop] of cases) {
      const { response, page } = await checkout(
        app,
        resigned({ ...changes, MerchantTradeNo: `R${sequence++}` }, drop),
      );
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(page).toMatch(message);
    }
  });

  it("notifies the first charge on ReturnURL, like any card payment", async () => {
    const { app, received } = setup();
    const input = donation();
    const tradeNo = await paid(app, input);
    expect(received).toHaveLength(1);
    const [{ url, fields }] = received as [Received];
    expect(url).toBe(returnUrl);
    const result = parsePaymentResult(fields, credentials);
    expect(result.ok && result.value).toMatchObject({
      merchantTradeNo: input.merchantTradeNo,
      tradeNo,
      amount: 500,
      paid: true,
      paymentType: "Credit_CreditCard",
      customFields: ["donor-7", "", "", ""],
    });
    expect(fields.Gwsr).toBeUndefined();
  });

  it("starts no schedule for a declined first charge", async () => {
    const { app } = setup();
    const input = donation();
    const { tradeNo } = await checkout(app, buildAioCheckout(config, input).fields);
    await post(app, `/simulator/trades/${tradeNo}/fail`);
    expect((await trigger(app, input.merchantTradeNo, "charge")).status).toBe(404);
    const info = await periodInfo(app, input.merchantTradeNo);
    expect(info.ok && info.value).toMatchObject({ rtnCode: periodActionFailure.notFound, executions: [] });
  });
});

describe("ECPay simulator: 定期定額 charges", () => {
  it("notifies each triggered charge on PeriodReturnURL with a new Gwsr and the success count", async () => {
    const { app, periodic } = setup();
    const input = donation();
    await paid(app, input);

    const second = await trigger(app, input.merchantTradeNo, "charge");
    const third = await trigger(app, input.merchantTradeNo, "charge");
    expect(second.status).toBe(200);
    expect(third.body).toMatchObject({ delivered: true, status: "running", totalSuccessTimes: 3 });

    const notices = periodic();
    expect(notices).toHaveLength(2);
    expect(notices.map(({ fields }) => fields)).toEqual([second.body.sent, third.body.sent]);
    const results = notices.map(({ fields }) => {
      expect(verifyCheckMacValue(fields, credentials, "sha256")).toBe(true);
      const parsed = parsePeriodicResult(fields, credentials);
      if (!parsed.ok) throw new Error(parsed.issues.join("; "));
      return parsed.value;
    });
    expect(results.map((result) => result.totalSuccessTimes)).toEqual([2, 3]);
    expect(new Set(results.map((result) => result.gwsr)).size).toBe(2);
    for (const result of results) {
      expect(result).toMatchObject({
        merchantTradeNo: input.merchantTradeNo,
        rtnCode: "1",
        authorized: true,
        amount: 500,
        firstAuthAmount: 500,
        periodType: "M",
        frequency: 1,
        execTimes: 12,
        customFields: ["donor-7", "", "", ""],
      });
      expect(result.gwsr).toMatch(/^\d{8}$/);
      expect(result.authCode).toMatch(/^\d{6}$/);
      expect(result.processDate).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it("re-sends a charge until the merchant answers 1|OK", async () => {
    const { app, replies, periodic } = setup();
    const input = donation();
    await paid(app, input);
    replies.push("0|busy", "0|busy");
    const { body } = await trigger(app, input.merchantTradeNo, "charge");
    expect(body.delivered).toBe(true);
    const notices = periodic();
    expect(notices.map(({ fields }) => fields.RtnMsg)).toEqual(["交易成功", "paid", "paid"]);
    expect(new Set(notices.map(({ fields }) => fields.Gwsr)).size).toBe(1);
    for (const { fields } of notices) expect(parsePeriodicResult(fields, credentials).ok).toBe(true);
  });

  it("refuses a charge once ExecTimes charges have run", async () => {
    const { app } = setup();
    const input = donation(3);
    await paid(app, input);
    expect((await trigger(app, input.merchantTradeNo, "charge")).body.status).toBe("running");
    expect((await trigger(app, input.merchantTradeNo, "charge")).body).toMatchObject({
      status: "finished",
      totalSuccessTimes: 3,
    });
    const refused = await trigger(app, input.merchantTradeNo, "charge");
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe("finished");
    expect((await trigger(app, input.merchantTradeNo, "fail")).status).toBe(409);

    const info = await periodInfo(app, input.merchantTradeNo);
    expect(info.ok && info.value).toMatchObject({
      status: "finished",
      execStatus: "2",
      totalSuccessTimes: 3,
    });
    const cancel = await periodAction(app, input.merchantTradeNo, "Cancel");
    expect(cancel.ok && cancel.value.succeeded).toBe(false);
  });

  it("notifies a declined charge with RtnCode ≠ 1 and cancels the schedule after six", async () => {
    const { app, periodic } = setup();
    const input = donation(12);
    await paid(app, input);
    for (let failure = 1; failure <= maxPeriodicFailures; failure++) {
      const { status, body } = await trigger(app, input.merchantTradeNo, "fail");
      expect(status).toBe(200);
      expect(body).toMatchObject({ failures: failure, totalSuccessTimes: 1 });
      expect(body.status).toBe(failure < maxPeriodicFailures ? "running" : "cancelled");
      const parsed = parsePeriodicResult(body.sent, credentials);
      expect(parsed.ok && parsed.value).toMatchObject({
        authorized: false,
        totalSuccessTimes: 1,
        amount: 500,
      });
      expect(body.sent.RtnCode).not.toBe("1");
    }
    expect(periodic()).toHaveLength(maxPeriodicFailures);
    expect((await trigger(app, input.merchantTradeNo, "charge")).status).toBe(409);

    const info = await periodInfo(app, input.merchantTradeNo);
    expect(info.ok && info.value).toMatchObject({
      status: "cancelled",
      execStatus: "0",
      totalSuccessTimes: 1,
    });
    expect(info.ok && info.value.executions).toHaveLength(1 + maxPeriodicFailures);
  });

  it("answers 404 for a MerchantTradeNo without a schedule", async () => {
    const { app } = setup();
    expect((await trigger(app, "NOSUCHORDER1", "charge")).status).toBe(404);
    const input = donation();
    await checkout(app, buildAioCheckout(config, input).fields);
    expect((await trigger(app, input.merchantTradeNo, "charge")).status).toBe(404);
  });
});

describe("ECPay simulator: CreditCardPeriodAction", () => {
  it("cancels the schedule for good: later charges are refused", async () => {
    const { app, periodic } = setup();
    const input = donation();
    await paid(app, input);
    await trigger(app, input.merchantTradeNo, "charge");

    const reply = await periodAction(app, input.merchantTradeNo, "Cancel");
    expect(reply).toMatchObject({
      ok: true,
      value: { merchantTradeNo: input.merchantTradeNo, rtnCode: "1", succeeded: true },
    });
    const refused = await trigger(app, input.merchantTradeNo, "charge");
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe("cancelled");
    expect(periodic()).toHaveLength(1);

    const again = await periodAction(app, input.merchantTradeNo, "Cancel");
    expect(again.ok && again.value).toMatchObject({ succeeded: false, rtnCode: periodActionFailure.state });
    const reAuth = await periodAction(app, input.merchantTradeNo, "ReAuth");
    expect(reAuth.ok && reAuth.value.succeeded).toBe(false);
  });

  it("refuses a forged CheckMacValue, a stale TimeStamp and an unknown order, and changes nothing", async () => {
    const { app } = setup();
    const input = donation();
    await paid(app, input);
    const { fields } = buildCreditCardPeriodAction(config, input.merchantTradeNo, "Cancel");

    const forged = await post(app, "/Cashier/CreditCardPeriodAction", {
      ...fields,
      CheckMacValue: "0".repeat(64),
    });
    const forgedReply = parseCreditCardPeriodActionReply(await forged.text(), credentials);
    expect(forgedReply.ok && forgedReply.value).toMatchObject({
      succeeded: false,
      rtnCode: periodActionFailure.checkMacValue,
    });
    const tampered = await post(app, "/Cashier/CreditCardPeriodAction", { ...fields, Action: "ReAuth" });
    const tamperedReply = parseCreditCardPeriodActionReply(await tampered.text(), credentials);
    expect(tamperedReply.ok && tamperedReply.value.rtnCode).toBe(periodActionFailure.checkMacValue);

    const stale = buildCreditCardPeriodAction(
      config,
      input.merchantTradeNo,
      "Cancel",
      new Date(Date.now() - 4 * 60_000),
    );
    const staleReply = parseCreditCardPeriodActionReply(
      await (await post(app, "/Cashier/CreditCardPeriodAction", stale.fields)).text(),
      credentials,
    );
    expect(staleReply.ok && staleReply.value.rtnCode).toBe(periodActionFailure.timeStamp);

    const unknown = await periodAction(app, "NOSUCHORDER1", "Cancel");
    expect(unknown.ok && unknown.value).toMatchObject({
      succeeded: false,
      rtnCode: periodActionFailure.notFound,
    });

    expect((await trigger(app, input.merchantTradeNo, "charge")).status).toBe(200);
  });

  it("re-authorizes the latest charge only when it failed", async () => {
    const { app, periodic } = setup();
    const input = donation();
    await paid(app, input);
    const nothingToRetry = await periodAction(app, input.merchantTradeNo, "ReAuth");
    expect(nothingToRetry.ok && nothingToRetry.value.succeeded).toBe(false);

    const declined = await trigger(app, input.merchantTradeNo, "fail");
    const reply = await periodAction(app, input.merchantTradeNo, "ReAuth");
    expect(reply.ok && reply.value.succeeded).toBe(true);
    const retried = periodic().at(-1)!.fields;
    const parsed = parsePeriodicResult(retried, credentials);
    expect(parsed.ok && parsed.value).toMatchObject({ authorized: true, totalSuccessTimes: 2 });
    expect(retried.Gwsr).not.toBe(declined.body.sent.Gwsr);

    const twice = await periodAction(app, input.merchantTradeNo, "ReAuth");
    expect(twice.ok && twice.value.succeeded).toBe(false);
    // The retried period is not a new one: the next charge is the 3rd success of 12 periods.
    expect((await trigger(app, input.merchantTradeNo, "charge")).body).toMatchObject({
      totalSuccessTimes: 3,
    });
  });
});

describe("ECPay simulator: QueryCreditCardPeriodInfo", () => {
  it("answers the schedule and its log as JSON that parseCreditCardPeriodInfo reads", async () => {
    const { app } = setup();
    const input = donation();
    const tradeNo = await paid(app, input);
    const second = await trigger(app, input.merchantTradeNo, "charge");
    await trigger(app, input.merchantTradeNo, "fail");

    const info = await periodInfo(app, input.merchantTradeNo);
    if (!info.ok) throw new Error(info.issues.join("; "));
    expect(info.value).toMatchObject({
      merchantTradeNo: input.merchantTradeNo,
      tradeNo,
      rtnCode: "1",
      periodType: "M",
      frequency: 1,
      execTimes: 12,
      periodAmount: 500,
      firstAuthAmount: 500,
      totalSuccessTimes: 2,
      totalSuccessAmount: 1000,
      status: "running",
    });
    const [first, charged, declined] = info.value.executions;
    expect(first).toMatchObject({ authorized: true, tradeNo, gwsr: info.value.gwsr });
    expect(charged).toMatchObject({ authorized: true, amount: 500, gwsr: second.body.sent.Gwsr });
    expect(charged!.tradeNo).toMatch(/^\d{16}$/);
    expect(charged!.tradeNo).not.toBe(tradeNo);
    expect(declined).toMatchObject({ authorized: false, authCode: "" });
  });

  it("makes a charge without a notice with notify=0, and lists it in the log", async () => {
    const { app, periodic } = setup();
    const input = donation();
    await paid(app, input);
    const response = await post(app, `/simulator/periodic/${input.merchantTradeNo}/charge?notify=0`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ delivered: false, totalSuccessTimes: 2 });
    expect(periodic()).toEqual([]);
    const info = await periodInfo(app, input.merchantTradeNo);
    if (!info.ok) throw new Error(info.issues.join("; "));
    expect(info.value.executions.map((execution) => execution.authorized)).toEqual([true, true]);
  });

  it("refuses a forged CheckMacValue with plain text", async () => {
    const { app } = setup();
    const { fields } = buildQueryCreditCardPeriodInfo(config, "SOMEORDER1");
    const response = await post(app, "/Cashier/QueryCreditCardPeriodInfo", {
      ...fields,
      MerchantTradeNo: "OTHER1",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("CheckMacValue");
  });
});
