import type { Home, Item, Paginated } from "@shiyi/contracts";
import { homeKeys } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { expectInvalid, expectNotFound, expectPublicCache, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { daysFromNow, insertArticle, insertAuthor, insertMagazine } from "./fixtures.ts";

/** `count` published items of a kind, the first one newest, plus a hidden and a scheduled one. */
async function insertPublishedArticles(db: Parameters<typeof insertArticle>[0], kind: string, count: number) {
  for (let day = 1; day <= count; day++) {
    await insertArticle(db, { kind, path: `${kind}-${day}`, publication_date: daysFromNow(-day) });
  }
  await insertArticle(db, { kind, path: `${kind}-hidden`, status: 0, publication_date: daysFromNow(0) });
  await insertArticle(db, { kind, path: `${kind}-scheduled`, start_at: daysFromNow(1) });
}

const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);

describe.each(databaseTargets())("home on $name", (target) => {
  const api = useApi(target, async (db) => {
    await insertPublishedArticles(db, "hero", 6);
    await insertPublishedArticles(db, "features", 5);
    await insertPublishedArticles(db, "news", 8);
    await insertPublishedArticles(db, "columns", 2);
    for (let issue = 1; issue <= 5; issue++) await insertMagazine(db, { issue, path: `issue-${issue}` });
    await insertMagazine(db, { issue: 6, path: "issue-6", deleted_at: daysFromNow(-1) });
    for (let n = 1; n <= 7; n++) await insertAuthor(db, { path: `author-${n}`, sort: n });
    await insertAuthor(db, { path: "author-hidden", sort: 0, status: 0 });
  });

  describe("GET /home", () => {
    it("answers every section, each cut to its size and holding only published items", async () => {
      const response = await api.get<Item<Home>>("/home");
      expectPublicCache(response);
      const home = response.body.data;
      expect(Object.keys(home).sort()).toEqual([...homeKeys].sort());
      expect(home.hero.map((item) => item.path)).toEqual(numbered("hero", 5));
      expect(home.features.map((item) => item.path)).toEqual(numbered("features", 4));
      expect(home.news.map((item) => item.path)).toEqual(numbered("news", 6));
      expect(home.columns.map((item) => item.path)).toEqual(numbered("columns", 2));
      expect(home.magazines.map((item) => item.issue)).toEqual([5, 4, 3, 2]);
      expect(home.magazines.every((item) => item.type === "magazine")).toBe(true);
      expect(home.authors.map((author) => author.path)).toEqual(numbered("author", 6));
    });

    it("takes the list query and rejects a bad one with 422", async () => {
      expect((await api.get("/home?page=1&limit=999&status=1")).status).toBe(200);
      expectInvalid(await api.get("/home?page=0"), "page");
      expectInvalid(await api.get("/home?status=2"), "status");
    });
  });

  describe("GET /home/{key}", () => {
    it.each(homeKeys)("answers the %s section as /home does", async (key) => {
      const section = await api.get<{ data: unknown[] }>(`/home/${key}`);
      expectPublicCache(section);
      const home = await api.get<Item<Home>>("/home");
      expect(section.body.data).toEqual(home.body.data[key]);
      expect(section.body.data.length).toBeGreaterThan(0);
    });

    it("takes a page of the section with page and limit", async () => {
      const whole = (await api.get<{ data: { id: number }[] }>("/home/news")).body.data;
      expect(whole.length).toBeGreaterThanOrEqual(4);
      const ids = async (query: string) =>
        (await api.get<{ data: { id: number }[] }>(`/home/news?${query}`)).body.data.map((item) => item.id);
      expect(await ids("limit=2")).toEqual(whole.slice(0, 2).map((item) => item.id));
      expect(await ids("page=2&limit=2")).toEqual(whole.slice(2, 4).map((item) => item.id));
      expect(await ids("page=999")).toEqual([]);
    });

    it("says where the page stands in the section, as every list does", async () => {
      const whole = (await api.get<Paginated<{ id: number }>>("/home/news")).body;
      const total = whole.data.length;
      expect(whole.meta).toEqual({ current_page: 1, last_page: 1, per_page: 999, total, from: 1, to: total });
      const second = (await api.get<Paginated<{ id: number }>>("/home/news?page=2&limit=2")).body.meta;
      expect(second).toEqual({
        current_page: 2,
        last_page: Math.ceil(total / 2),
        per_page: 2,
        total,
        from: 3,
        to: 4,
      });
    });

    it.each([
      ["an unknown section", "recipes"],
      ["an article kind that is no section", "about"],
    ])("answers %s with a JSON 404", async (_label, key) => {
      expectNotFound(await api.get(`/home/${key}`));
    });

    it.each([
      ["upper case", "News"],
      ["300 characters", "x".repeat(300)],
      ["a NUL byte", "%00"],
    ])("rejects a key with %s with 422", async (_label, key) => {
      expectInvalid(await api.get(`/home/${key}`), "key");
    });
  });
});
