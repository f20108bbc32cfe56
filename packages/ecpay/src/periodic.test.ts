import { describe, expect, it } from "vitest";
import { computeCheckMacValue, signFields, verifyCheckMacValue } from "./check-mac-value.ts";
import { ecpayEndpoints, stageCredentials } from "./environments.ts";
import {
  buildCreditCardPeriodAction,
  buildQueryCreditCardPeriodInfo,
  parseCreditCardPeriodActionReply,
  parseCreditCardPeriodInfo,
  type CreditCardPeriodAction,
} from "./periodic.ts";

const credentials = stageCredentials.payment;
const config = { endpoints: ecpayEndpoints("stage"), credentials };
const now = new Date("2025-01-01T04:05:06.789Z");

describe("buildCreditCardPeriodAction", () => {
  it("signs Cancel with MerchantID, MerchantTradeNo, Action and a TimeStamp in seconds", () => {
    const request = buildCreditCardPeriodAction(config, "SYD20250101A", "Cancel", now);
    expect(request.action).toBe("https://payment-stage.ecpay.com.tw/Cashier/CreditCardPeriodAction");
    const { CheckMacValue, ...unsigned } = request.fields;
    expect(unsigned).toEqual({
      MerchantID: "3002607",
      MerchantTradeNo: "SYD20250101A",
      Action: "Cancel",
      TimeStamp: "1735704306",
    });
    expect(CheckMacValue).toBe(computeCheckMacValue(unsigned, credentials, "sha256"));
    expect(verifyCheckMacValue(request.fields, credentials, "sha256")).toBe(true);
  });

  it("builds ReAuth and refuses other actions or a malformed MerchantTradeNo", () => {
    expect(buildCreditCardPeriodAction(config, "SYD20250101A", "ReAuth", now).fields.Action).toBe("ReAuth");
    expect(() =>
      buildCreditCardPeriodAction(config, "SYD20250101A", "Pause" as CreditCardPeriodAction),
    ).toThrow();
    expect(() => buildCreditCardPeriodAction(config, "SYD-2025", "Cancel")).toThrow();
  });

  it("goes to the simulator's base in simulator mode", () => {
    const simulator = { credentials, endpoints: ecpayEndpoints("simulator", "http://shop.test/_ecpay") };
    expect(buildCreditCardPeriodAction(simulator, "SYD1", "Cancel").action).toBe(
      "http://shop.test/_ecpay/Cashier/CreditCardPeriodAction",
    );
  });
});

describe("buildQueryCreditCardPeriodInfo", () => {
  it("signs MerchantID, MerchantTradeNo and TimeStamp", () => {
    const request = buildQueryCreditCardPeriodInfo(config, "SYD20250101A", now);
    expect(request.action).toBe("https://payment-stage.ecpay.com.tw/Cashier/QueryCreditCardPeriodInfo");
    const { CheckMacValue, ...unsigned } = request.fields;
    expect(unsigned).toEqual({
      MerchantID: "3002607",
      MerchantTradeNo: "SYD20250101A",
      TimeStamp: "1735704306",
    });
    expect(CheckMacValue).toBe(computeCheckMacValue(unsigned, credentials, "sha256"));
  });
});

describe("parseCreditCardPeriodActionReply", () => {
  it("reads a success", () => {
    const body = "MerchantID=3002607&MerchantTradeNo=SYD20250101A&RtnCode=1&RtnMsg=%E6%88%90%E5%8A%9F";
    expect(parseCreditCardPeriodActionReply(body, credentials)).toMatchObject({
      ok: true,
      value: { merchantTradeNo: "SYD20250101A", rtnCode: "1", rtnMsg: "成功", succeeded: true },
    });
  });

  it("reads a refusal as not succeeded, with or without the echoed fields", () => {
    expect(
      parseCreditCardPeriodActionReply("RtnCode=10200073&RtnMsg=CheckMacValue Error", credentials),
    ).toMatchObject({
      ok: true,
      value: {
        rtnCode: "10200073",
        rtnMsg: "CheckMacValue Error",
        succeeded: false,
        merchantTradeNo: undefined,
      },
    });
  });

  it("verifies a CheckMacValue when there is one, and checks the MerchantID", () => {
    const fields = { MerchantID: "3002607", MerchantTradeNo: "SYD1", RtnCode: "1", RtnMsg: "OK" };
    const signed = new URLSearchParams(signFields(fields, credentials, "sha256")).toString();
    expect(parseCreditCardPeriodActionReply(signed, credentials)).toMatchObject({ ok: true });
    const forged = signed.replace("RtnCode=1", "RtnCode=2");
    expect(parseCreditCardPeriodActionReply(forged, credentials)).toMatchObject({
      ok: false,
      error: "check-mac-value",
    });
    expect(parseCreditCardPeriodActionReply("MerchantID=2000132&RtnCode=1", credentials)).toMatchObject({
      ok: false,
      error: "merchant",
    });
  });

  it("refuses a body without RtnCode", () => {
    expect(parseCreditCardPeriodActionReply("<html>error</html>", credentials)).toMatchObject({
      ok: false,
      error: "invalid",
    });
  });
});

