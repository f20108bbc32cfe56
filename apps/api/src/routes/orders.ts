import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  apiErrorSchema,
  memberListQuery,
  messages,
  orderCreatedSchema,
  orderDraftSchema,
  orderLineName,
  orderMessages,
  orderSchema,
  paginated,
  paymentAttemptQuery,
  validationErrorSchema,
  tradeNumberQuery,
} from "@shiyi/contracts";
import { buildAioCheckout } from "@shiyi/ecpay";
import type { Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import { admitMaking, type MakingLimits } from "../lib/admit.ts";
import { paymentPage } from "../lib/payment-page.ts";
import { optionalMember, requireMember } from "../lib/auth.ts";
import { clientAddress } from "../lib/client-address.ts";
import { ApiError } from "../lib/errors.ts";
import { idempotencyHeader, idempotencyHeaders } from "../lib/idempotency.ts";
import { dottedErrors } from "../lib/request-body.ts";
import {
  ecpayMethod,
  listMemberOrders,
  orderForViewer,
  placeOrder,
  readOrder,
  cancelUnpaidOrder,
  releaseExpiredOrders,
  startPaymentAttempt,
  type OrderViewer,
} from "../services/orders.ts";
import { json, noStore, signedIn } from "./specs.ts";

/** SPEC §7: POST /orders, GET /orders/me, GET /orders/{number}, GET /order-ecpay. */

export const orderRoutes = new OpenAPIHono<ApiEnv>();

// Orders are personal and change with every payment.
for (const path of ["/orders", "/orders/*", "/order-ecpay"]) orderRoutes.use(path, noStore);

/** The guest's key to an order, as POST /orders gave it. */
const orderTokenHeader = "x-order-token";

const viewerOf = (c: Context, member: { id: number } | undefined): OrderViewer => ({
  memberId: member?.id,
  accessToken: c.req.header(orderTokenHeader),
});

/**
 * Order `number` as its viewer may have it (the member, or the holder of its token or mail key),
 * after unpaid orders whose hold ran out have lapsed: the state every call about one order starts from.
 */
async function viewedOrder(
  { db, auth }: Pick<ApiEnv["Variables"], "db" | "auth">,
  viewer: OrderViewer,
  number: string,
  now: Date,
) {
  await releaseExpiredOrders(db, now);
  return orderForViewer(db, number, viewer, auth.jwtSecret);
}

/**
 * New orders from one address, and for one buyer's e-mail: an unpaid order holds its stock, so
 * without a bound anyone could keep an issue out of sale by ordering it again and again. A repeat
 * of an order sent twice (the same Idempotency-Key) is not a new order and is not counted.
 */
export const orderRateLimits: MakingLimits = {
  perAddress: { limit: 10, windowMs: 10 * 60_000 },
  perEmail: { limit: 5, windowMs: 10 * 60_000 },
};

orderRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orders",
    tags: ["Orders"],
    summary: "成立訂單",
    description: [
      "以 SPEC §3 的訂單草稿成立訂單。所有欄位以共用的 schema 驗證；金額由伺服器計算（商品以目前售價，海外寄送採海外售價；運費依寄送方式取自網站設定 postage、postage_2、postage_3）。",
      "庫存在同一交易中保留：庫存不足時回應 409，不成立訂單。未付款的訂單在 reserved_until 前保留庫存，逾期即釋出。",
      "未登入也可下單；register 為 1 時同時建立會員帳號（寄出驗證信）。回應的 access_token 讓訪客之後查看與付款（標頭 x-order-token）。",
    ].join("\n\n"),
    security: [...signedIn, {}],
    middleware: [optionalMember] as const,
    request: {
      headers: idempotencyHeaders,
      body: { content: { "application/json": { schema: orderDraftSchema } }, required: true },
    },
    responses: {
      201: json(orderCreatedSchema, "訂單已成立（或以同一 Idempotency-Key 先前成立的那一筆）"),
      401: json(apiErrorSchema, "帶了已失效的 token"),
      409: json(apiErrorSchema, "庫存不足，或 expected_total 與現在的總計不符（商品價格或運費已更新）"),
      422: json(apiErrorSchema, "欄位錯誤，errors 以欄位路徑（如 customer.email）為鍵"),
      429: json(apiErrorSchema, "同一來源或同一電子郵件短時間內成立太多訂單"),
    },
  }),
  async (c) => {
    const draft = c.req.valid("json");
    const { order, accessToken } = await placeOrder(c.var, {
      memberId: c.var.member?.id,
      draft,
      ip: clientAddress(c),
      now: new Date(),
      idempotencyKey: c.req.valid("header")[idempotencyHeader],
      admit: admitMaking(c, orderRateLimits, "orders", draft.customer.email),
    });
    return c.json({ data: order, message: orderMessages.created, access_token: accessToken }, 201);
  },
  (result) => {
    if (result.success) return;
    const errors = dottedErrors(result.error as z.ZodError);
    throw new ApiError(422, Object.values(errors)[0]?.[0] ?? messages.invalidParams, errors);
  },
);

orderRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orders/me",
    tags: ["Orders"],
    summary: "會員的訂單",
    description: "最新的在前，含商品、金額、付款、運送與發票狀態；分頁（預設每頁 10 筆，最多 100 筆）。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: { query: memberListQuery },
    responses: {
      200: json(paginated(orderSchema), "訂單"),
      401: json(apiErrorSchema, "未登入"),
      422: json(validationErrorSchema, "參數格式不正確"),
    },
  }),
  async (c) => {
    const now = new Date();
    await releaseExpiredOrders(c.var.db, now);
    return c.json(await listMemberOrders(c.var.db, c.var.member.id, now, c.req.valid("query")), 200);
  },
);

orderRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orders/{number}",
    tags: ["Orders"],
    summary: "一筆訂單",
    description:
      "訂單的會員，或持有下單時取得之 access_token 或訂單信件連結之 key（標頭 x-order-token）者可查看。其他人（含其他會員）與不存在的訂單一律 404，不透露訂單是否存在。",
    security: [...signedIn, {}],
    middleware: [optionalMember] as const,
    request: { params: tradeNumberQuery },
    responses: {
      200: json(z.object({ data: orderSchema }), "訂單"),
      404: json(apiErrorSchema, "找不到此訂單"),
    },
  }),
  async (c) => {
    const now = new Date();
    const row = await viewedOrder(c.var, viewerOf(c, c.var.member), c.req.valid("param").number, now);
    return c.json({ data: await readOrder(c.var.db, row, now) }, 200);
  },
);

orderRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orders/{number}/cancel",
    tags: ["Orders"],
    summary: "取消尚未付款的訂單",
    description:
      "訂單的會員或持有 x-order-token 者，可取消還在等待付款（尚未取得 ATM 或超商代碼）的訂單：狀態改為 cancelled，保留的庫存立即釋出。已付款、等待繳費、已逾期或已取消的訂單回應 409。",
    security: [...signedIn, {}],
    middleware: [optionalMember] as const,
    request: { params: tradeNumberQuery },
    responses: {
      200: json(z.object({ data: orderSchema, message: z.string() }), "已取消"),
      404: json(apiErrorSchema, "找不到此訂單"),
      409: json(apiErrorSchema, "訂單無法取消"),
    },
  }),
  async (c) => {
    const now = new Date();
    const row = await viewedOrder(c.var, viewerOf(c, c.var.member), c.req.valid("param").number, now);
    const cancelled = await cancelUnpaidOrder(c.var.db, row, now);
    c.var.logger.info({ order: cancelled.number }, "order cancelled by its buyer");
    return c.json({ data: await readOrder(c.var.db, cancelled, now), message: orderMessages.cancelled }, 200);
  },
);

orderRoutes.openapi(
  createRoute({
    method: "get",
    path: "/order-ecpay",
    tags: ["Orders"],
    summary: "前往綠界付款",
    description: [
      "為訂單開始一次新的付款：每次都產生新的 MerchantTradeNo，並延長庫存保留時間（自訂單成立起最多四個保留期）。回應為自動送出到綠界 AioCheckOut 的 HTML 表單；Accept 為 application/json 時回應 { action, fields }。",
      "帶 payment 時改用該付款方式（例如信用卡未通過，改用 ATM 轉帳），訂單的付款方式隨之更新；訂單金額不在該方式的限額內時回應 422。",
      "訂單已付款、等待繳費或已逾期時回應 409。",
    ].join("\n\n"),
    security: [...signedIn, {}],
    middleware: [optionalMember] as const,
    request: { query: paymentAttemptQuery },
    responses: {
      200: {
        content: {
          "text/html": { schema: z.string() },
          "application/json": {
            schema: z.object({ action: z.string(), fields: z.record(z.string(), z.string()) }),
          },
        },
        description: "綠界付款表單",
      },
      404: json(apiErrorSchema, "找不到此訂單"),
      409: json(apiErrorSchema, "訂單無法付款"),
      422: json(apiErrorSchema, "參數格式不正確，或訂單金額不在此付款方式的限額內"),
    },
  }),
  async (c) => {
    const { db, shop, auth } = c.var;
    const now = new Date();
    const { number, payment = undefined } = c.req.valid("query");
    const row = await viewedOrder(c.var, viewerOf(c, c.var.member), number, now);
    const attempt = await startPaymentAttempt(c.var, row, now, payment);
    const order = await readOrder(db, row, now);
    const resultUrl = `${auth.siteUrl}/cart/result?number=${row.number}`;
    const method = ecpayMethod[payment ?? row.payment_method];
    const request = buildAioCheckout(
      { endpoints: shop.endpoints, credentials: shop.payment },
      {
        merchantTradeNo: attempt.merchant_trade_no,
        tradeDate: now,
        totalAmount: attempt.amount,
        tradeDesc: `食藝誌訂單 ${row.number}`,
        itemNames: [
          ...order.line_items.map((line) => `${orderLineName(line)} x ${line.quantity}`),
          ...(order.postage > 0 ? [`運費 x 1`] : []),
        ],
        returnUrl: `${auth.apiUrl}/ecpay/return`,
        orderResultUrl: resultUrl,
        clientBackUrl: resultUrl,
        customFields: [row.number],
        payment:
          method === "Credit"
            ? { method }
            : method === "ATM"
              ? {
                  method,
                  expireDays: 3,
                  paymentInfoUrl: `${auth.apiUrl}/ecpay/payment-info`,
                  clientRedirectUrl: resultUrl,
                }
              : {
                  method,
                  storeExpireMinutes: 3 * 24 * 60,
                  paymentInfoUrl: `${auth.apiUrl}/ecpay/payment-info`,
                  clientRedirectUrl: resultUrl,
                },
      },
    );
    if (c.req.header("accept")?.includes("application/json")) return c.json(request, 200);
    return paymentPage(c, request);
  },
);
