import { describe, expect, it } from "vitest";
import {
  type AioCheckoutInput,
  buildAioCheckout,
  buildQueryTradeInfo,
  parsePaymentInfo,
  parsePaymentResult,
  parsePeriodicResult,
  parseQueryTradeInfo,
} from "./aio.ts";
import { computeCheckMacValue, signFields, verifyCheckMacValue } from "./check-mac-value.ts";
import { ecpayEndpoints, stageCredentials } from "./environments.ts";
import { formFields } from "./fields.ts";

const credentials = stageCredentials.payment;
const config = { endpoints: ecpayEndpoints("stage"), credentials };
const action = "https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5";

const order: AioCheckoutInput = {
  merchantTradeNo: "SY20250101A1",
  tradeDate: new Date("2025-01-01T04:05:06Z"),
  totalAmount: 350,
  tradeDesc: "拾憶雜誌訂單",
  itemNames: ["拾憶 第 12 期 x 1", "運費 x 1"],
  returnUrl: "https://shop.example.tw/api/ecpay/return",
  payment: { method: "Credit" },
};

describe("buildAioCheckout", () => {
  it("builds a signed Credit order with Taiwan time and #-joined items", () => {
    const { action: url, fields } = buildAioCheckout(config, order);
    expect(url).toBe(action);
    const { CheckMacValue, ...unsigned } = fields;
    expect(unsigned).toEqual({
      MerchantID: "3002607",
      MerchantTradeNo: "SY20250101A1",
      MerchantTradeDate: "2025/01/01 12:05:06",
      PaymentType: "aio",
      TotalAmount: "350",
      TradeDesc: "拾憶雜誌訂單",
      ItemName: "拾憶 第 12 期 x 1#運費 x 1",
      ReturnURL: "https://shop.example.tw/api/ecpay/return",
      ChoosePayment: "Credit",
      EncryptType: "1",
    });
    expect(CheckMacValue).toBe(computeCheckMacValue(unsigned, credentials, "sha256"));
  });

  it("writes midnight as 00, not 24, and crosses the date line into Taiwan's day", () => {
    const { fields } = buildAioCheckout(config, { ...order, tradeDate: new Date("2024-12-31T16:00:00Z") });
    expect(fields.MerchantTradeDate).toBe("2025/01/01 00:00:00");
  });

  it("fits the names into ECPay's 400 characters, saying how many more there are", () => {
    const names = Array.from({ length: 36 }, (_, i) => `典藏號：台灣小吃地圖第${i + 1}卷 x 1`);
    const { fields } = buildAioCheckout(config, { ...order, itemNames: [...names, "運費 x 1"] });
    const sent = fields.ItemName!.split("#");
    expect(fields.ItemName!.length).toBeLessThanOrEqual(400);
    expect(sent.slice(0, -1)).toEqual(names.slice(0, sent.length - 1));
    expect(sent.at(-1)).toBe(`其餘 ${37 - (sent.length - 1)} 項`);
    // What fits is sent whole; a name alone over the limit is cut.
    expect(
      buildAioCheckout(config, { ...order, itemNames: ["字".repeat(200), "字".repeat(200)] }).fields.ItemName,
    ).toBe(`${"字".repeat(200)}#其餘 1 項`);
    const long = buildAioCheckout(config, { ...order, itemNames: ["字".repeat(500), "運費 x 1"] }).fields
      .ItemName!;
    expect(long).toBe(`${"字".repeat(392)}…#其餘 1 項`);
    expect(long.length).toBe(400);
  });

  it("drops a # inside an item name and sends the optional fields", () => {
    const { fields } = buildAioCheckout(config, {
      ...order,
      itemNames: ["Vol.#12 特刊", "  #  贈品 "],
      clientBackUrl: "https://shop.example.tw/orders/1",
      orderResultUrl: "https://shop.example.tw/api/ecpay/result",
      needExtraPaidInfo: true,
      customFields: ["token-abc", ""],
    });
    expect(fields).toMatchObject({
      ItemName: "Vol.12 特刊#贈品",
      ClientBackURL: "https://shop.example.tw/orders/1",
      OrderResultURL: "https://shop.example.tw/api/ecpay/result",
      NeedExtraPaidInfo: "Y",
      CustomField1: "token-abc",
      CustomField2: "",
    });
    expect(fields).not.toHaveProperty("CustomField3");
    expect(verifyCheckMacValue(fields, credentials, "sha256")).toBe(true);
  });

  it("adds the ATM and CVS parameters", () => {
    const urls = {
      paymentInfoUrl: "https://shop.example.tw/api/ecpay/payment-info",
      clientRedirectUrl: "https://shop.example.tw/api/ecpay/code",
    };
    const atm = buildAioCheckout(config, { ...order, payment: { method: "ATM", expireDays: 3, ...urls } });
    expect(atm.fields).toMatchObject({
      ChoosePayment: "ATM",
      ExpireDate: "3",
      PaymentInfoURL: urls.paymentInfoUrl,
      ClientRedirectURL: urls.clientRedirectUrl,
    });
    const cvs = buildAioCheckout(config, { ...order, payment: { method: "CVS", storeExpireMinutes: 4320 } });
    expect(cvs.fields).toMatchObject({ ChoosePayment: "CVS", StoreExpireDate: "4320" });
    expect(cvs.fields).not.toHaveProperty("PaymentInfoURL");
  });

  it("adds the periodic parameters with PeriodAmount equal to TotalAmount", () => {
    const { fields } = buildAioCheckout(config, {
      ...order,
      totalAmount: 500,
      payment: {
        method: "Credit",
        periodic: {
          periodType: "M",
          frequency: 1,
          execTimes: 12,
          periodReturnUrl: "https://shop.example.tw/api/ecpay/period",
        },
      },
    });
    expect(fields).toMatchObject({
      ChoosePayment: "Credit",
      TotalAmount: "500",
      PeriodAmount: "500",
      PeriodType: "M",
      Frequency: "1",
      ExecTimes: "12",
      PeriodReturnURL: "https://shop.example.tw/api/ecpay/period",
    });
    expect(verifyCheckMacValue(fields, credentials, "sha256")).toBe(true);
  });

  const periodic = (periodType: "D" | "M" | "Y", frequency: number, execTimes: number): AioCheckoutInput => ({
    ...order,
    payment: {
      method: "Credit",
      periodic: { periodType, frequency, execTimes, periodReturnUrl: "https://shop.example.tw/p" },
    },
  });

  it.each<[string, AioCheckoutInput]>([
    ["a MerchantTradeNo of 21 characters", { ...order, merchantTradeNo: "A".repeat(21) }],
    ["a MerchantTradeNo with a dash", { ...order, merchantTradeNo: "SY-1" }],
    ["a zero amount", { ...order, totalAmount: 0 }],
    ["a fractional amount", { ...order, totalAmount: 10.5 }],
    ["a TradeDesc over 200", { ...order, tradeDesc: "字".repeat(201) }],
    ["HTML in TradeDesc", { ...order, tradeDesc: "<b>訂單</b>" }],
    ["no items", { ...order, itemNames: [] }],
    ["an item that is only #", { ...order, itemNames: ["#"] }],
    ["a relative ReturnURL", { ...order, returnUrl: "/api/ecpay/return" }],
    ["a non-http ReturnURL", { ...order, returnUrl: "javascript:alert(1)" }],
    ["OrderResultURL equal to ReturnURL", { ...order, orderResultUrl: order.returnUrl }],
    ["five custom fields", { ...order, customFields: ["1", "2", "3", "4", "5"] }],
    ["ATM expiring after 61 days", { ...order, payment: { method: "ATM", expireDays: 61 } }],
    ["monthly every 13 months", periodic("M", 13, 2)],
    ["yearly every 2 years", periodic("Y", 2, 2)],
    ["a single execution", periodic("D", 1, 1)],
    ["monthly 100 times", periodic("M", 1, 100)],
  ])("rejects %s", (_, input) => {
    expect(() => buildAioCheckout(config, input)).toThrow();
  });
});

