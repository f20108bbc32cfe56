import { Hono, type Context } from "hono";
import { signFields, verifyCheckMacValue, type EcpayFields } from "../check-mac-value.ts";
import { stageCredentials, type EcpayCredentials } from "../environments.ts";
import { formatTaipeiDateTime } from "../fields.ts";
import { renderAutoSubmitForm } from "../form.ts";
import { addInvoiceRoutes } from "./invoice.ts";
import { addLogisticsRoutes, type LogisticsMerchant } from "./logistics.ts";
import { addPeriodicRoutes, periodicTerms, type PeriodicTerms } from "./periodic.ts";
import { renderCheckoutPage, renderErrorPage, renderResultPage, type SimulatorAction } from "./page.ts";
import {
  createDeliver,
  defaultRetryDelaysMs,
  digits,
  findMerchant,
  formBody,
  freshTimeStamp,
  responseBody,
  simulatedFailureCode,
} from "./shared.ts";

/*
 * A local stand-in for ECPay's AIO payment (reference §2), logistics (§4, see logistics.ts) and
 * B2C e-invoice (§6, see invoice.ts), serving ECPay's own paths under whatever base it is mounted
 * at (`ecpayEndpoints("simulator", base)`). Payment:
 * - POST /Cashier/AioCheckOut/V5 checks MerchantID and CheckMacValue, then shows the order with
 *   one button per outcome;
 * - POST /simulator/trades/{tradeNo}/{credit|atm|cvs|fail} signs the notification ECPay would
 *   send, POSTs it server to server to ReturnURL or PaymentInfoURL until the answer is `1|OK`, then
 *   sends the browser back (OrderResultURL / ClientRedirectURL form, or a ClientBackURL link);
 * - POST /simulator/trades/{tradeNo}/pay pays an ATM/CVS trade whose code was issued;
 * - POST /Cashier/QueryTradeInfo/V5 answers for the trades it knows (§2.4).
 * A periodic (定期定額, §5) Credit order starts a schedule once paid; its later charges, Cancel/ReAuth
 * and QueryCreditCardPeriodInfo are in periodic.ts.
 * Everything lives in memory; it is never meant for production.
 */

export type EcpaySimulatorOptions = {
  /** Payment merchants the simulator accepts; default: ECPay's public stage payment account. */
  merchants?: readonly EcpayCredentials[];
  /** Logistics merchants; default: ECPay's public stage C2C and B2C accounts. */
  logisticsMerchants?: readonly LogisticsMerchant[];
  /** E-invoice merchants; default: ECPay's public stage invoice account. */
  invoiceMerchants?: readonly EcpayCredentials[];
  /** For server-to-server notifications; default: the global fetch. */
  fetch?: typeof fetch;
  /**
   * Waits before each re-send while the merchant does not answer `1|OK` (so 1 + length attempts).
   * ECPay waits minutes; the default keeps a developer's browser waiting a few seconds at most.
   */
  retryDelaysMs?: readonly number[];
  /**
   * Wait before a new shipment's first status notification (300), so the merchant has stored
   * AllPayLogisticsID from Express/Create's answer before it arrives. Default 500.
   */
  shipmentStatusDelayMs?: number;
  /** The clock, for tests. */
  now?: () => Date;
};

export { defaultRetryDelaysMs };

export { simulatedFailureCode };

type TradeState = "pending" | "paid" | "failed" | "awaiting-payment";

type Trade = {
  tradeNo: string;
  merchant: EcpayCredentials;
  request: EcpayFields;
  tradeDate: Date;
  state: TradeState;
  method?: "ATM" | "CVS";
  /** As notified, e.g. `Credit_CreditCard`; for QueryTradeInfo. */
  paymentType?: string;
  paymentDate?: Date;
  /** The code-issued fields (bank account / payment code), for the pay-later notification. */
  issued?: Record<string, string>;
  /** 定期定額: the schedule the first card payment starts. */
  periodic?: PeriodicTerms;
};

const allActions: readonly SimulatorAction[] = ["credit", "atm", "cvs", "fail"];

/** Which buttons a ChoosePayment allows (failure always). */
const actionsFor = (choosePayment: string): SimulatorAction[] => {
  switch (choosePayment) {
    case "ALL":
      return [...allActions];
    case "Credit":
      return ["credit", "fail"];
    case "ATM":
      return ["atm", "fail"];
    case "CVS":
      return ["cvs", "fail"];
    default:
      return [];
  }
};

const requiredFields = [
  "MerchantID",
  "MerchantTradeNo",
  "MerchantTradeDate",
  "PaymentType",
  "TotalAmount",
  "TradeDesc",
  "ItemName",
  "ReturnURL",
  "ChoosePayment",
  "EncryptType",
  "CheckMacValue",
] as const;

