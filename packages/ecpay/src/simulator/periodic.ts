import { randomInt } from "node:crypto";
import type { Context, Hono } from "hono";
import { periodicLimits } from "../aio.ts";
import { signFields, verifyCheckMacValue, type EcpayFields } from "../check-mac-value.ts";
import type { EcpayCredentials } from "../environments.ts";
import { formatTaipeiDateTime } from "../fields.ts";
import {
  digits,
  findMerchant,
  formBody,
  freshTimeStamp,
  responseBody,
  simulatedFailureCode,
  type SimulatorContext,
} from "./shared.ts";

/*
 * The simulator's 定期定額 (periodic credit card, reference §5). AioCheckOut (simulator.ts) checks
 * the periodic fields with `periodicTerms`; paying the order by card starts a schedule here, its
 * 1st charge being the ordinary ReturnURL notification. Then:
 * - POST /simulator/periodic/{MerchantTradeNo}/charge: the next charge succeeds and is notified,
 *   signed, on PeriodReturnURL until `1|OK` (what ECPay's scheduler does on each due date);
 * - POST /simulator/periodic/{MerchantTradeNo}/fail: the next charge is declined (6 declines cancel
 *   the schedule, as ECPay does);
 *   both answer JSON with what was sent, 409 once the schedule is cancelled or has run ExecTimes
 *   charges; add `MerchantID` (query or form) when two merchants use the same MerchantTradeNo, and
 *   `notify=0` (query) to make the charge without a notice, as when ECPay sends none for a decline
 *   or a notice is lost (the charge is still in QueryCreditCardPeriodInfo's log);
 * - POST /Cashier/CreditCardPeriodAction: Cancel (for good) or ReAuth (the latest charge, if it
 *   failed), answered `k=v&…` with RtnCode as ECPay does;
 * - POST /Cashier/QueryCreditCardPeriodInfo: the schedule and its log, as ECPay's JSON.
 * Due dates are not simulated: a charge happens when a developer or test asks for it.
 */

/** The schedule of a periodic AioCheckOut request. */
export type PeriodicTerms = {
  readonly periodAmount: number;
  readonly periodType: "D" | "M" | "Y";
  readonly frequency: number;
  readonly execTimes: number;
  readonly periodReturnUrl: string;
};

const periodicFieldNames = [
  "PeriodAmount",
  "PeriodType",
  "Frequency",
  "ExecTimes",
  "PeriodReturnURL",
] as const;

/** "每月", "每 3 天", "每年"…: how often a schedule charges, for the payment page. */
export const describePeriod = (periodType: PeriodicTerms["periodType"], frequency: number) => {
  const unit = { D: "天", M: "個月", Y: "年" }[periodType];
  if (frequency === 1) return { D: "每天", M: "每月", Y: "每年" }[periodType];
  return `每 ${frequency} ${unit}`;
};

/**
 * The periodic terms of an AioCheckOut request: `undefined` when it is not periodic, else the terms
 * or why ECPay would refuse them (§5: Credit only, all five fields, PeriodAmount = TotalAmount, the
 * Frequency/ExecTimes limits of the PeriodType, no installments, bonus points or 銀聯).
 */
export const periodicTerms = (
  fields: EcpayFields,
): { ok: true; terms: PeriodicTerms } | { ok: false; message: string } | undefined => {
  if (periodicFieldNames.every((name) => !fields[name])) return undefined;
  const refuse = (message: string) => ({ ok: false as const, message });
  const missing = periodicFieldNames.filter((name) => !fields[name]);
  if (missing.length > 0) return refuse(`定期定額缺少參數：${missing.join("、")}。`);
  if (fields.ChoosePayment !== "Credit") return refuse("定期定額須使用 ChoosePayment=Credit。");
  if (fields.CreditInstallment) return refuse("定期定額不能與信用卡分期（CreditInstallment）併用。");
  if (fields.Redeem === "Y") return refuse("定期定額不能使用紅利折抵（Redeem）。");
  if (fields.UnionPay === "1") return refuse("定期定額不支援銀聯卡（UnionPay）。");
  const periodType = fields.PeriodType!;
  if (periodType !== "D" && periodType !== "M" && periodType !== "Y") {
    return refuse("PeriodType 須為 D（天）、M（月）或 Y（年）。");
  }
  const integer = (name: "PeriodAmount" | "Frequency" | "ExecTimes") =>
    /^[1-9]\d*$/.test(fields[name]!) ? Number(fields[name]) : undefined;
  const periodAmount = integer("PeriodAmount");
  if (periodAmount === undefined || fields.PeriodAmount !== fields.TotalAmount) {
    return refuse("PeriodAmount 須為正整數，且與 TotalAmount 相同。");
  }
  const limit = periodicLimits[periodType];
  const frequency = integer("Frequency");
  if (frequency === undefined || frequency > limit.frequency) {
    return refuse(`PeriodType ${periodType} 的 Frequency 須為 1 到 ${limit.frequency}。`);
  }
  const execTimes = integer("ExecTimes");
  if (execTimes === undefined || execTimes < 2 || execTimes > limit.execTimes) {
    return refuse(`PeriodType ${periodType} 的 ExecTimes 須為 2 到 ${limit.execTimes}。`);
  }
  const url = fields.PeriodReturnURL!;
  if (url.length > 200 || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    return refuse("PeriodReturnURL 須為 200 字以內的 http(s) 網址。");
  }
  return { ok: true, terms: { periodAmount, periodType, frequency, execTimes, periodReturnUrl: url } };
};