describe("buildQueryTradeInfo", () => {
  it("signs MerchantID, MerchantTradeNo and a Unix-seconds TimeStamp", () => {
    const request = buildQueryTradeInfo(config, "SY20250101A1", new Date("2025-01-01T04:05:06.789Z"));
    expect(request.action).toBe("https://payment-stage.ecpay.com.tw/Cashier/QueryTradeInfo/V5");
    expect(request.fields).toMatchObject({
      MerchantID: "3002607",
      MerchantTradeNo: "SY20250101A1",
      TimeStamp: "1735704306",
    });
    expect(verifyCheckMacValue(request.fields, credentials, "sha256")).toBe(true);
  });
});

// R1 of reference §3.4: a real stage ReturnURL with NeedExtraPaidInfo=Y, as ECPay form-encodes it.
const r1Body =
  "AlipayID=&AlipayTradeNo=&amount=80800&ATMAccBank=&ATMAccNo=&auth_code=777777&card4no=2222&card6no=431195" +
  "&CustomField1=&CustomField2=&CustomField3=&CustomField4=&eci=0&ExecTimes=&Frequency=&gwsr=13955622" +
  "&MerchantID=3002607&MerchantTradeNo=2025101423404152&PayFrom=&PaymentDate=2025%2F10%2F14+23%3A35%3A34" +
  "&PaymentNo=&PaymentType=Credit_CreditCard&PaymentTypeChargeFee=1981&PeriodAmount=&PeriodType=" +
  "&process_date=2025%2F10%2F14+23%3A35%3A34&red_dan=0&red_de_amt=0&red_ok_amt=0&red_yet=0&RtnCode=1" +
  "&RtnMsg=%E4%BA%A4%E6%98%93%E6%88%90%E5%8A%9F&SimulatePaid=0&staed=0&stage=0&stast=0&StoreID=" +
  "&TenpayTradeNo=&TotalSuccessAmount=&TotalSuccessTimes=&TradeAmt=80800&TradeDate=2025%2F10%2F14+23%3A35%3A01" +
  "&TradeNo=2510142335016248&WebATMAccBank=&WebATMAccNo=&WebATMBankName=" +
  "&CheckMacValue=EE759D314B59ACB73C8B9129620F90964D78C3EDE06B2661C63BB984AC41AC3E";

