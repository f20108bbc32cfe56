import type {
  Ebook,
  Item,
  Magazine,
  MagazineSummary,
  Merch,
  MerchSummary,
  Paginated,
} from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { expectInvalid, expectNotFound, expectPublicCache, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import {
  daysFromNow,
  image,
  insertEbook,
  insertEbookPlatform,
  insertMagazine,
  insertMerch,
} from "./fixtures.ts";

type MagazineRow = Awaited<ReturnType<typeof insertMagazine>>;
type MerchRow = Awaited<ReturnType<typeof insertMerch>>;

const ids = (list: { data: { id: number }[] }) => list.data.map((item) => item.id);

describe.each(databaseTargets())("shop on $name", (target) => {
  const issue: Record<string, MagazineRow> = {};
  const goods: Record<string, MerchRow> = {};
  const books: Record<string, Awaited<ReturnType<typeof insertEbook>>> = {};

  const api = useApi(target, async (db) => {
    issue.i101 = await insertMagazine(db, {
      issue: 101,
      path: "issue-101",
      title: "第101期 茶",
      price: 300,
      original_price: 350,
      cover: image("/media/101.jpg", 600, 800),
      toc: [{ title: "茶路", author: "林主廚", page: 12 }],
      content: "<p>本期</p>",
    });
    issue.i102 = await insertMagazine(db, { issue: 102, path: "issue-102" });
    issue.i103 = await insertMagazine(db, { issue: 103, path: "issue-103" });
    issue.off = await insertMagazine(db, { issue: 104, path: "issue-104", status: 0 });
    issue.later = await insertMagazine(db, { issue: 105, path: "issue-105", start_at: daysFromNow(10) });
    issue.deleted = await insertMagazine(db, { issue: 99, path: "issue-99", deleted_at: daysFromNow(-1) });

    goods.tote = await insertMerch(db, {
      options: [{ name: "顏色", values: ["米色", "墨黑"] }],
      path: "tote",
      title: "帆布袋",
      sort: 1,
      images: [image("/media/tote.jpg"), image("/media/tote-2.jpg")],
    });
    goods.cup = await insertMerch(db, { path: "cup", sort: 2, images: [] });
    goods.off = await insertMerch(db, { path: "apron", status: 0 });
    goods.deleted = await insertMerch(db, { path: "bowl", deleted_at: daysFromNow(-2) });
    goods.later = await insertMerch(db, { path: "towel", start_at: daysFromNow(3) });

    const readmoo = await insertEbookPlatform(db, { name: "Readmoo", sort: 1 });
    const kobo = await insertEbookPlatform(db, { name: "Kobo", sort: 2 });
    const closed = await insertEbookPlatform(db, { name: "Closed", status: 0 });
    books.newer = await insertEbook(db, {
      path: "ebook-101",
      publication_date: "2024-06-01T00:00:00Z",
      magazine_id: issue.i101.id,
      cover: image("/media/e101.jpg", 600, 800),
      links: [
        { platform_id: kobo.id, url: "https://kobo.example.com/101" },
        { platform_id: closed.id, url: "https://closed.example.com/101" },
        { platform_id: readmoo.id, url: "https://readmoo.example.com/101" },
      ],
    });
    books.older = await insertEbook(db, { path: "ebook-100", publication_date: "2024-03-01T00:00:00Z" });
    books.off = await insertEbook(db, { path: "ebook-draft", status: 0 });
    books.later = await insertEbook(db, { path: "ebook-next", start_at: daysFromNow(5) });
  });

  describe("GET /magazines", () => {
    it("lists issues on sale, newest issue first, each typed as a magazine", async () => {
      const response = await api.get<Paginated<MagazineSummary>>("/magazines");
      expectPublicCache(response);
      expect(response.body.data.map((item) => item.issue)).toEqual([103, 102, 101]);
      expect(response.body.data.every((item) => item.type === "magazine" && item.available === 1)).toBe(true);
      expect(response.body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 999,
        total: 3,
        from: 1,
        to: 3,
      });
      expect(response.body.data[2]).toMatchObject({
        id: issue.i101!.id,
        path: "issue-101",
        price: 300,
        original_price: 350,
        cover: image("/media/101.jpg", 600, 800),
      });
    });

    it("pages", async () => {
      const { body } = await api.get<Paginated<MagazineSummary>>("/magazines?page=2&limit=2");
      expect(body.data.map((item) => item.issue)).toEqual([101]);
      expect(body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 });
    });

    it("with ids answers those, also switched-off and deleted ones with available 0, but nothing not yet started", async () => {
      const wanted = [issue.i101!, issue.off!, issue.later!, issue.deleted!];
      const response = await api.get<Paginated<MagazineSummary>>(
        `/magazines?ids=${wanted.map((row) => row.id).join(",")}`,
      );
      expectPublicCache(response);
      const availability = Object.fromEntries(response.body.data.map((item) => [item.issue, item.available]));
      // Issue 105 starts in ten days: its title and price are not public before then.
      expect(availability).toEqual({ 101: 1, 104: 0, 99: 0 });
      expect(response.body.data.every((item) => item.type === "magazine")).toBe(true);
      expect(response.body.meta.total).toBe(3);
    });

    it("with ids of nothing answers an empty list", async () => {
      const { body } = await api.get<Paginated<MagazineSummary>>("/magazines?ids=987654");
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
    });

    it.each(["abc", "1,,2", "1,a", "", "-1", "1.5"])("rejects ids=%s with 422", async (value) => {
      expectInvalid(await api.get(`/magazines?ids=${value}`), "ids");
    });
  });

  describe("GET /magazines/{id}", () => {
    it("finds an issue by id and by path with its table of contents", async () => {
      const byId = await api.get<Item<Magazine>>(`/magazines/${issue.i101!.id}`);
      expectPublicCache(byId);
      expect(byId.body.data).toMatchObject({
        type: "magazine",
        issue: 101,
        available: 1,
        content: "<p>本期</p>",
        toc: [{ title: "茶路", author: "林主廚", page: 12 }],
        images: [],
      });
      expect((await api.get<Item<Magazine>>("/magazines/issue-101")).body).toEqual(byId.body);
    });

    it("answers 404 for switched-off, scheduled, deleted and unknown issues", async () => {
      for (const key of [
        issue.off!.id,
        "issue-104",
        issue.later!.id,
        issue.deleted!.id,
        "issue-99",
        987654,
        "issue-1",
      ]) {
        expectNotFound(await api.get(`/magazines/${key}`));
      }
    });
  });

  describe("GET /merch", () => {
    it("lists goods on sale in their sort order, each typed as merch with its first image", async () => {
      const response = await api.get<Paginated<MerchSummary>>("/merch");
      expectPublicCache(response);
      expect(response.body.data.map((item) => item.path)).toEqual(["tote", "cup"]);
      expect(response.body.data[0]).toMatchObject({
        type: "merch",
        available: 1,
        title: "帆布袋",
        image: image("/media/tote.jpg"),
        options: [{ name: "顏色", values: ["米色", "墨黑"] }],
      });
      expect(response.body.data[1]!.image).toBeNull();
      // Goods with nothing to choose say so with an empty list.
      expect(response.body.data[1]!.options).toEqual([]);
      expect(response.body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 999,
        total: 2,
        from: 1,
        to: 2,
      });
    });

    it("with ids answers also withdrawn goods, marked unavailable, and leaves out goods not yet started", async () => {
      const wanted = [goods.cup!, goods.off!, goods.deleted!, goods.later!];
      const { body } = await api.get<Paginated<MerchSummary>>(
        `/merch?ids=${wanted.map((row) => row.id).join(",")}`,
      );
      expect(Object.fromEntries(body.data.map((item) => [item.path, item.available]))).toEqual({
        cup: 1,
        apron: 0,
        bowl: 0,
      });
    });

    it("rejects ids=abc with 422", async () => {
      expectInvalid(await api.get("/merch?ids=abc"), "ids");
    });
  });

  describe("GET /merch/{id}", () => {
    it("finds goods by id and by path with all images", async () => {
      const byPath = await api.get<Item<Merch>>("/merch/tote");
      expectPublicCache(byPath);
      expect(byPath.body.data).toMatchObject({
        id: goods.tote!.id,
        type: "merch",
        images: [image("/media/tote.jpg"), image("/media/tote-2.jpg")],
      });
      expect((await api.get<Item<Merch>>(`/merch/${goods.tote!.id}`)).body).toEqual(byPath.body);
    });

    it("answers 404 for switched-off, deleted, scheduled and unknown goods", async () => {
      for (const key of ["apron", goods.off!.id, "bowl", goods.deleted!.id, "towel", "no-such-thing"]) {
        expectNotFound(await api.get(`/merch/${key}`));
      }
    });

    it("does not answer a magazine id as merch, nor merch as a magazine", async () => {
      expectNotFound(await api.get("/merch/issue-101"));
      expectNotFound(await api.get("/magazines/tote"));
    });
  });

  describe("GET /ebooks", () => {
    it("lists published ebooks newest first with their switched-on platforms in link order", async () => {
      const response = await api.get<Paginated<Ebook>>("/ebooks");
      expectPublicCache(response);
      expect(ids(response.body)).toEqual([books.newer!.id, books.older!.id]);
      expect(response.body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 999,
        total: 2,
        from: 1,
        to: 2,
      });
      expect(response.body.data[0]).toMatchObject({
        path: "ebook-101",
        cover: image("/media/e101.jpg", 600, 800),
      });
      expect(response.body.data[0]!.links).toEqual([
        { platform: expect.objectContaining({ name: "Kobo" }), url: "https://kobo.example.com/101" },
        { platform: expect.objectContaining({ name: "Readmoo" }), url: "https://readmoo.example.com/101" },
      ]);
      expect(response.body.data[1]!.links).toEqual([]);
    });

    it("pages", async () => {
      const { body } = await api.get<Paginated<Ebook>>("/ebooks?page=2&limit=1");
      expect(ids(body)).toEqual([books.older!.id]);
      expect(body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 1, total: 2, from: 2, to: 2 });
    });
  });
});
