import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  articleKinds,
  articleListQuery,
  articleSchema,
  articleSummarySchema,
  authorSchema,
  authorSummarySchema,
  categorySchema,
  categorySections,
  isCategorySection,
  ebookSchema,
  homeKeys,
  homeSchema,
  itemOf,
  keyParam,
  listQuery,
  magazineListQuery,
  magazineSchema,
  magazineSummarySchema,
  merchSchema,
  merchSummarySchema,
  paginated,
  seoEntrySchema,
  publicSettingsSchema,
  type ArticleKind,
} from "@shiyi/contracts";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import { notFound } from "../lib/errors.ts";
import { paginationMeta } from "../lib/paginate.ts";
import { getArticle, listArticles, listCategories } from "../services/articles.ts";
import { getAuthor, listAuthors } from "../services/authors.ts";
import { listEbooks } from "../services/ebooks.ts";
import { getHome, getHomeSection, type HomeKey } from "../services/home.ts";
import { getMagazine, getMerch, listMagazines, listMerch } from "../services/products.ts";
import { listSeo } from "../services/seo.ts";
import { getSettings } from "../services/settings.ts";
import { detailSpec, errors, invalid, json, listSpec } from "./specs.ts";

const isArticleKind = (key: string): key is ArticleKind => (articleKinds as readonly string[]).includes(key);
const isHomeKey = (key: string): key is HomeKey => (homeKeys as readonly string[]).includes(key);