describe("parsePaymentResult", () => {
  it("accepts ECPay's real R1 notification, extra fields and all", () => {
    const result = parsePaymentResult(formFields(r1Body), credentials);
    expect(result).toMatchObject({
      ok: true,
      value: {
        merchantTradeNo: "2025101423404152",
        tradeNo: "2510142335016248",
        rtnCode: "1",
        rtnMsg: "交易成功",
        amount: 80800,
        paymentType: "Credit_CreditCard",
        paymentDate: new Date("2025-10-14T15:35:34Z"),
        tradeDate: new Date("2025-10-14T15:35:01Z"),
        simulated: false,
        paid: true,
        customFields: ["", "", "", ""],
      },
    });
    expect(Object.keys(result.ok ? result.fields : {})).toHaveLength(47);
  });

  it("accepts the official SDK's V3 payload", () => {
    const fields = {
      MerchantID: "3002607",
      MerchantTradeNo: "WPLL4E341E122DB44D62",
      PaymentDate: "2019/05/09 00:01:21",
      PaymentType: "Credit_CreditCard",
      PaymentTypeChargeFee: "1",
      RtnCode: "1",
      RtnMsg: "交易成功",
      SimulatePaid: "0",
      TradeAmt: "500",
      TradeDate: "2019/05/09 00:00:18",
      TradeNo: "1905090000188278",
      CheckMacValue: "6E7F053EF215FC851A050A2FF01D72CBE440EA138DC3E905647985DDF236FD25",
    };
    expect(parsePaymentResult(fields, credentials)).toMatchObject({
      ok: true,
      value: { amount: 500, paid: true },
    });
  });

  it("treats a simulated payment as not paid", () => {
    const fields = signFields(
      { ...formFields(r1Body), CheckMacValue: "", SimulatePaid: "1" },
      credentials,
      "sha256",
    );
    expect(parsePaymentResult(fields, credentials)).toMatchObject({
      ok: true,
      value: { simulated: true, paid: false },
    });
  });

  it("rejects an altered amount, another merchant, and fields that do not fit", () => {
    expect(parsePaymentResult({ ...formFields(r1Body), TradeAmt: "1" }, credentials)).toEqual({
      ok: false,
      error: "check-mac-value",
      issues: [],
    });
    const otherMerchant = { ...credentials, merchantId: "3002599" };
    expect(parsePaymentResult(formFields(r1Body), otherMerchant)).toMatchObject({
      ok: false,
      error: "merchant",
    });
    const { CheckMacValue: _, ...rest } = formFields(r1Body);
    const badAmount = signFields({ ...rest, TradeAmt: "80800.5" }, credentials, "sha256");
    expect(parsePaymentResult(badAmount, credentials)).toMatchObject({
      ok: false,
      error: "invalid",
      issues: [expect.stringMatching(/^TradeAmt: /)],
    });
  });
});

const signed = (fields: Record<string, string>) => signFields(fields, credentials, "sha256");
const infoCommon = {
  MerchantID: "3002607",
  MerchantTradeNo: "SY20250101A2",
  TradeNo: "2501011205061234",
  TradeAmt: "350",
  TradeDate: "2025/01/01 12:05:06",
  CustomField1: "tok",
};