describe("parseCreditCardPeriodInfo", () => {
  // Shaped after DOC-2892: Int fields as numbers, the first authorization's details in lower case.
  const info = {
    MerchantID: "3002607",
    MerchantTradeNo: "SYD20250101A",
    TradeNo: "2501011205061234",
    RtnCode: 1,
    PeriodType: "M",
    Frequency: 1,
    ExecTimes: 12,
    PeriodAmount: 500,
    amount: 500,
    gwsr: 13955622,
    process_date: "2025/01/01 12:05:30",
    auth_code: "777777",
    card4no: "2222",
    card6no: "431195",
    TotalSuccessTimes: 2,
    TotalSuccessAmount: 1000,
    ExecStatus: "1",
    ExecLog: [
      {
        RtnCode: 1,
        amount: 500,
        gwsr: 13955622,
        process_date: "2025/01/01 12:05:30",
        auth_code: "777777",
        TradeNo: "2501011205061234",
      },
      {
        RtnCode: 10100248,
        amount: 500,
        gwsr: 13955700,
        process_date: "2025/02/01 03:00:12",
        auth_code: "",
        TradeNo: "2502010300121111",
      },
      {
        RtnCode: 1,
        Amount: "500",
        Gwsr: "13955701",
        ProcessDate: "2025/02/02 03:00:12",
        AuthCode: "777777",
        TradeNo: "2502020300122222",
      },
    ],
  };

  it("reads the schedule and its authorizations, from JSON text or a value", () => {
    const parsed = parseCreditCardPeriodInfo(JSON.stringify(info), credentials);
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        merchantTradeNo: "SYD20250101A",
        tradeNo: "2501011205061234",
        rtnCode: "1",
        periodType: "M",
        frequency: 1,
        execTimes: 12,
        periodAmount: 500,
        firstAuthAmount: 500,
        gwsr: "13955622",
        totalSuccessTimes: 2,
        totalSuccessAmount: 1000,
        status: "running",
      },
    });
    expect(parsed.ok && parsed.value.executions).toEqual([
      {
        rtnCode: "1",
        authorized: true,
        amount: 500,
        gwsr: "13955622",
        processDate: "2025/01/01 12:05:30",
        authCode: "777777",
        tradeNo: "2501011205061234",
      },
      expect.objectContaining({ rtnCode: "10100248", authorized: false, gwsr: "13955700" }),
      expect.objectContaining({
        rtnCode: "1",
        authorized: true,
        amount: 500,
        gwsr: "13955701",
        authCode: "777777",
      }),
    ]);
    expect(parseCreditCardPeriodInfo(info, credentials)).toMatchObject({ ok: true });
  });

  it("maps ExecStatus 0 and 2 to cancelled and finished", () => {
    for (const [execStatus, status] of [
      ["0", "cancelled"],
      ["2", "finished"],
      ["9", "unknown"],
    ]) {
      expect(parseCreditCardPeriodInfo({ ...info, ExecStatus: execStatus }, credentials)).toMatchObject({
        ok: true,
        value: { status },
      });
    }
  });

  it("reads an unknown order (empty fields, no log) without inventing a schedule", () => {
    const unknown = { MerchantID: "3002607", MerchantTradeNo: "NOPE1", RtnCode: 10200047, ExecLog: [] };
    expect(parseCreditCardPeriodInfo(unknown, credentials)).toMatchObject({
      ok: true,
      value: {
        rtnCode: "10200047",
        periodType: undefined,
        executions: [],
        status: "unknown",
        totalSuccessTimes: 0,
      },
    });
  });

  it("refuses another merchant, non-JSON and malformed fields", () => {
    expect(parseCreditCardPeriodInfo({ ...info, MerchantID: "2000132" }, credentials)).toMatchObject({
      ok: false,
      error: "merchant",
    });
    expect(parseCreditCardPeriodInfo("RtnCode=1", credentials)).toMatchObject({
      ok: false,
      error: "invalid",
    });
    expect(parseCreditCardPeriodInfo({ ...info, PeriodType: "W" }, credentials)).toMatchObject({
      ok: false,
      error: "invalid",
    });
    expect(parseCreditCardPeriodInfo({ ...info, ExecLog: [{ amount: 1 }] }, credentials)).toMatchObject({
      ok: false,
      error: "invalid",
    });
  });
});
