import { describe, expect, it } from "vitest";
import { ecpayEndpoints, ecpayModeSchema } from "./environments.ts";

describe("ecpayEndpoints", () => {
  it("points stage and production at ECPay's hosts", () => {
    expect(ecpayEndpoints("stage")).toEqual({
      aioCheckOut: "https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5",
      queryTradeInfo: "https://payment-stage.ecpay.com.tw/Cashier/QueryTradeInfo/V5",
      creditCardPeriodAction: "https://payment-stage.ecpay.com.tw/Cashier/CreditCardPeriodAction",
      queryCreditCardPeriodInfo: "https://payment-stage.ecpay.com.tw/Cashier/QueryCreditCardPeriodInfo",
      logisticsMap: "https://logistics-stage.ecpay.com.tw/Express/map",
      logisticsCreate: "https://logistics-stage.ecpay.com.tw/Express/Create",
      invoiceIssue: "https://einvoice-stage.ecpay.com.tw/B2CInvoice/Issue",
      invoiceGetIssue: "https://einvoice-stage.ecpay.com.tw/B2CInvoice/GetIssue",
    });
    expect(ecpayEndpoints("production")).toMatchObject({
      aioCheckOut: "https://payment.ecpay.com.tw/Cashier/AioCheckOut/V5",
      logisticsMap: "https://logistics.ecpay.com.tw/Express/map",
      invoiceIssue: "https://einvoice.ecpay.com.tw/B2CInvoice/Issue",
    });
  });

  it("serves every path under the simulator's base", () => {
    expect(ecpayEndpoints("simulator", "http://localhost:3000/_ecpay/")).toMatchObject({
      aioCheckOut: "http://localhost:3000/_ecpay/Cashier/AioCheckOut/V5",
      creditCardPeriodAction: "http://localhost:3000/_ecpay/Cashier/CreditCardPeriodAction",
      logisticsCreate: "http://localhost:3000/_ecpay/Express/Create",
    });
  });

  it("needs an absolute simulator base", () => {
    expect(() => ecpayEndpoints("simulator")).toThrow(/base URL/);
    expect(() => ecpayEndpoints("simulator", "/_ecpay")).toThrow();
  });
});

describe("ecpayModeSchema", () => {
  it("accepts the three modes only", () => {
    expect(ecpayModeSchema.options).toEqual(["simulator", "stage", "production"]);
    expect(ecpayModeSchema.safeParse("test").success).toBe(false);
  });
});