/** Answers of CreditCardPeriodAction that ECPay documents, and the simulator's own refusals. */
export const periodActionFailure = {
  /** The simulator's own: MerchantID unknown. */
  merchant: "9000200",
  /** CheckMacValue Error (§2.3). */
  checkMacValue: "10200073",
  /** Stale TimeStamp (§2.3). */
  timeStamp: "10200084",
  /** No such periodic order (QueryTradeInfo's code for an unknown trade, §2.4). */
  notFound: "10200047",
  /** The simulator's own: not an Action of the API. */
  action: "9000201",
  /** The simulator's own: the schedule's state does not allow it (already ended, nothing to ReAuth). */
  state: "9000202",
} as const;

/**
 * Declined charges after which ECPay cancels a schedule by itself (§5). The simulator counts every
 * decline of the schedule, ReAuth or not.
 */
export const maxPeriodicFailures = 6;

type Charge = {
  rtnCode: string;
  rtnMsg: string;
  amount: number;
  gwsr: string;
  processDate: Date;
  authCode: string;
  tradeNo: string;
};

type ScheduleStatus = "running" | "cancelled" | "finished";

type Schedule = {
  merchant: EcpayCredentials;
  request: EcpayFields;
  terms: PeriodicTerms;
  /** The first charge's TradeNo. */
  tradeNo: string;
  status: ScheduleStatus;
  /** Periods charged so far (a ReAuth retries a period, it does not add one). */
  periods: number;
  failures: number;
  log: Charge[];
};

/** ExecStatus of QueryCreditCardPeriodInfo (DOC-2892). */
const execStatus: Record<ScheduleStatus, string> = { cancelled: "0", running: "1", finished: "2" };

export type PeriodicSimulatorOptions = SimulatorContext & {
  readonly merchants: readonly EcpayCredentials[];
  /** A new ECPay TradeNo, unique in the simulator (each charge has its own). */
  readonly newTradeNo: () => string;
};

/** What the payment part of the simulator calls when a periodic order's first charge succeeds. */
export type PeriodicSchedules = {
  start(order: {
    merchant: EcpayCredentials;
    request: EcpayFields;
    terms: PeriodicTerms;
    tradeNo: string;
  }): void;
};