describe("parsePaymentInfo", () => {
  it("reads an ATM virtual account (RtnCode 2 = issued)", () => {
    const fields = signed({
      ...infoCommon,
      RtnCode: "2",
      RtnMsg: "Get VirtualAccount Succeeded",
      PaymentType: "ATM_TAISHIN",
      BankCode: "812",
      vAccount: "9103522175887271",
      ExpireDate: "2025/01/04",
    });
    expect(parsePaymentInfo(fields, credentials)).toMatchObject({
      ok: true,
      value: {
        method: "ATM",
        issued: true,
        bankCode: "812",
        virtualAccount: "9103522175887271",
        expireDate: "2025/01/04",
        amount: 350,
        customFields: ["tok", "", "", ""],
      },
    });
  });

  it("reads a CVS code (RtnCode 10100073 = issued) and a failed ATM request", () => {
    const cvs = signed({
      ...infoCommon,
      RtnCode: "10100073",
      RtnMsg: "Get CVS Code Succeeded.",
      PaymentType: "CVS_CVS",
      PaymentNo: "LLL22251222",
      ExpireDate: "2025/01/04 12:05:06",
    });
    expect(parsePaymentInfo(cvs, credentials)).toMatchObject({
      ok: true,
      value: { method: "CVS", issued: true, paymentNo: "LLL22251222" },
    });
    const failed = signed({
      ...infoCommon,
      RtnCode: "10100058",
      RtnMsg: "failed",
      PaymentType: "ATM_TAISHIN",
      BankCode: "",
      vAccount: "",
      ExpireDate: "",
    });
    expect(parsePaymentInfo(failed, credentials)).toMatchObject({
      ok: true,
      value: { method: "ATM", issued: false },
    });
  });

  it("rejects a payment type it does not know", () => {
    const fields = signed({
      ...infoCommon,
      RtnCode: "1",
      RtnMsg: "",
      PaymentType: "Credit_CreditCard",
      ExpireDate: "",
    });
    expect(parsePaymentInfo(fields, credentials)).toMatchObject({ ok: false, error: "invalid" });
  });
});

describe("parsePeriodicResult", () => {
  const period = {
    MerchantID: "3002607",
    MerchantTradeNo: "SYD20250101A",
    StoreID: "",
    RtnCode: "1",
    RtnMsg: "paid",
    PeriodType: "M",
    Frequency: "1",
    ExecTimes: "12",
    Amount: "500",
    Gwsr: "13955700",
    ProcessDate: "2025/02/01 03:00:12",
    AuthCode: "777777",
    FirstAuthAmount: "500",
    TotalSuccessTimes: "2",
  };

  it("reads a later authorization with its Gwsr", () => {
    expect(parsePeriodicResult(signed(period), credentials)).toMatchObject({
      ok: true,
      value: {
        merchantTradeNo: "SYD20250101A",
        gwsr: "13955700",
        amount: 500,
        totalSuccessTimes: 2,
        periodType: "M",
        authorized: true,
        simulated: false,
      },
    });
  });

  it("does not count a failed or simulated authorization", () => {
    expect(parsePeriodicResult(signed({ ...period, RtnCode: "10100248" }), credentials)).toMatchObject({
      ok: true,
      value: { authorized: false },
    });
    expect(parsePeriodicResult(signed({ ...period, SimulatePaid: "1" }), credentials)).toMatchObject({
      ok: true,
      value: { authorized: false, simulated: true },
    });
  });

  it("rejects one signed with the logistics algorithm", () => {
    const md5 = signFields(period, credentials, "md5");
    expect(parsePeriodicResult(md5, credentials)).toMatchObject({ ok: false, error: "check-mac-value" });
  });
});

describe("parseQueryTradeInfo", () => {
  it("verifies the response with a + kept literal in ItemName", () => {
    const fields = {
      CustomField1: "",
      CustomField2: "",
      CustomField3: "",
      CustomField4: "",
      HandlingCharge: "0",
      ItemName: "A+B 雜誌",
      MerchantID: "3002607",
      MerchantTradeNo: "SY20250101A1",
      PaymentDate: "2025/01/01 12:06:00",
      PaymentType: "Credit_CreditCard",
      PaymentTypeChargeFee: "9",
      StoreID: "",
      TradeAmt: "350",
      TradeDate: "2025/01/01 12:05:06",
      TradeNo: "2501011205061234",
      TradeStatus: "1",
    };
    const mac = computeCheckMacValue(fields, credentials, "sha256");
    const body = `${Object.entries(fields)
      .map(([name, value]) => `${name}=${value}`)
      .join("&")}&CheckMacValue=${mac}`;
    expect(parseQueryTradeInfo(body, credentials)).toMatchObject({
      ok: true,
      value: { tradeStatus: "1", paid: true, amount: 350, tradeNo: "2501011205061234" },
      fields: { ItemName: "A+B 雜誌" },
    });
  });
});
