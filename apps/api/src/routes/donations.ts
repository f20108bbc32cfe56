import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  apiErrorSchema,
  digits,
  donationCreatedSchema,
  donationDraftSchema,
  donationListQuery,
  donationMessages,
  donationSchema,
  messages,
  messageSchema,
  paginated,
  paymentAttemptQuery,
  tradeNumberQuery,
  validationErrorSchema,
} from "@shiyi/contracts";
import { buildAioCheckout } from "@shiyi/ecpay";
import type { Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import type { Database } from "../db/client.ts";
import { admitMaking, type MakingLimits } from "../lib/admit.ts";
import { paymentPage } from "../lib/payment-page.ts";
import { optionalMember, requireMember } from "../lib/auth.ts";
import { clientAddress } from "../lib/client-address.ts";
import { ApiError } from "../lib/errors.ts";
import { idempotencyHeader, idempotencyHeaders } from "../lib/idempotency.ts";
import { dottedErrors } from "../lib/request-body.ts";
import {
  cancelDonation,
  chargeReceipt,
  receiptFileName,
  yearlyReceiptPdf,
  donationForViewer,
  listMemberDonations,
  placeDonation,
  readDonation,
  startDonationAttempt,
  verifiedEmailOf,
  type DonationViewer,
} from "../services/donations.ts";
import { json, noStore, signedIn } from "./specs.ts";

/** SPEC §7: POST /donations, GET /donations/me, GET /donate-ecpay; and a gift's page and cancel. */
export const donationRoutes = new OpenAPIHono<ApiEnv>();

for (const path of ["/donations", "/donations/*", "/donate-ecpay"]) donationRoutes.use(path, noStore);
const tokenHeader = "x-donation-token";

async function viewerOf(
  c: Context,
  db: Database,
  member: { id: number } | undefined,
): Promise<DonationViewer> {
  return {
    memberId: member?.id,
    memberEmail: member ? await verifiedEmailOf(db, member.id) : undefined,
    accessToken: c.req.header(tokenHeader),
  };
}

/**
 * Gifts one client network and one e-mail address may start in ten minutes: enough for a donor who
 * goes back from ECPay's page to change the amount a few times, not for filling anyone's history.
 */
export const donationRateLimits: MakingLimits = {
  perAddress: { limit: 10, windowMs: 10 * 60_000 },
  perEmail: { limit: 5, windowMs: 10 * 60_000 },
};

donationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/donations",
    tags: ["Donations"],
    summary: "建立捐款",
    description: [
      "單筆（信用卡、ATM、超商代碼）或定期定額（每月或每年，僅信用卡）。金額須在所選付款方式的範圍內；申報扣除額需身分證字號；紙本收據需地址。",
      "未登入也可捐款；回應的 access_token 讓捐款人之後查看與付款（標頭 x-donation-token）。以同一電子郵件註冊的會員，也會在捐款紀錄中看到這筆捐款。",
    ].join("\n\n"),
    security: [...signedIn, {}],
    middleware: [optionalMember] as const,
    request: {
      headers: idempotencyHeaders,
      body: { content: { "application/json": { schema: donationDraftSchema } }, required: true },
    },
    responses: {
      201: json(donationCreatedSchema, "捐款資料已建立（或以同一 Idempotency-Key 先前建立的那一筆）"),
      401: json(apiErrorSchema, "帶了已失效的 token"),
      422: json(apiErrorSchema, "欄位錯誤，errors 以欄位路徑為鍵"),
      429: json(apiErrorSchema, "同一來源或同一電子郵件短時間內建立太多捐款"),
    },
  }),
  async (c) => {
    const draft = c.req.valid("json");
    const { donation, accessToken } = await placeDonation(c.var, {
      memberId: c.var.member?.id,
      draft,
      ip: clientAddress(c),
      now: new Date(),
      idempotencyKey: c.req.valid("header")[idempotencyHeader],
      admit: admitMaking(c, donationRateLimits, "donations", draft.email),
    });
    return c.json({ data: donation, message: donationMessages.created, access_token: accessToken }, 201);
  },
  (result) => {
    if (result.success) return;
    const errors = dottedErrors(result.error as z.ZodError);
    throw new ApiError(422, Object.values(errors)[0]?.[0] ?? messages.invalidParams, errors);
  },
);

donationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/donations/me",
    tags: ["Donations"],
    summary: "會員的捐款紀錄",
    description:
      "最新的在前，含每一次扣款與收據編號；也包含以會員已驗證的電子郵件未登入時所做的捐款。分頁（預設每頁 100 筆，最多 500 筆）。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: { query: donationListQuery },
    responses: {
      200: json(paginated(donationSchema), "捐款"),
      401: json(apiErrorSchema, "未登入"),
      422: json(validationErrorSchema, "參數格式不正確"),
    },
  }),
  async (c) => c.json(await listMemberDonations(c.var.db, c.var.member.id, c.req.valid("query")), 200),
);

donationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/donations/{number}",
    tags: ["Donations"],
    summary: "一筆捐款",
    security: [...signedIn, {}],
    middleware: [optionalMember] as const,
    request: { params: tradeNumberQuery },
    responses: {
      200: json(z.object({ data: donationSchema }), "捐款"),
      404: json(apiErrorSchema, "找不到此筆捐款"),
    },
  }),
  async (c) => {
    const row = await donationForViewer(
      c.var.db,
      c.req.valid("param").number,
      await viewerOf(c, c.var.db, c.var.member),
    );
    return c.json({ data: await readDonation(c.var.db, row) }, 200);
  },
);

donationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/donations/{number}/cancel",
    tags: ["Donations"],
    summary: "取消定期定額捐款",
    description: "向綠界取消之後的扣款（CreditCardPeriodAction Cancel，無法恢復），並寄出通知信。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: { params: tradeNumberQuery },
    responses: {
      200: json(z.object({ data: donationSchema, message: z.string() }), "已取消"),
      404: json(apiErrorSchema, "找不到此筆捐款"),
      409: json(apiErrorSchema, "不是進行中的定期定額捐款"),
      502: json(messageSchema, "綠界未能取消"),
    },
  }),
  async (c) => {
    const row = await donationForViewer(c.var.db, c.req.valid("param").number, {
      memberId: c.var.member.id,
      memberEmail: await verifiedEmailOf(c.var.db, c.var.member.id),
    });
    const cancelled = await cancelDonation(c.var, row, new Date());
    return c.json(
      { data: await readDonation(c.var.db, cancelled), message: donationMessages.cancelled },
      200,
    );
  },
);

donationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/donate-ecpay",
    tags: ["Donations"],
    summary: "前往綠界付款（捐款）",
    description:
      "為捐款開始一次新的付款（新的 MerchantTradeNo）。定期定額為信用卡定期扣款：PeriodAmount 等於 TotalAmount，每月最多 99 次、每年最多 9 次，直到捐款人取消。帶 payment 時單筆捐款改用該付款方式（例如信用卡未通過，改用 ATM 轉帳），捐款的付款方式隨之更新；定期定額僅能以信用卡付款，金額不在該方式的限額內時亦回應 422。回應為自動送出的 HTML 表單；Accept 為 application/json 時回應 { action, fields }。",
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
      404: json(apiErrorSchema, "找不到此筆捐款"),
      409: json(apiErrorSchema, "無法付款"),
      422: json(apiErrorSchema, "參數格式不正確，或此捐款不能以該方式付款"),
    },
  }),
  async (c) => {
    const { db, shop, auth } = c.var;
    const { number, payment: chosen = undefined } = c.req.valid("query");
    const found = await donationForViewer(db, number, await viewerOf(c, c.var.db, c.var.member));
    const attempt = await startDonationAttempt(db, found, chosen);
    const row = { ...found, payment_method: chosen ?? found.payment_method };
    const resultUrl = `${auth.siteUrl}/support-us/result?number=${row.number}`;
    const paymentInfoUrl = `${auth.apiUrl}/ecpay/donations/payment-info`;
    const payment =
      row.payment_method === "credit"
        ? {
            method: "Credit" as const,
            ...(row.frequency === "once"
              ? {}
              : {
                  periodic: {
                    periodType: row.frequency === "monthly" ? ("M" as const) : ("Y" as const),
                    frequency: 1,
                    execTimes: row.exec_times ?? 2,
                    periodReturnUrl: `${auth.apiUrl}/ecpay/donations/period-return`,
                  },
                }),
          }
        : row.payment_method === "atm"
          ? { method: "ATM" as const, expireDays: 3, paymentInfoUrl, clientRedirectUrl: resultUrl }
          : {
              method: "CVS" as const,
              storeExpireMinutes: 3 * 24 * 60,
              paymentInfoUrl,
              clientRedirectUrl: resultUrl,
            };
    const request = buildAioCheckout(
      { endpoints: shop.endpoints, credentials: shop.payment },
      {
        merchantTradeNo: attempt.merchant_trade_no,
        tradeDate: new Date(),
        totalAmount: attempt.amount,
        tradeDesc: `食藝文化基金會捐款 ${row.number}`,
        itemNames: [
          row.frequency === "once" ? "捐款" : row.frequency === "monthly" ? "每月定期捐款" : "每年定期捐款",
        ],
        returnUrl: `${auth.apiUrl}/ecpay/donations/return`,
        orderResultUrl: resultUrl,
        clientBackUrl: resultUrl,
        customFields: [row.number],
        payment,
      },
    );
    if (c.req.header("accept")?.includes("application/json")) return c.json(request, 200);
    return paymentPage(c, request);
  },
);

