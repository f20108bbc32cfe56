import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { apiErrorSchema, cvsMapInitSchema, orderMessages } from "@shiyi/contracts";
import {
  buildStoreMap,
  okReply,
  parseLogisticsStatus,
  parsePaymentInfo,
  parsePaymentResult,
  parsePeriodicResult,
  parseStoreMapReply,
  type EcpayFields,
  type Parsed,
} from "@shiyi/ecpay";
import type { Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import {
  applyDonationPayment,
  applyDonationPaymentInfo,
  applyPeriodicCharge,
} from "../services/donations.ts";
import { applyPaymentInfo, applyPaymentResult, applyShipmentStatus } from "../services/payments.ts";
import { unstorable } from "../lib/request-body.ts";
import { json } from "./specs.ts";

/*
 * What ECPay sends: payment results (ReturnURL), issued ATM/CVS codes (PaymentInfoURL), parcel
 * states, and the store chosen on the map; and the map's request. Notifications answer exactly
 * `1|OK` once handled (also for repeats and for ECPay's simulated payments, which change nothing);
 * a forged signature, an unknown trade or a wrong amount answers `0|…` and changes nothing.
 */
export const ecpayRoutes = new OpenAPIHono<ApiEnv>();

ecpayRoutes.use("/ecpay/*", async (c, next) => {
  await next();
  c.header("cache-control", "no-store");
});

/**
 * The form's text fields. One the database cannot store (a NUL, half a character) is left out,
 * which no genuine notice has: the CheckMacValue, computed over every field, then fails to match
 * and the notice is refused (400), as a store map reply without its fields is.
 */
async function formFields(c: Context<ApiEnv>): Promise<EcpayFields> {
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) =>
      typeof value === "string" && !unstorable(name) && !unstorable(value) ? [[name, value]] : [],
    ),
  );
}

const reply = (c: Context<ApiEnv>, body: string, status: 200 | 400 = 200): Response =>
  c.text(body, status, { "content-type": "text/plain; charset=utf-8" });

/** Runs `apply` on a verified notification and answers ECPay. */
async function notification<T>(
  c: Context<ApiEnv>,
  kind: string,
  parse: (fields: EcpayFields) => Parsed<T>,
  apply: (value: T) => Promise<{ ok: true; changed: boolean } | { ok: false; refusal: string }>,
): Promise<Response> {
  const fields = await formFields(c);
  const parsed = parse(fields);
  const trade = fields.MerchantTradeNo ?? fields.AllPayLogisticsID;
  if (!parsed.ok) {
    c.var.logger.warn(
      { kind, trade, error: parsed.error, issues: parsed.issues },
      "ECPay notification refused",
    );
    return reply(c, parsed.error === "check-mac-value" ? "0|CheckMacValue Error" : "0|Invalid", 400);
  }
  const outcome = await apply(parsed.value);
  if (!outcome.ok) {
    c.var.logger.error(
      { kind, trade, refusal: outcome.refusal },
      "ECPay notification does not match a trade",
    );
    return reply(c, `0|${outcome.refusal}`, 400);
  }
  c.var.logger.info({ kind, trade, changed: outcome.changed }, "ECPay notification");
  return reply(c, okReply);
}

const formBody = {
  content: { "application/x-www-form-urlencoded": { schema: z.record(z.string(), z.string()) } },
};
const ecpayReply = {
  200: { content: { "text/plain": { schema: z.literal("1|OK") } }, description: "已處理（重送亦同）" },
  400: {
    content: { "text/plain": { schema: z.string() } },
    description: "檢查碼錯誤、交易不存在或金額不符：0|…，不做任何變更",
  },
};

ecpayRoutes.openAPIRegistry.registerPath({
  method: "post",
  path: "/ecpay/return",
  tags: ["ECPay"],
  summary: "綠界付款結果通知（ReturnURL）",
  description:
    "驗證 CheckMacValue、MerchantID、付款嘗試與金額。SimulatePaid=1 不視為付款。付款成功時訂單只往前推進一次（重送與同時送達皆同），之後建立超商物流單、開立電子發票並寄出確認信。訂單已由另一筆交易付清時記為重複付款（duplicate_payments），通知訂單信箱退款，訂單不變。",
  request: { body: formBody },
  responses: ecpayReply,
});
ecpayRoutes.post("/ecpay/return", (c) =>
  notification(
    c,
    "payment",
    (fields) => parsePaymentResult(fields, c.var.shop.payment),
    (result) => applyPaymentResult(c.var, result, new Date()),
  ),
);

ecpayRoutes.openAPIRegistry.registerPath({
  method: "post",
  path: "/ecpay/payment-info",
  tags: ["ECPay"],
  summary: "綠界取號結果通知（PaymentInfoURL）",
  description:
    "ATM 虛擬帳號或超商代碼已產生：訂單進入等待繳費，庫存保留到繳費期限，並寄繳費資訊給訂購人（只寄一次）。",
  request: { body: formBody },
  responses: ecpayReply,
});
ecpayRoutes.post("/ecpay/payment-info", (c) =>
  notification(
    c,
    "payment-info",
    (fields) => parsePaymentInfo(fields, c.var.shop.payment),
    (info) => applyPaymentInfo(c.var, info, new Date()),
  ),
);