/** Adds the periodic routes to the simulator's app. */
export function addPeriodicRoutes(app: Hono, options: PeriodicSimulatorOptions): PeriodicSchedules {
  const { merchants, now, deliver } = options;
  const schedules = new Map<string, Schedule>();
  const key = (merchantId: string, merchantTradeNo: string) => `${merchantId}/${merchantTradeNo}`;
  // Authorization ids: 8 digits like stage's, unique per simulator.
  let nextGwsr = 10_000_000 + randomInt(80_000_000);

  const charge = (schedule: Schedule, authorized: boolean): Charge => ({
    rtnCode: authorized ? "1" : simulatedFailureCode,
    rtnMsg: authorized ? "交易成功" : "授權失敗（模擬）",
    amount: schedule.terms.periodAmount,
    gwsr: String(nextGwsr++),
    processDate: now(),
    authCode: authorized ? digits(6) : "",
    tradeNo: options.newTradeNo(),
  });

  const successes = (schedule: Schedule) => schedule.log.filter((entry) => entry.rtnCode === "1");

  /** The §5 PeriodReturnURL notification of `entry`, signed. */
  const notification = (schedule: Schedule, entry: Charge) => {
    const { request, terms } = schedule;
    const custom = Object.fromEntries(
      ["CustomField1", "CustomField2", "CustomField3", "CustomField4"].map((name) => [
        name,
        request[name] ?? "",
      ]),
    );
    return signFields(
      {
        MerchantID: schedule.merchant.merchantId,
        MerchantTradeNo: request.MerchantTradeNo!,
        StoreID: request.StoreID ?? "",
        RtnCode: entry.rtnCode,
        RtnMsg: entry.rtnMsg,
        PeriodType: terms.periodType,
        Frequency: String(terms.frequency),
        ExecTimes: String(terms.execTimes),
        Amount: String(entry.amount),
        Gwsr: entry.gwsr,
        ProcessDate: formatTaipeiDateTime(entry.processDate),
        AuthCode: entry.authCode,
        FirstAuthAmount: String(schedule.log[0]!.amount),
        TotalSuccessTimes: String(successes(schedule).length),
        ...custom,
      },
      schedule.merchant,
      "sha256",
    );
  };

  /** Notifies PeriodReturnURL until `1|OK`; re-sends of an authorization carry RtnMsg=paid (§2.3). */
  const notify = async (schedule: Schedule, entry: Charge) => {
    const fields = notification(schedule, entry);
    const resend =
      entry.rtnCode === "1" ? signFields({ ...fields, RtnMsg: "paid" }, schedule.merchant, "sha256") : fields;
    const delivered = await deliver(schedule.terms.periodReturnUrl, fields, resend);
    return { delivered, fields };
  };

  const summary = (schedule: Schedule) => ({
    status: schedule.status,
    periods: schedule.periods,
    execTimes: schedule.terms.execTimes,
    totalSuccessTimes: successes(schedule).length,
    failures: schedule.failures,
  });

  const findSchedule = async (c: Context) => {
    const merchantTradeNo = c.req.param("merchantTradeNo") ?? "";
    const merchantId = c.req.query("MerchantID") ?? (await formBody(c)).MerchantID;
    return [...schedules.values()].filter(
      (schedule) =>
        schedule.request.MerchantTradeNo === merchantTradeNo &&
        (merchantId === undefined || schedule.merchant.merchantId === merchantId),
    );
  };

  app.post("/simulator/periodic/:merchantTradeNo/:outcome", async (c) => {
    const outcome = c.req.param("outcome");
    if (outcome !== "charge" && outcome !== "fail") return c.json({ error: "請使用 charge 或 fail。" }, 404);
    const found = await findSchedule(c);
    if (found.length === 0) {
      return c.json({ error: "找不到這筆定期定額（首期須先以信用卡付款成功）。" }, 404);
    }
    if (found.length > 1) return c.json({ error: "多個特店使用這個特店訂單編號，請加上 MerchantID。" }, 409);
    const schedule = found[0]!;
    if (schedule.status === "cancelled") {
      return c.json({ error: "定期定額已終止，不會再扣款。", ...summary(schedule) }, 409);
    }
    if (schedule.status === "finished") {
      return c.json(
        {
          error: `已執行 ExecTimes（${schedule.terms.execTimes}）次，定期定額已結束。`,
          ...summary(schedule),
        },
        409,
      );
    }

    const authorized = outcome === "charge";
    const entry = charge(schedule, authorized);
    schedule.log.push(entry);
    schedule.periods += 1;
    if (!authorized) schedule.failures += 1;
    if (schedule.failures >= maxPeriodicFailures) schedule.status = "cancelled";
    else if (schedule.periods >= schedule.terms.execTimes) schedule.status = "finished";
    // ECPay documents PeriodReturnURL notices "在每次授權成功後" and may never notify a decline
    // (§5: reconcile with QueryCreditCardPeriodInfo). The simulator does notify one, with
    // RtnCode ≠ 1, so that a merchant's handling of it can be tested.
    if (c.req.query("notify") === "0") return c.json({ delivered: false, ...summary(schedule) });
    const { delivered, fields } = await notify(schedule, entry);
    return c.json({ delivered, sent: fields, ...summary(schedule) });
  });

  /** The reply of CreditCardPeriodAction: `k=v&…`, unsigned (see ../periodic.ts). */
  const actionReply = (c: Context, fields: EcpayFields, rtnCode: string, rtnMsg: string) =>
    c.text(
      responseBody({
        MerchantID: fields.MerchantID ?? "",
        MerchantTradeNo: fields.MerchantTradeNo ?? "",
        RtnCode: rtnCode,
        RtnMsg: rtnMsg,
      }),
    );

  app.post("/Cashier/CreditCardPeriodAction", async (c) => {
    const fields = await formBody(c);
    const merchant = findMerchant(merchants, fields.MerchantID);
    if (!merchant) return actionReply(c, fields, periodActionFailure.merchant, "MerchantID Error");
    if (!verifyCheckMacValue(fields, merchant, "sha256")) {
      return actionReply(c, fields, periodActionFailure.checkMacValue, "CheckMacValue Error");
    }
    if (!freshTimeStamp(fields.TimeStamp, now())) {
      return actionReply(c, fields, periodActionFailure.timeStamp, "TimeStamp Error");
    }
    const schedule = schedules.get(key(merchant.merchantId, fields.MerchantTradeNo ?? ""));
    if (!schedule) return actionReply(c, fields, periodActionFailure.notFound, "查無定期定額訂單");

    if (fields.Action === "Cancel") {
      if (schedule.status !== "running") {
        const state = schedule.status === "cancelled" ? "已終止" : "已執行完成";
        return actionReply(c, fields, periodActionFailure.state, `定期定額訂單${state}`);
      }
      schedule.status = "cancelled";
      return actionReply(c, fields, "1", "成功");
    }
    if (fields.Action === "ReAuth") {
      // Only the latest charge, only when it failed, never on a cancelled schedule (DOC-2900).
      const latest = schedule.log.at(-1);
      if (schedule.status === "cancelled" || !latest || latest.rtnCode === "1") {
        return actionReply(c, fields, periodActionFailure.state, "無可補授權的交易");
      }
      // ECPay's scheduler runs it later; the simulator authorizes at once, then answers.
      const entry = charge(schedule, true);
      schedule.log.push(entry);
      await notify(schedule, entry);
      return actionReply(c, fields, "1", "成功");
    }
    return actionReply(c, fields, periodActionFailure.action, "Action Error");
  });

  // Refusals are plain text (HTTP 400), like the simulator's QueryTradeInfo: never mistaken for JSON.
  app.post("/Cashier/QueryCreditCardPeriodInfo", async (c) => {
    const fields = await formBody(c);
    const merchant = findMerchant(merchants, fields.MerchantID);
    if (!merchant) return c.text("MerchantID Error", 400);
    if (!verifyCheckMacValue(fields, merchant, "sha256")) return c.text("10200073|CheckMacValue Error", 400);
    if (!freshTimeStamp(fields.TimeStamp, now())) return c.text("10200084|TimeStamp Error", 400);
    const schedule = schedules.get(key(merchant.merchantId, fields.MerchantTradeNo ?? ""));
    if (!schedule) {
      return c.json({
        MerchantID: merchant.merchantId,
        MerchantTradeNo: fields.MerchantTradeNo ?? "",
        TradeNo: "",
        RtnCode: Number(periodActionFailure.notFound),
        ExecLog: [],
      });
    }
    const first = schedule.log[0]!;
    const succeeded = successes(schedule);
    return c.json({
      MerchantID: merchant.merchantId,
      MerchantTradeNo: schedule.request.MerchantTradeNo,
      TradeNo: schedule.tradeNo,
      RtnCode: Number(first.rtnCode),
      PeriodType: schedule.terms.periodType,
      Frequency: schedule.terms.frequency,
      ExecTimes: schedule.terms.execTimes,
      PeriodAmount: schedule.terms.periodAmount,
      amount: first.amount,
      gwsr: Number(first.gwsr),
      process_date: formatTaipeiDateTime(first.processDate),
      auth_code: first.authCode,
      // ECPay's stage test card 4311-9522-2222-2222.
      card4no: "2222",
      card6no: "431195",
      TotalSuccessTimes: succeeded.length,
      TotalSuccessAmount: succeeded.reduce((sum, entry) => sum + entry.amount, 0),
      ExecStatus: execStatus[schedule.status],
      ExecLog: schedule.log.map((entry) => ({
        RtnCode: Number(entry.rtnCode),
        amount: entry.amount,
        gwsr: Number(entry.gwsr),
        process_date: formatTaipeiDateTime(entry.processDate),
        auth_code: entry.authCode,
        TradeNo: entry.tradeNo,
      })),
    });
  });

  return {
    start({ merchant, request, terms, tradeNo }) {
      const schedule: Schedule = {
        merchant,
        request,
        terms,
        tradeNo,
        status: "running",
        periods: 1,
        failures: 0,
        log: [],
      };
      schedule.log.push({
        rtnCode: "1",
        rtnMsg: "交易成功",
        amount: terms.periodAmount,
        gwsr: String(nextGwsr++),
        processDate: now(),
        authCode: digits(6),
        tradeNo,
      });
      schedules.set(key(merchant.merchantId, request.MerchantTradeNo!), schedule);
    },
  };
}
