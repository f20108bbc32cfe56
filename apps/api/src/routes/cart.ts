import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  apiErrorSchema,
  cartAddSchema,
  cartBulkInputSchema,
  cartBulkResultSchema,
  cartLineInputSchema,
  cartLineItemSchema,
  cartLineUpdateSchema,
  cartMessages,
  cartPreviewSchema,
  cartSchema,
  digits,
  maxId,
  messages,
  messageSchema,
} from "@shiyi/contracts";
import type { Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import { requireMember } from "../lib/auth.ts";
import { ApiError } from "../lib/errors.ts";
import { fieldErrors } from "../lib/request-body.ts";
import {
  addManyToCart,
  addToCart,
  listCart,
  previewCart,
  removeCartLine,
  updateCartLine,
} from "../services/cart.ts";
import { ownPathsFirst } from "../lib/unrouted.ts";
import { json, noStore, signedIn } from "./specs.ts";

/**
 * SPEC §7's cart calls, for signed-in members; an anonymous cart stays in the browser and is shown
 * through POST /cart/preview.
 */
export const cartRoutes = new OpenAPIHono<ApiEnv>();

// One member's cart, changing with every call ("/cart/*" also matches "/cart").
cartRoutes.use("/cart/*", noStore);
// /cart/{id} signs the member in first: a path of its own asked with another method is a 405.
cartRoutes.use("/cart/:id", ownPathsFirst(cartRoutes, "/cart"));

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const lineIdParam = z.object({
  id: digits(
    z.coerce
      .number({ error: messages.invalidParams })
      .int({ error: messages.invalidParams })
      .positive({ error: messages.invalidParams })
      .max(maxId, { error: messages.invalidParams }),
  ),
});

const unauthenticatedResponse = {
  401: json(apiErrorSchema, "未登入或登入時效已過：message 為 `Unauthenticated.`"),
};
const lineResponses = {
  404: json(apiErrorSchema, "找不到此購物車項目（或不是自己的）"),
};
const limitResponse = {
  422: json(
    apiErrorSchema,
    "商品已下架或不存在（errors.item_id），或數量超過庫存或每筆訂單的購買上限（errors.quantity），或欄位格式不正確",
  ),
};

cartRoutes.openapi(
  createRoute({
    method: "get",
    path: "/cart",
    tags: ["Cart"],
    summary: "會員的購物車",
    description:
      "最新加入的項目在前。價格、庫存與購買上限皆為商品目前的資料；available 為 1 表示商品已上架、已發布且未刪除，否則為 0。商品已永久移除的項目不列出。",
    security: signedIn,
    middleware: [requireMember] as const,
    responses: { 200: json(cartSchema, "購物車項目"), ...unauthenticatedResponse },
  }),
  async (c) => c.json({ data: await listCart(c.var.db, c.var.member.id) }, 200),
);

/**
 * POST /cart takes one line or `items`, and a failed union names no field. The body is checked
 * again as what it means to be (a bulk add when it has `items`) so that the 422 names the field.
 */
async function refuseAdd(c: Context<ApiEnv>): Promise<never> {
  const input: unknown = await c.req.json();
  const bulk = typeof input === "object" && input !== null && "items" in input;
  const parsed = (bulk ? cartBulkInputSchema : cartLineInputSchema).safeParse(input);
  const errors = parsed.success ? {} : fieldErrors(parsed.error as z.ZodError);
  throw new ApiError(422, Object.values(errors)[0]?.[0] ?? messages.invalidParams, errors);
}

cartRoutes.openapi(
  createRoute({
    method: "post",
    path: "/cart",
    tags: ["Cart"],
    summary: "加入購物車",
    description: [
      "加入一項商品：同一商品、類型與 sku 的項目已在購物車時增加其數量，否則新增一筆（排在最前）。價格一律以商品目前的資料為準，不採用用戶端送來的價格。",
      "同一商品（不論 sku）在購物車中的總數量不得超過庫存與 max_quantity 中較小者，超過時回應 422，不做任何變更。",
      "也可送出 `items` 一次加入多項（登入時合併本機購物車），全部在同一交易中處理：超過上限的項目調整為可購買的上限，已下架、刪除或售完的項目略過，並在 message 與 adjusted 中說明；回應為合併後的整個購物車。",
    ].join("\n\n"),
    security: signedIn,
    middleware: [requireMember] as const,
    request: body(cartAddSchema),
    responses: {
      201: json(
        z.union([cartLineItemSchema, cartBulkResultSchema]),
        "已加入：單項時為該項目；送出 items 時為整個購物車與調整說明",
      ),
      ...unauthenticatedResponse,
      ...limitResponse,
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const memberId = c.var.member.id;
    if ("items" in input) return c.json(await addManyToCart(c.var.db, memberId, input.items), 201);
    return c.json({ data: await addToCart(c.var.db, memberId, input), message: cartMessages.added }, 201);
  },
  (result, c) => (result.success ? undefined : refuseAdd(c)),
);

cartRoutes.openapi(
  createRoute({
    method: "post",
    path: "/cart/preview",
    tags: ["Cart"],
    summary: "顯示本機購物車",
    description: [
      "未登入訪客的購物車存在瀏覽器中；此呼叫以商品目前的資料（價格、庫存、購買上限、是否上架）顯示這些項目，與 GET /cart 的欄位相同但沒有 id，依送出的順序回應。",
      "不寫入任何資料，也不因數量超過上限或商品下架而拒絕：上限與 available 由畫面提示。商品已永久移除的項目不列出。不需登入。",
    ].join("\n\n"),
    request: body(cartBulkInputSchema),
    responses: {
      200: json(cartPreviewSchema, "本機購物車項目，附商品目前的資料"),
      422: json(apiErrorSchema, "欄位格式不正確（errors.items）"),
    },
  }),
  async (c) => c.json({ data: await previewCart(c.var.db, c.req.valid("json").items) }, 200),
);

cartRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/cart/{id}",
    tags: ["Cart"],
    summary: "更新購物車項目的數量或規格",
    description: [
      "只能更新自己的項目。可送 quantity、sku 或兩者；兩者皆無時回應 422。同一商品（不論 sku）的總數量不得超過庫存與 max_quantity 中較小者；商品已下架或刪除時回應 422。",
      "改成購物車中已有的另一個 sku 時，兩個項目合併為一：回應的是合併後的項目（id 為原有那一項），本項目移除。",
    ].join("\n\n"),
    security: signedIn,
    middleware: [requireMember] as const,
    request: { params: lineIdParam, ...body(cartLineUpdateSchema) },
    responses: {
      200: json(cartLineItemSchema, "已更新"),
      ...unauthenticatedResponse,
      ...lineResponses,
      ...limitResponse,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const line = await updateCartLine(c.var.db, c.var.member.id, id, c.req.valid("json"));
    return c.json({ data: line, message: cartMessages.updated }, 200);
  },
);

cartRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/cart/{id}",
    tags: ["Cart"],
    summary: "移除購物車項目",
    description: "只能移除自己的項目；商品已下架或刪除的項目也可移除。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: { params: lineIdParam },
    responses: {
      200: json(messageSchema, "已移除"),
      ...unauthenticatedResponse,
      ...lineResponses,
      422: json(apiErrorSchema, "參數格式不正確"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await removeCartLine(c.var.db, c.var.member.id, id);
    return c.json({ message: cartMessages.removed }, 200);
  },
);