ecpayRoutes.openAPIRegistry.registerPath({
  method: "post",
  path: "/ecpay/donations/return",
  tags: ["ECPay"],
  summary: "綠界捐款付款結果通知（ReturnURL）",
  description:
    "單筆捐款的付款，或定期定額的第一次扣款：驗證後只記錄一次並寄出感謝信（電子收據附 PDF）。捐款已由另一筆交易付清時記為重複付款（duplicate_payments），通知捐款信箱退款，並停止這筆付款開啟的定期定額。",
  request: { body: formBody },
  responses: ecpayReply,
});
ecpayRoutes.post("/ecpay/donations/return", (c) =>
  notification(
    c,
    "donation",
    (fields) => parsePaymentResult(fields, c.var.shop.payment),
    (result) => applyDonationPayment(c.var, result, new Date()),
  ),
);

ecpayRoutes.openAPIRegistry.registerPath({
  method: "post",
  path: "/ecpay/donations/payment-info",
  tags: ["ECPay"],
  summary: "綠界捐款取號結果通知（PaymentInfoURL）",
  request: { body: formBody },
  responses: ecpayReply,
});
ecpayRoutes.post("/ecpay/donations/payment-info", (c) =>
  notification(
    c,
    "donation-payment-info",
    (fields) => parsePaymentInfo(fields, c.var.shop.payment),
    (info) => applyDonationPaymentInfo(c.var, info, new Date()),
  ),
);

ecpayRoutes.openAPIRegistry.registerPath({
  method: "post",
  path: "/ecpay/donations/period-return",
  tags: ["ECPay"],
  summary: "綠界定期定額扣款通知（PeriodReturnURL）",
  description:
    "第二次以後的每一次扣款：以 (MerchantTradeNo, Gwsr) 只記錄一次，並寄出感謝信。重複付款開啟的定期定額若仍扣款，記為重複付款並通知捐款信箱退款（同樣只記錄一次）。",
  request: { body: formBody },
  responses: ecpayReply,
});
ecpayRoutes.post("/ecpay/donations/period-return", (c) =>
  notification(
    c,
    "periodic-charge",
    (fields) => parsePeriodicResult(fields, c.var.shop.payment),
    (result) => applyPeriodicCharge(c.var, result, new Date()),
  ),
);

ecpayRoutes.openAPIRegistry.registerPath({
  method: "post",
  path: "/ecpay/logistics",
  tags: ["ECPay"],
  summary: "綠界物流狀態通知",
  request: { body: formBody },
  responses: ecpayReply,
});
ecpayRoutes.post("/ecpay/logistics", (c) =>
  notification(
    c,
    "logistics",
    (fields) => parseLogisticsStatus(fields, c.var.shop.logistics),
    (shipment) => applyShipmentStatus(c.var, shipment, new Date()),
  ),
);

ecpayRoutes.openapi(
  createRoute({
    method: "post",
    path: "/ecpay/cvs-map/init",
    tags: ["ECPay"],
    summary: "開啟超商門市地圖",
    description:
      "回應 { action, fields }：由瀏覽器自動送出到綠界的電子地圖。選好門市後，綠界把瀏覽器送到 /ecpay/cvs-map/reply，再以 303 轉回結帳頁並帶上門市。token 會原樣帶回（ExtraData）。",
    request: { body: { content: { "application/json": { schema: cvsMapInitSchema } }, required: true } },
    responses: {
      200: json(z.object({ action: z.string(), fields: z.record(z.string(), z.string()) }), "電子地圖表單"),
      422: json(apiErrorSchema, "超商類別不正確"),
    },
  }),
  (c) => {
    const input = c.req.valid("json");
    const { shop, auth } = c.var;
    const request = buildStoreMap(
      { endpoints: shop.endpoints, credentials: shop.logistics },
      {
        subType: input.brand,
        serverReplyUrl: `${auth.apiUrl}/ecpay/cvs-map/reply`,
        extraData: input.token,
        device: input.device === "mobile" ? 1 : 0,
      },
    );
    return c.json(request, 200);
  },
);

ecpayRoutes.openapi(
  createRoute({
    method: "post",
    path: "/ecpay/cvs-map/reply",
    tags: ["ECPay"],
    summary: "超商門市地圖的回傳",
    description:
      "綠界以瀏覽器表單送回所選門市（沒有檢查碼，也不帶 SameSite=Lax cookie）：檢查格式後以 303 轉到 /cart/checkout，帶上 store_id、store_name、store_address、brand 與 token。",
    request: { body: formBody },
    responses: { 303: { description: "轉回結帳頁" } },
  }),
  async (c) => {
    const { shop, auth } = c.var;
    const parsed = parseStoreMapReply(await formFields(c), shop.logistics);
    const target = new URL("/cart/checkout", auth.siteUrl);
    if (parsed.ok) {
      const store = parsed.value;
      target.searchParams.set("store_id", store.storeId);
      target.searchParams.set("store_name", store.storeName);
      target.searchParams.set("store_address", store.address);
      target.searchParams.set("brand", store.subType);
      if (store.extraData) target.searchParams.set("token", store.extraData);
    } else {
      c.var.logger.warn({ error: parsed.error, issues: parsed.issues }, "CVS map reply refused");
      target.searchParams.set("store_error", orderMessages.chooseStore);
    }
    return c.redirect(target.href, 303);
  },
);
