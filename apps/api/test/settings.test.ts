import type { Category, Item, Paginated, PublicSettings, Settings } from "@shiyi/contracts";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { expectInvalid, expectPublicCache, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { insertCategory, insertSetting } from "./fixtures.ts";

describe.each(databaseTargets())("GET /settings on $name", (target) => {
  describe("without overrides", () => {
    const api = useApi(target);

    it("is logged as one line per request: at info by an API on its own, at debug in the web's process", async () => {
      for (const [level, expected] of [
        ["info", 1],
        ["debug", 0],
      ] as const) {
        const lines: { level: number; method: string; path: string; status: number; requestId: string }[] =
          [];
        const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
        const client = api.withOptions({ logger, requestLogLevel: level });
        expect((await client.get("/settings", { "x-request-id": "req-1" })).status).toBe(200);
        const logged = lines.filter((line) => line.path === "/settings");
        expect(logged, level).toHaveLength(expected);
        if (expected)
          expect(logged[0]).toMatchObject({ level: 30, method: "GET", status: 200, requestId: "req-1" });
      }
    });

    it("is sent compressed to a client that accepts Brotli or gzip, and plain to one that does not", async () => {
      const plain = await api.getBytes("/settings", { accept: "application/json" });
      expect(plain.headers.has("content-encoding")).toBe(false);
      for (const [accepted, encoding, decode] of [
        ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
        ["gzip", "gzip", gunzipSync],
      ] as const) {
        const response = await api.getBytes("/settings", {
          accept: "application/json",
          "accept-encoding": accepted,
        });
        expect(response.headers.get("content-encoding")).toBe(encoding);
        expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
        expect(response.body.byteLength).toBeLessThan(plain.body.byteLength);
        expect(JSON.parse(decode(response.body).toString("utf8"))).toEqual(
          JSON.parse(new TextDecoder().decode(plain.body)),
        );
      }
    });

    it("answers the defaults: postage 44/60/92, office hours and every page text", async () => {
      const response = await api.get<Item<PublicSettings>>("/settings");
      expectPublicCache(response);
      const settings = response.body.data;
      expect(settings).toMatchObject({
        name: "食藝誌",
        postage: 44,
        postage_2: 60,
        postage_3: 92,
        hours: "09:00~17:30",
        order_reservation_minutes: 30,
      });
      expect(Object.keys(settings.pages).sort()).toEqual([
        "about",
        "columns",
        "contact",
        "donate",
        "ebooks",
        "features",
        "magazines",
        "news",
        "policy",
      ]);
      expect(settings.pages.news).toEqual({
        title: "最新消息",
        info_title: "News",
        description: expect.any(String),
      });
    });
  });

  describe("with overrides in site_settings", () => {
    const api = useApi(target, async (db) => {
      await insertSetting(db, "postage", 50);
      await insertSetting(db, "hours", "10:00~18:00");
      await insertSetting(db, "tel", "02-1234-5678");
      // Texts that read as JSON of another kind stay texts.
      await insertSetting(db, "fax", "27001234");
      await insertSetting(db, "line", "true");
      await insertSetting(db, "pages", {
        news: { title: "產業新聞", description: 5 },
        columns: { title: "2026" },
        contact: "聯絡",
        about: ["關於"],
        nowhere: { title: "不存在的頁面" },
      });
      // A value of the wrong type must not replace a default.
      await insertSetting(db, "postage_2", "sixty");
      await insertSetting(db, "postage_3", "100");
      await insertSetting(db, "unknown_key", "ignored");
    });

    it("lets a stored row win over the default and keeps the other defaults", async () => {
      const { body } = await api.get<Item<Settings>>("/settings");
      expect(body.data).toMatchObject({
        postage: 50,
        hours: "10:00~18:00",
        tel: "02-1234-5678",
        fax: "27001234",
        line: "true",
      });
    });

    it("merges a partial pages override per page and per field", async () => {
      const { body } = await api.get<Item<Settings>>("/settings");
      expect(body.data.pages.news).toEqual({
        title: "產業新聞",
        info_title: "News",
        description: expect.any(String),
      });
      expect(body.data.pages.columns.title).toBe("2026");
      expect(body.data.pages.features.title).toBe("專題企劃");
      expect(Object.keys(body.data.pages)).toHaveLength(9);
      expect(body.data.pages).not.toHaveProperty("nowhere");
    });

    it("ignores values of the wrong type and keys it does not know", async () => {
      const { body } = await api.get<Item<Settings>>("/settings");
      expect(body.data.postage_2).toBe(60);
      // A number stored as text is not a number: the default stands.
      expect(body.data.postage_3).toBe(92);
      expect(body.data.pages.contact).toEqual({
        title: "聯絡我們",
        info_title: "Contact",
        description: expect.any(String),
      });
      expect(body.data.pages.about.title).toBe("關於我們");
      expect(body.data).not.toHaveProperty("unknown_key");
    });
  });
});

describe.each(databaseTargets())("GET /cate/{key} on $name", (target) => {
  const rows: Record<string, Awaited<ReturnType<typeof insertCategory>>> = {};
  const api = useApi(target, async (db) => {
    rows.second = await insertCategory(db, { section: "news", path: "events", name: "活動", sort: 2 });
    rows.first = await insertCategory(db, { section: "news", path: "industry", name: "產業", sort: 1 });
    rows.hidden = await insertCategory(db, { section: "news", path: "draft", name: "草稿", status: 0 });
    rows.other = await insertCategory(db, { section: "columns", path: "chefs", name: "主廚" });
  });

  it("lists the switched-on categories of one section in their sort order", async () => {
    const response = await api.get<{ data: Category[] }>("/cate/news");
    expectPublicCache(response);
    expect(response.body.data).toEqual([
      { id: rows.first!.id, section: "news", path: "industry", name: "產業", description: null },
      { id: rows.second!.id, section: "news", path: "events", name: "活動", description: null },
    ]);
  });

  it("is a list like the others: page, limit and status, with its pagination", async () => {
    const all = await api.get<Paginated<Category>>("/cate/news?page=1&limit=999&status=1");
    expect(all.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 999, total: 2, from: 1, to: 2 });
    const second = await api.get<Paginated<Category>>("/cate/news?page=2&limit=1");
    expect(second.body.data.map((category) => category.path)).toEqual(["events"]);
    expect(second.body.meta).toEqual({
      current_page: 2,
      last_page: 2,
      per_page: 1,
      total: 2,
      from: 2,
      to: 2,
    });
    expectInvalid(await api.get("/cate/news?page=0"), "page");
    expectInvalid(await api.get("/cate/news?limit=abc"), "limit");
    expectInvalid(await api.get("/cate/news?status=0"), "status");
  });

  it("keeps sections apart", async () => {
    const { body } = await api.get<{ data: Category[] }>("/cate/columns");
    expect(body.data.map((category) => category.path)).toEqual(["chefs"]);
  });

  it("answers an empty list for a section without categories", async () => {
    const response = await api.get<{ data: Category[] }>("/cate/ebooks");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it("answers 404 for a key that is not a section of the site", async () => {
    const response = await api.get<{ message: string }>("/cate/recipes");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "找不到這個區塊" });
  });

  it.each([
    ["upper case", "News"],
    ["a space", "a%20b"],
    ["Chinese", "%E6%96%B0%E8%81%9E"],
    ["101 characters", "x".repeat(101)],
    ["a NUL byte", "%00"],
  ])("rejects a key with %s with 422", async (_label, key) => {
    expectInvalid(await api.get(`/cate/${key}`), "key");
  });
});