/** The public reading calls of SPEC §7. */
export const contentRoutes = new OpenAPIHono<ApiEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/settings",
      tags: ["Site"],
      summary: "網站設定（合併預設值）",
      responses: { 200: json(itemOf(publicSettingsSchema), "網站設定") },
    }),
    async (c) =>
      c.json(
        {
          data: {
            ...(await getSettings(c.var.db)),
            order_reservation_minutes: c.var.shop.reservationMinutes,
          },
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/cate/{key}",
      tags: ["Site"],
      summary: `某一區塊的分類（${categorySections.join("、")}；沒有分類的區塊為空列表）`,
      request: { params: keyParam, query: listQuery },
      responses: { 200: json(paginated(categorySchema), "分類"), ...errors },
    }),
    async (c) => {
      const { page, limit } = c.req.valid("query");
      const { key } = c.req.valid("param");
      if (!isCategorySection(key)) throw notFound("找不到這個區塊");
      const all = await listCategories(c.var.db, key);
      return c.json(
        { data: all.slice((page - 1) * limit, page * limit), meta: paginationMeta(all.length, page, limit) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/home",
      tags: ["Site"],
      summary: "首頁各區塊",
      description: "每個區塊依首頁所示的則數整段回傳；要分頁讀一個區塊，請用 /home/{key}。",
      request: { query: listQuery },
      responses: { 200: json(itemOf(homeSchema), "首頁"), ...invalid },
    }),
    async (c) => c.json({ data: await getHome(c.var.db) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/home/{key}",
      tags: ["Site"],
      summary: `首頁的一個區塊（${homeKeys.join("、")}）`,
      request: { params: keyParam, query: listQuery },
      responses: {
        200: json(
          paginated(z.union([articleSummarySchema, magazineSummarySchema, authorSummarySchema])),
          "區塊",
        ),
        ...errors,
      },
    }),
    async (c) => {
      // A section is as long as the home page shows it; page and limit take a part of it.
      const { page, limit } = c.req.valid("query");
      const { key } = c.req.valid("param");
      if (!isHomeKey(key)) throw notFound("找不到這個首頁區塊");
      const section = await getHomeSection(c.var.db, key);
      return c.json(
        {
          data: section.slice((page - 1) * limit, page * limit),
          meta: paginationMeta(section.length, page, limit),
        },
        200,
      );
    },
  )
  .openapi(
    listSpec({ path: "/article/seo", tag: "Articles", summary: "各路徑的 SEO 設定", item: seoEntrySchema }),
    async (c) => c.json(await listSeo(c.var.db, c.req.valid("query")), 200),
  )
  .openapi(
    detailSpec({
      path: "/article/hero/{id}",
      tag: "Articles",
      summary: "一則首頁主視覺",
      item: articleSchema,
    }),
    async (c) => c.json({ data: await getArticle(c.var.db, "hero", c.req.valid("param").id) }, 200),
  )
  .openapi(
    detailSpec({
      path: "/article/content/{id}",
      tag: "Articles",
      summary: "任一類內容（以 id 或路徑）",
      item: articleSchema,
    }),
    async (c) => c.json({ data: await getArticle(c.var.db, null, c.req.valid("param").id) }, 200),
  )
  .openapi(
    listSpec({ path: "/article/policy", tag: "Articles", summary: "政策頁列表", item: articleSummarySchema }),
    async (c) => c.json(await listArticles(c.var.db, "policy", c.req.valid("query")), 200),
  )
  .openapi(
    detailSpec({ path: "/article/policy/{id}", tag: "Articles", summary: "一則政策頁", item: articleSchema }),
    async (c) => c.json({ data: await getArticle(c.var.db, "policy", c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/article/{key}",
      tags: ["Articles"],
      summary: "某一類內容的列表（news、columns、features、policy、about、home、hero）",
      request: { params: keyParam, query: listQuery },
      responses: { 200: json(paginated(articleSummarySchema), "內容列表"), ...errors },
    }),
    async (c) => {
      const { key } = c.req.valid("param");
      if (!isArticleKind(key)) throw notFound("找不到這一類內容");
      return c.json(await listArticles(c.var.db, key, c.req.valid("query")), 200);
    },
  );

for (const kind of ["news", "columns", "features"] as const) {
  contentRoutes
    .openapi(
      listSpec({
        path: `/${kind}`,
        tag: "Articles",
        summary: `${kind} 列表（可依 category、author 篩選）`,
        query: articleListQuery,
        item: articleSummarySchema,
        missing: "category 或 author 沒有這個分類或作者",
      }),
      async (c) => c.json(await listArticles(c.var.db, kind, c.req.valid("query")), 200),
    )
    .openapi(
      detailSpec({ path: `/${kind}/{id}`, tag: "Articles", summary: `一則 ${kind}`, item: articleSchema }),
      async (c) => c.json({ data: await getArticle(c.var.db, kind, c.req.valid("param").id) }, 200),
    );
}

contentRoutes
  .openapi(
    listSpec({
      path: "/magazines",
      tag: "Shop",
      summary: "雜誌列表；ids=1,2,3 取指定期數（含已下架，available 為 0）",
      item: magazineSummarySchema,
      query: magazineListQuery,
    }),
    async (c) => c.json(await listMagazines(c.var.db, c.req.valid("query")), 200),
  )
  .openapi(
    detailSpec({ path: "/magazines/{id}", tag: "Shop", summary: "一期雜誌", item: magazineSchema }),
    async (c) => c.json({ data: await getMagazine(c.var.db, c.req.valid("param").id) }, 200),
  )
  .openapi(
    listSpec({
      path: "/merch",
      tag: "Shop",
      summary: "商品列表；ids 同雜誌",
      item: merchSummarySchema,
      query: magazineListQuery,
    }),
    async (c) => c.json(await listMerch(c.var.db, c.req.valid("query")), 200),
  )
  .openapi(
    detailSpec({ path: "/merch/{id}", tag: "Shop", summary: "一項商品", item: merchSchema }),
    async (c) => c.json({ data: await getMerch(c.var.db, c.req.valid("param").id) }, 200),
  )
  .openapi(
    listSpec({ path: "/authors", tag: "Authors", summary: "作者列表", item: authorSummarySchema }),
    async (c) => c.json(await listAuthors(c.var.db, c.req.valid("query")), 200),
  )
  .openapi(
    detailSpec({ path: "/authors/{id}", tag: "Authors", summary: "一位作者", item: authorSchema }),
    async (c) => c.json({ data: await getAuthor(c.var.db, c.req.valid("param").id) }, 200),
  )
  .openapi(
    listSpec({ path: "/ebooks", tag: "Shop", summary: "電子書與其數位平台", item: ebookSchema }),
    async (c) => c.json(await listEbooks(c.var.db, c.req.valid("query")), 200),
  );