const pdf = { content: { "application/pdf": { schema: z.string() } }, description: "收據（PDF）" };
/** A PDF to save: `name` (zh-TW, RFC 6266's filename*), with `ascii` for clients without it. */
const pdfHeaders = (name: string, ascii: string) => ({
  "content-type": "application/pdf",
  "content-disposition": `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}.pdf`,
  "cache-control": "private, no-store",
});

donationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/donations/receipts/{year}",
    tags: ["Donations"],
    summary: "年度捐款收據（PDF）",
    description:
      "會員該年度（台灣時間）選擇「年度彙開收據」的捐款，彙開一張收據；每次開立收據的捐款不重複列入。該年度結束後才開立（年度未結束回應 404），收據編號第一次開立時取得並保留。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: {
      params: z.object({
        year: digits(
          z.coerce
            .number({ error: messages.invalidParams })
            .int({ error: messages.invalidParams })
            .min(2000, { error: messages.invalidParams })
            .max(2100, { error: messages.invalidParams }),
        ),
      }),
    },
    responses: {
      200: pdf,
      401: json(apiErrorSchema, "未登入"),
      404: json(apiErrorSchema, "這一年沒有可開立收據的捐款"),
    },
  }),
  async (c) => {
    const year = c.req.valid("param").year;
    const body = await yearlyReceiptPdf(c.var, c.var.member.id, year, new Date());
    return c.body(
      new Uint8Array(body),
      200,
      pdfHeaders(`食藝文化基金會${year}年度捐款收據`, `receipt-${year}`),
    );
  },
);

donationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/donations/{number}/charges/{chargeId}/receipt",
    tags: ["Donations"],
    summary: "單次捐款收據（PDF）",
    security: [...signedIn, {}],
    middleware: [optionalMember] as const,
    request: {
      params: tradeNumberQuery.extend({
        chargeId: digits(
          z.coerce
            .number({ error: messages.invalidParams })
            .int({ error: messages.invalidParams })
            .positive({ error: messages.invalidParams })
            .max(2_147_483_647, { error: messages.invalidParams }),
        ),
      }),
    },
    responses: {
      200: pdf,
      404: json(apiErrorSchema, "找不到此筆捐款或此筆扣款沒有單次收據"),
    },
  }),
  async (c) => {
    const { number, chargeId } = c.req.valid("param");
    const row = await donationForViewer(c.var.db, number, await viewerOf(c, c.var.db, c.var.member));
    const { pdf, receiptNumber } = await chargeReceipt(c.var, row, chargeId);
    return c.body(
      new Uint8Array(pdf),
      200,
      pdfHeaders(receiptFileName(receiptNumber), `receipt-${receiptNumber}`),
    );
  },
);
