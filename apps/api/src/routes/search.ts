import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { searchQuery, searchResultSchema } from "@shiyi/contracts";
import type { ApiEnv } from "../app-env.ts";
import { search } from "../services/search.ts";
import { errors, json } from "./specs.ts";

/** `GET /search` of SPEC §7: news, columns, features, magazine issues and authors in one ranked list. */
export const searchRoutes = new OpenAPIHono<ApiEnv>().openapi(
  createRoute({
    method: "get",
    path: "/search",
    tags: ["Site"],
    summary: "全站搜尋（標題優先於摘要、內文，再依日期新舊）",
    description:
      "中文以雙字詞比對（任兩字以上的字串都找得到），台／臺等異體字、全形半形、大小寫視為相同；空白分隔的詞須全部符合。完全相符找不到時改以斷詞後的各詞搜尋（query.relaxed）。查詢為空或無結果時附建議。",
    request: { query: searchQuery },
    responses: { 200: json(searchResultSchema, "搜尋結果"), 422: errors[422] },
  }),
  async (c) => c.json(await search(c.var.db, c.req.valid("query")), 200),
);
