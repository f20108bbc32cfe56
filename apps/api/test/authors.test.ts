import type { Author, AuthorSummary, Item, Paginated } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { expectNotFound, expectPublicCache, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { daysFromNow, image, insertArticle, insertAuthor } from "./fixtures.ts";

type AuthorRow = Awaited<ReturnType<typeof insertAuthor>>;

describe.each(databaseTargets())("authors on $name", (target) => {
  const people: Record<string, AuthorRow> = {};

  const api = useApi(target, async (db) => {
    people.lin = await insertAuthor(db, {
      path: "chef-lin",
      name: "林主廚",
      title: "主廚",
      description: "台菜主廚",
      content: "<p>三十年的台菜</p>",
      avatar: image("/media/lin.jpg", 400, 400),
      sort: 2,
    });
    people.chen = await insertAuthor(db, { path: "writer-chen", name: "陳記者", sort: 1 });
    people.wu = await insertAuthor(db, { path: "farmer-wu", name: "吳農夫", sort: 2 });
    people.retired = await insertAuthor(db, { path: "retired", name: "退休作者", status: 0 });

    // Lin has two published pieces; the switched-off and the scheduled one do not count.
    await insertArticle(db, { kind: "news", author_id: people.lin.id });
    await insertArticle(db, { kind: "columns", author_id: people.lin.id });
    await insertArticle(db, { kind: "columns", author_id: people.lin.id, status: 0 });
    await insertArticle(db, { kind: "features", author_id: people.lin.id, start_at: daysFromNow(2) });
    await insertArticle(db, { kind: "news", author_id: people.chen.id });
  });

  describe("GET /authors", () => {
    it("lists switched-on authors by sort, then by id", async () => {
      const response = await api.get<Paginated<AuthorSummary>>("/authors");
      expectPublicCache(response);
      expect(response.body.data.map((author) => author.path)).toEqual([
        "writer-chen",
        "chef-lin",
        "farmer-wu",
      ]);
      expect(response.body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 999,
        total: 3,
        from: 1,
        to: 3,
      });
      expect(response.body.data[1]).toMatchObject({
        id: people.lin!.id,
        path: "chef-lin",
        name: "林主廚",
        title: "主廚",
        description: "台菜主廚",
        avatar: image("/media/lin.jpg", 400, 400),
      });
    });

    it("pages", async () => {
      const { body } = await api.get<Paginated<AuthorSummary>>("/authors?page=2&limit=2");
      expect(body.data.map((author) => author.path)).toEqual(["farmer-wu"]);
      expect(body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 });
    });
  });

  describe("GET /authors/{id}", () => {
    it("finds an author by id and by path with the biography and the count of published pieces", async () => {
      const byPath = await api.get<Item<Author>>("/authors/chef-lin");
      expectPublicCache(byPath);
      expect(byPath.body.data).toMatchObject({
        id: people.lin!.id,
        content: "<p>三十年的台菜</p>",
        article_count: 2,
      });
      expect((await api.get<Item<Author>>(`/authors/${people.lin!.id}`)).body).toEqual(byPath.body);
    });

    it("counts zero for an author without pieces", async () => {
      const { body } = await api.get<Item<Author>>("/authors/farmer-wu");
      expect(body.data.article_count).toBe(0);
    });

    it("answers 404 for a switched-off or unknown author", async () => {
      for (const key of ["retired", people.retired!.id, "nobody", 987654]) {
        expectNotFound(await api.get(`/authors/${key}`));
      }
    });
  });
});