const taipeiDate = (date: Date) => formatTaipeiDateTime(date).slice(0, 10);

/** QueryTradeInfo's TradeStatus (§2.4): 0 not paid yet, 1 paid, 10200095 never completed. */
const tradeStatus: Record<TradeState, string> = {
  pending: "0",
  "awaiting-payment": "0",
  paid: "1",
  failed: "10200095",
};

/** The Hono app of the simulator; mount it under the base given to `ecpayEndpoints`. */
export function createEcpaySimulator(options: EcpaySimulatorOptions = {}) {
  const merchants = options.merchants ?? [stageCredentials.payment];
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const deliverForm = createDeliver(send, options.retryDelaysMs ?? defaultRetryDelaysMs);
  const now = options.now ?? (() => new Date());
  const trades = new Map<string, Trade>();
  const usedTradeNos = new Set<string>();
  /** Every TradeNo given out: trades and the later charges of periodic schedules. */
  const issuedTradeNos = new Set<string>();

  const newTradeNo = () => {
    for (;;) {
      // ECPay's TradeNo is 16 digits starting with yyMMdd; ours: yyMMddHHmmss + 4 random digits.
      const stamp = formatTaipeiDateTime(now()).replace(/\D/g, "").slice(2);
      const tradeNo = `${stamp}${digits(4)}`;
      if (!issuedTradeNos.has(tradeNo)) {
        issuedTradeNos.add(tradeNo);
        return tradeNo;
      }
    }
  };

  /** POSTs signed `fields` until the body is exactly `1|OK`; whether it ever was. */
  const deliver = (url: string, fields: Record<string, string>, keys: EcpayCredentials) =>
    // Re-sends of a paid notification carry RtnMsg=paid, as ECPay's do (§2.3).
    deliverForm(
      url,
      fields,
      fields.RtnCode === "1" ? signFields({ ...fields, RtnMsg: "paid" }, keys, "sha256") : fields,
    );

  const common = (trade: Trade) => {
    const request = trade.request;
    const custom = Object.fromEntries(
      ["CustomField1", "CustomField2", "CustomField3", "CustomField4"].map((name) => [
        name,
        request[name] ?? "",
      ]),
    );
    return {
      MerchantID: trade.merchant.merchantId,
      MerchantTradeNo: request.MerchantTradeNo!,
      StoreID: request.StoreID ?? "",
      TradeNo: trade.tradeNo,
      TradeAmt: request.TotalAmount!,
      TradeDate: formatTaipeiDateTime(trade.tradeDate),
      ...custom,
    };
  };

  const paymentResult = (trade: Trade, paid: boolean, paymentType: string) => ({
    ...common(trade),
    RtnCode: paid ? "1" : simulatedFailureCode,
    RtnMsg: paid ? "交易成功" : "付款失敗（模擬）",
    PaymentDate: formatTaipeiDateTime(now()),
    PaymentType: paymentType,
    PaymentTypeChargeFee: "0",
    SimulatePaid: "0",
  });

  const issueCode = (trade: Trade, method: "ATM" | "CVS") => {
    if (method === "ATM") {
      const days = Number(trade.request.ExpireDate || "3");
      const expire = new Date(now().getTime() + days * 86_400_000);
      return {
        ...common(trade),
        RtnCode: "2",
        RtnMsg: "Get VirtualAccount Succeeded",
        PaymentType: "ATM_TAISHIN",
        BankCode: "812",
        vAccount: digits(16),
        ExpireDate: taipeiDate(expire),
      };
    }
    const minutes = Number(trade.request.StoreExpireDate || "10080");
    const expire = new Date(now().getTime() + minutes * 60_000);
    return {
      ...common(trade),
      RtnCode: "10100073",
      RtnMsg: "Get CVS Code Succeeded.",
      PaymentType: "CVS_CVS",
      PaymentNo: `LLL${digits(11)}`,
      ExpireDate: formatTaipeiDateTime(expire),
    };
  };

  /** Sends the browser on: an auto-submitted form to `postTo`, else a page with a ClientBackURL link. */
  const browserBack = (
    c: Context,
    trade: Trade,
    fields: Record<string, string>,
    postTo: string | undefined,
    page: { heading: string; details: [string, string][]; delivered: boolean },
  ) => {
    c.header("Cache-Control", "no-store");
    if (postTo) {
      return c.html(
        renderAutoSubmitForm({ action: postTo, fields }, { title: "正在返回商店", button: "返回商店" }),
      );
    }
    return c.html(
      renderResultPage({
        ...page,
        payable: trade.state === "awaiting-payment",
        clientBackUrl: trade.request.ClientBackURL || undefined,
      }),
    );
  };

  const app = new Hono();
  const schedules = addPeriodicRoutes(app, { now, deliver: deliverForm, merchants, newTradeNo });

  app.post("/Cashier/AioCheckOut/V5", async (c) => {
    const fields = await formBody(c);
    const fail = (message: string) => c.html(renderErrorPage(message), 400);
    const merchant = findMerchant(merchants, fields.MerchantID);
    if (!merchant) return fail(`找不到特店編號 ${fields.MerchantID ?? "（未提供）"}。`);
    if (!verifyCheckMacValue(fields, merchant, "sha256")) {
      return fail("10200073 CheckMacValue Error：檢查碼錯誤。");
    }
    const missing = requiredFields.filter((name) => !fields[name]);
    if (missing.length > 0) return fail(`缺少必要參數：${missing.join("、")}。`);
    if (fields.PaymentType !== "aio" || fields.EncryptType !== "1") {
      return fail("PaymentType 須為 aio，EncryptType 須為 1。");
    }
    if (!/^[1-9]\d*$/.test(fields.TotalAmount!)) return fail("TotalAmount 須為正整數（新臺幣）。");
    const actions = actionsFor(fields.ChoosePayment!);
    if (actions.length === 0) return fail(`模擬器不支援付款方式 ${fields.ChoosePayment}。`);
    const periodic = periodicTerms(fields);
    if (periodic && !periodic.ok) return fail(periodic.message);
    const tradeKey = `${merchant.merchantId}/${fields.MerchantTradeNo}`;
    if (usedTradeNos.has(tradeKey)) return fail(`特店訂單編號 ${fields.MerchantTradeNo} 重複。`);
    usedTradeNos.add(tradeKey);

    const tradeNo = newTradeNo();
    trades.set(tradeNo, {
      tradeNo,
      merchant,
      request: fields,
      tradeDate: now(),
      state: "pending",
      periodic: periodic?.terms,
    });
    c.header("Cache-Control", "no-store");
    return c.html(
      renderCheckoutPage(
        {
          tradeNo,
          merchantTradeNo: fields.MerchantTradeNo!,
          totalAmount: fields.TotalAmount!,
          itemName: fields.ItemName!,
          choosePayment: fields.ChoosePayment!,
          periodic: periodic?.terms,
        },
        actions,
      ),
    );
  });

  /** The buyer pays an issued ATM account or CVS code (days later, at a bank or a store). */
  const payIssuedCode = async (c: Context, trade: Trade) => {
    const keys = trade.merchant;
    const request = trade.request;
    if (trade.state !== "awaiting-payment" || !trade.method) {
      return c.html(renderErrorPage("這筆交易不在等待繳費狀態。"), 409);
    }
    const paymentType = trade.method === "ATM" ? "ATM_TAISHIN" : "CVS_CVS";
    const fields = signFields(paymentResult(trade, true, paymentType), keys, "sha256");
    const delivered = await deliver(request.ReturnURL!, fields, keys);
    trade.state = "paid";
    trade.paymentDate = now();
    c.header("Cache-Control", "no-store");
    return c.html(
      renderResultPage({
        heading: "已模擬完成繳費",
        details: [["特店訂單編號", request.MerchantTradeNo!]],
        delivered,
        payable: false,
        clientBackUrl: request.ClientBackURL || undefined,
      }),
    );
  };

  // Development and tests: pay an issued code knowing only the merchant's MerchantTradeNo.
  app.post("/simulator/payments/:merchantTradeNo/pay", async (c) => {
    const merchantTradeNo = c.req.param("merchantTradeNo");
    const trade = [...trades.values()].find(
      (candidate) =>
        candidate.request.MerchantTradeNo === merchantTradeNo && candidate.state === "awaiting-payment",
    );
    if (!trade) return c.html(renderErrorPage("找不到等待繳費的這筆交易。"), 404);
    return payIssuedCode(c, trade);
  });

  app.post("/simulator/trades/:tradeNo/:action", async (c) => {
    const trade = trades.get(c.req.param("tradeNo"));
    const action = c.req.param("action");
    if (!trade) return c.html(renderErrorPage("找不到這筆交易。"), 404);
    const keys = trade.merchant;
    const request = trade.request;

    if (action === "pay") return payIssuedCode(c, trade);

    if (!(actionsFor(request.ChoosePayment!) as string[]).includes(action)) {
      return c.html(renderErrorPage("這筆交易不能選擇這個付款結果。"), 400);
    }
    if (trade.state !== "pending") return c.html(renderErrorPage("這筆交易已經處理過了。"), 409);

    if (action === "credit" || action === "fail") {
      const paid = action === "credit";
      const fields = signFields(paymentResult(trade, paid, "Credit_CreditCard"), keys, "sha256");
      trade.state = paid ? "paid" : "failed";
      trade.paymentType = "Credit_CreditCard";
      if (paid) trade.paymentDate = now();
      // The first charge of a periodic order is an ordinary ReturnURL notification (§5).
      if (paid && trade.periodic) {
        schedules.start({ merchant: keys, request, terms: trade.periodic, tradeNo: trade.tradeNo });
      }
      const delivered = await deliver(request.ReturnURL!, fields, keys);
      return browserBack(c, trade, fields, request.OrderResultURL || undefined, {
        heading: paid ? "付款成功" : "付款失敗",
        details: [
          ["特店訂單編號", request.MerchantTradeNo!],
          ["RtnCode", fields.RtnCode!],
        ],
        delivered,
      });
    }

    const method = action === "atm" ? "ATM" : "CVS";
    const fields = signFields(issueCode(trade, method), keys, "sha256");
    trade.state = "awaiting-payment";
    trade.method = method;
    trade.paymentType = fields.PaymentType;
    trade.issued = fields;
    // Without PaymentInfoURL, ECPay shows the code on its own page only.
    const delivered = request.PaymentInfoURL ? await deliver(request.PaymentInfoURL, fields, keys) : true;
    const details: [string, string][] =
      method === "ATM"
        ? [
            ["銀行代碼", fields.BankCode!],
            ["轉帳帳號", fields.vAccount!],
            ["繳費期限", fields.ExpireDate!],
          ]
        : [
            ["超商繳費代碼", fields.PaymentNo!],
            ["繳費期限", fields.ExpireDate!],
          ];
    // OrderResultURL is not used for ATM/CVS; ClientRedirectURL gets the code-issued fields (§2.2/2.3).
    return browserBack(c, trade, fields, request.ClientRedirectURL || undefined, {
      heading: method === "ATM" ? "已取得 ATM 轉帳帳號" : "已取得超商代碼",
      details,
      delivered,
    });
  });

  // Server to server; refusals are plain text (HTTP 400) that no parser mistakes for an answer.
  app.post("/Cashier/QueryTradeInfo/V5", async (c) => {
    const fields = await formBody(c);
    const merchant = findMerchant(merchants, fields.MerchantID);
    if (!merchant) return c.text("MerchantID Error", 400);
    if (!verifyCheckMacValue(fields, merchant, "sha256")) return c.text("10200073|CheckMacValue Error", 400);
    if (!freshTimeStamp(fields.TimeStamp, now())) return c.text("10200084|TimeStamp Error", 400);
    const trade = [...trades.values()].find(
      (candidate) =>
        candidate.merchant === merchant && candidate.request.MerchantTradeNo === fields.MerchantTradeNo,
    );
    const request = trade?.request;
    const custom = Object.fromEntries(
      ["CustomField1", "CustomField2", "CustomField3", "CustomField4"].map((name) => [
        name,
        request?.[name] ?? "",
      ]),
    );
    const answer = {
      MerchantID: merchant.merchantId,
      MerchantTradeNo: fields.MerchantTradeNo ?? "",
      StoreID: request?.StoreID ?? "",
      TradeNo: trade?.tradeNo ?? "",
      TradeAmt: request?.TotalAmount ?? "0",
      PaymentDate: trade?.paymentDate ? formatTaipeiDateTime(trade.paymentDate) : "",
      PaymentType: trade?.paymentType ?? "",
      HandlingCharge: "0",
      PaymentTypeChargeFee: "0",
      TradeDate: trade ? formatTaipeiDateTime(trade.tradeDate) : "",
      // 10200047: no such trade (seen in public integrations, §2.4).
      TradeStatus: trade ? tradeStatus[trade.state] : "10200047",
      ItemName: request?.ItemName ?? "",
      ...custom,
    };
    return c.text(responseBody(signFields(answer, merchant, "sha256")));
  });

  addLogisticsRoutes(app, {
    now,
    deliver: deliverForm,
    merchants: options.logisticsMerchants ?? [
      { ...stageCredentials.logisticsC2C, accountType: "C2C" },
      { ...stageCredentials.logisticsB2C, accountType: "B2C" },
    ],
    statusDelayMs: options.shipmentStatusDelayMs ?? 500,
  });
  addInvoiceRoutes(app, {
    now,
    merchants: options.invoiceMerchants ?? [stageCredentials.invoice],
  });

  return app;
}
