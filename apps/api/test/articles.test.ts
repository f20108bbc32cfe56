import type { Article, ArticleSummary, Item, Paginated, SeoEntry } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { expectNotFound, expectPublicCache, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import {
  daysFromNow,
  image,
  insertArticle,
  insertAuthor,
  insertCategory,
  insertSeoEntry,
} from "./fixtures.ts";

type Row = Awaited<ReturnType<typeof insertArticle>>;
type List = Paginated<ArticleSummary>;

const paths = (list: { data: { path: string }[] }) => list.data.map((item) => item.path);

describe.each(databaseTargets())("articles on $name", (target) => {
  const news: Record<string, Row> = {};
  const other: Record<string, Row> = {};
  const people = {} as {
    chef: Awaited<ReturnType<typeof insertAuthor>>;
    writer: Awaited<ReturnType<typeof insertAuthor>>;
  };
  const sections = {} as Record<"industry" | "events" | "chefs", Awaited<ReturnType<typeof insertCategory>>>;

  const api = useApi(target, async (db) => {
    people.chef = await insertAuthor(db, { path: "chef-lin", name: "林主廚" });
    people.writer = await insertAuthor(db, { path: "writer-chen", name: "陳記者" });
    sections.industry = await insertCategory(db, { section: "news", path: "industry", name: "產業" });
    sections.events = await insertCategory(db, { section: "news", path: "events", name: "活動" });
    sections.chefs = await insertCategory(db, { section: "columns", path: "chefs", name: "主廚" });
    const { industry, events } = sections;

    // Oldest first by display date; n3 and n4 share a date, so their ids decide.
    news.n1 = await insertArticle(db, {
      kind: "news",
      path: "market-opens",
      title: "市場開幕",
      publication_date: "2024-01-01T00:00:00Z",
      category_id: industry.id,
      author_id: people.chef.id,
      content: "<p>內文</p>",
      image: image("/media/market.jpg"),
      images: [image("/media/market-1.jpg", 800, 600)],
    });
    news.n2 = await insertArticle(db, {
      kind: "news",
      path: "harvest",
      publication_date: "2024-02-01T00:00:00Z",
      category_id: industry.id,
      author_id: people.writer.id,
    });
    news.draft = await insertArticle(db, {
      kind: "news",
      path: "draft",
      status: 0,
      publication_date: "2024-02-15T00:00:00Z",
      category_id: industry.id,
      author_id: people.chef.id,
    });
    news.n3 = await insertArticle(db, {
      kind: "news",
      path: "tea-lecture",
      publication_date: "2024-03-01T00:00:00Z",
      category_id: events.id,
      author_id: people.chef.id,
    });
    news.n4 = await insertArticle(db, {
      kind: "news",
      path: "rice-fair",
      publication_date: "2024-03-01T00:00:00Z",
      category_id: industry.id,
    });
    news.n5 = await insertArticle(db, {
      kind: "news",
      path: "台北開幕",
      publication_date: "2024-04-01T00:00:00Z",
    });
    news.scheduled = await insertArticle(db, {
      kind: "news",
      path: "scheduled",
      publication_date: null,
      start_at: daysFromNow(7),
      category_id: industry.id,
      author_id: people.chef.id,
    });

    other.c1 = await insertArticle(db, {
      kind: "columns",
      path: "knife-skills",
      publication_date: "2024-01-10T00:00:00Z",
      category_id: sections.chefs.id,
      author_id: people.chef.id,
    });
    other.c2 = await insertArticle(db, {
      kind: "columns",
      path: "kitchen-diary",
      publication_date: "2024-01-20T00:00:00Z",
      author_id: people.writer.id,
    });
    // By an author and in a category since switched off: neither is public any more.
    const retired = await insertAuthor(db, { path: "retired-writer", name: "退休作者", status: 0 });
    const archived = await insertCategory(db, {
      section: "features",
      path: "archived",
      name: "封存",
      status: 0,
    });
    other.f1 = await insertArticle(db, {
      kind: "features",
      path: "tea-roads",
      publication_date: "2024-01-05T00:00:00Z",
      author_id: retired.id,
      category_id: archived.id,
    });
    other.f2 = await insertArticle(db, {
      kind: "features",
      path: "salt-fields",
      publication_date: "2024-02-05T00:00:00Z",
    });
    other.fHidden = await insertArticle(db, { kind: "features", path: "unfinished", status: 0 });
    other.privacy = await insertArticle(db, {
      kind: "policy",
      path: "privacy",
      title: "隱私權政策",
      sort: 1,
    });
    other.terms = await insertArticle(db, { kind: "policy", path: "terms", title: "服務條款", sort: 2 });
    other.about = await insertArticle(db, { kind: "about", path: "story", title: "關於食藝" });
    other.hero = await insertArticle(db, { kind: "hero", path: "spring", link: "/features/tea-roads" });
    other.heroLater = await insertArticle(db, { kind: "hero", path: "summer", start_at: daysFromNow(30) });

    await insertSeoEntry(db, {
      path: "/news",
      title: "最新消息",
      image: image("/media/seo/news.jpg", 1000, 600),
    });
    await insertSeoEntry(db, {
      path: "/about",
      title: "關於",
      image: image("/media/seo/about.jpg", 2400, 1260),
    });
    await insertSeoEntry(db, { path: "/contact", title: "聯絡", image: null });
    await insertSeoEntry(db, { path: "/tiny", image: image("/media/seo/tiny.png", 320, 200) });
    await insertSeoEntry(db, { path: "/hidden", status: 0 });
  });

  describe("GET /news", () => {
    it("lists published news newest first with default paging (page 1, limit 999)", async () => {
      const response = await api.get<List>("/news");
      expectPublicCache(response);
      expect(paths(response.body)).toEqual([
        "台北開幕",
        "rice-fair",
        "tea-lecture",
        "harvest",
        "market-opens",
      ]);
      expect(response.body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 999,
        total: 5,
        from: 1,
        to: 5,
      });
    });

    it("hides switched-off and not-yet-started items", async () => {
      const { body } = await api.get<List>("/news");
      expect(paths(body)).not.toContain("draft");
      expect(paths(body)).not.toContain("scheduled");
    });

    it("joins author and category on each item", async () => {
      const { body } = await api.get<List>("/news");
      const market = body.data.find((item) => item.path === "market-opens");
      expect(market).toMatchObject({
        id: news.n1!.id,
        kind: "news",
        title: "市場開幕",
        image: image("/media/market.jpg"),
        author: { id: people.chef.id, path: "chef-lin", name: "林主廚" },
        category: { id: sections.industry.id, section: "news", path: "industry", name: "產業" },
      });
      expect(body.data.find((item) => item.path === "台北開幕")).toMatchObject({
        author: null,
        category: null,
      });
    });

    it("pages with page and limit", async () => {
      const first = await api.get<List>("/news?limit=2");
      expect(paths(first.body)).toEqual(["台北開幕", "rice-fair"]);
      expect(first.body.meta).toEqual({
        current_page: 1,
        last_page: 3,
        per_page: 2,
        total: 5,
        from: 1,
        to: 2,
      });

      const last = await api.get<List>("/news?page=3&limit=2");
      expect(paths(last.body)).toEqual(["market-opens"]);
      expect(last.body.meta).toEqual({
        current_page: 3,
        last_page: 3,
        per_page: 2,
        total: 5,
        from: 5,
        to: 5,
      });
    });

    it("answers an empty page past the end with from and to null", async () => {
      const response = await api.get<List>("/news?page=4&limit=2");
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
      expect(response.body.meta).toEqual({
        current_page: 4,
        last_page: 3,
        per_page: 2,
        total: 5,
        from: null,
        to: null,
      });
    });

    it("accepts the explicit defaults status=1", async () => {
      const { body } = await api.get<List>("/news?status=1&page=1&limit=999");
      expect(body.meta.total).toBe(5);
    });

    it("filters by category path and by category id", async () => {
      const byPath = await api.get<List>("/news?category=industry");
      expectPublicCache(byPath);
      expect(paths(byPath.body)).toEqual(["rice-fair", "harvest", "market-opens"]);
      expect(byPath.body.meta.total).toBe(3);

      const byId = await api.get<List>(`/news?category=${sections.events.id}`);
      expect(paths(byId.body)).toEqual(["tea-lecture"]);
    });

    it("filters by author path and id, also combined with a category", async () => {
      expect(paths((await api.get<List>("/news?author=chef-lin")).body)).toEqual([
        "tea-lecture",
        "market-opens",
      ]);
      expect(paths((await api.get<List>(`/news?author=${people.writer.id}`)).body)).toEqual(["harvest"]);
      expect(paths((await api.get<List>("/news?category=industry&author=chef-lin")).body)).toEqual([
        "market-opens",
      ]);
    });

    it("answers 404 for an unknown category, a category of another section, or an unknown author", async () => {
      expectNotFound(await api.get("/news?category=no-such-category"));
      expectNotFound(await api.get("/news?category=chefs"));
      expectNotFound(await api.get("/news?author=nobody"));
    });

    it("treats an empty category as no filter", async () => {
      const { body } = await api.get<List>("/news?category=");
      expect(body.meta.total).toBe(5);
    });
  });

  describe("GET /news/{id}", () => {
    it("finds an item by id and by path, with content, images, author and category", async () => {
      const byId = await api.get<Item<Article>>(`/news/${news.n1!.id}`);
      expectPublicCache(byId);
      expect(byId.body.data).toMatchObject({
        id: news.n1!.id,
        path: "market-opens",
        kind: "news",
        content: "<p>內文</p>",
        images: [image("/media/market-1.jpg", 800, 600)],
        author: { path: "chef-lin" },
        category: { path: "industry" },
      });
      const byPath = await api.get<Item<Article>>("/news/market-opens");
      expect(byPath.body).toEqual(byId.body);
    });

    it("finds an item by a Chinese path", async () => {
      const response = await api.get<Item<Article>>(`/news/${encodeURIComponent("台北開幕")}`);
      expect(response.status).toBe(200);
      expect(response.body.data.id).toBe(news.n5!.id);
    });

    it("links the previous (older) and next (newer) published item of the same kind", async () => {
      const { body } = await api.get<Item<Article>>("/news/harvest");
      // The switched-off draft lies between harvest and tea-lecture and is skipped.
      expect(body.data.previous).toEqual({ id: news.n1!.id, path: "market-opens", title: news.n1!.title });
      expect(body.data.next).toEqual({ id: news.n3!.id, path: "tea-lecture", title: news.n3!.title });
    });

    it("breaks a tie of dates by id", async () => {
      const earlier = (await api.get<Item<Article>>("/news/tea-lecture")).body.data;
      expect(earlier.previous?.path).toBe("harvest");
      expect(earlier.next?.path).toBe("rice-fair");
      const later = (await api.get<Item<Article>>("/news/rice-fair")).body.data;
      expect(later.previous?.path).toBe("tea-lecture");
      expect(later.next?.path).toBe("台北開幕");
    });

    it("has no previous for the oldest and no next for the newest", async () => {
      expect((await api.get<Item<Article>>("/news/market-opens")).body.data.previous).toBeNull();
      expect((await api.get<Item<Article>>(`/news/${news.n5!.id}`)).body.data.next).toBeNull();
    });

    it("relates published items of the same category, newest first, without itself, then the kind's newest", async () => {
      const { body } = await api.get<Item<Article>>("/news/harvest");
      expect(body.data.related.map((item) => item.path)).toEqual(["rice-fair", "market-opens", "台北開幕"]);
    });

    it("relates at most three items of the same kind when it has no category", async () => {
      const { body } = await api.get<Item<Article>>(`/news/${news.n5!.id}`);
      expect(body.data.related.map((item) => item.path)).toEqual(["rice-fair", "tea-lecture", "harvest"]);
      expect(body.data.related.every((item) => item.kind === "news")).toBe(true);
    });

    it("answers 404 without caching for hidden, scheduled, unknown and other-kind items", async () => {
      for (const key of [
        news.draft!.id,
        "draft",
        news.scheduled!.id,
        "scheduled",
        987654,
        "no-such-news",
        other.c1!.id,
      ]) {
        expectNotFound(await api.get(`/news/${key}`));
      }
    });
  });

  describe("GET /columns and /columns/{id}", () => {
    it("lists columns only, newest first", async () => {
      const response = await api.get<List>("/columns");
      expectPublicCache(response);
      expect(paths(response.body)).toEqual(["kitchen-diary", "knife-skills"]);
      expect(response.body.meta).toMatchObject({ total: 2, per_page: 999, current_page: 1 });
    });

    it("filters by category and author", async () => {
      expect(paths((await api.get<List>("/columns?category=chefs")).body)).toEqual(["knife-skills"]);
      expect(paths((await api.get<List>("/columns?author=writer-chen")).body)).toEqual(["kitchen-diary"]);
      expectNotFound(await api.get("/columns?category=industry"));
    });

    it("finds a column by id and path, linking its neighbours", async () => {
      const byPath = await api.get<Item<Article>>("/columns/knife-skills");
      expectPublicCache(byPath);
      expect(byPath.body.data).toMatchObject({
        id: other.c1!.id,
        kind: "columns",
        previous: null,
        next: { path: "kitchen-diary" },
      });
      expect((await api.get<Item<Article>>(`/columns/${other.c1!.id}`)).body).toEqual(byPath.body);
      expectNotFound(await api.get(`/columns/${news.n1!.id}`));
    });
  });

  describe("GET /features and /features/{id}", () => {
    it("lists published features", async () => {
      const response = await api.get<List>("/features");
      expectPublicCache(response);
      expect(paths(response.body)).toEqual(["salt-fields", "tea-roads"]);
    });

    it("finds a feature by id and path and hides a switched-off one", async () => {
      const byId = await api.get<Item<Article>>(`/features/${other.f1!.id}`);
      expectPublicCache(byId);
      expect(byId.body.data).toMatchObject({
        path: "tea-roads",
        previous: null,
        next: { path: "salt-fields" },
        related: [{ path: "salt-fields" }],
      });
      expect((await api.get<Item<Article>>("/features/tea-roads")).body).toEqual(byId.body);
      expectNotFound(await api.get("/features/unfinished"));
      expectNotFound(await api.get(`/features/${other.fHidden!.id}`));
    });

    it("names no switched-off author or category, in the item, the list or a filter", async () => {
      const { body } = await api.get<Item<Article>>("/features/tea-roads");
      expect([body.data.author, body.data.category]).toEqual([null, null]);
      const list = await api.get<List>("/features");
      expect(list.body.data.find((item) => item.path === "tea-roads")).toMatchObject({
        author: null,
        category: null,
      });
      expectNotFound(await api.get("/features?author=retired-writer"));
      expectNotFound(await api.get("/features?category=archived"));
    });
  });

  describe("GET /article/{key}", () => {
    it("lists any known kind like its own route does", async () => {
      const viaKey = await api.get<List>("/article/news");
      expectPublicCache(viaKey);
      expect(viaKey.body).toEqual((await api.get<List>("/news")).body);
      expect(paths((await api.get<List>("/article/about")).body)).toEqual(["story"]);
      expect(paths((await api.get<List>("/article/hero")).body)).toEqual(["spring"]);
    });

    it("pages like every list", async () => {
      const { body } = await api.get<List>("/article/news?page=2&limit=4");
      expect(paths(body)).toEqual(["market-opens"]);
      expect(body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 4, total: 5, from: 5, to: 5 });
    });

    it("answers 404 for an unknown kind", async () => {
      expectNotFound(await api.get("/article/recipes"));
      expectNotFound(await api.get("/article/content"));
    });
  });

  describe("GET /article/hero/{id}", () => {
    it("finds a hero by id and by path", async () => {
      const byId = await api.get<Item<Article>>(`/article/hero/${other.hero!.id}`);
      expectPublicCache(byId);
      expect(byId.body.data).toMatchObject({ kind: "hero", path: "spring", link: "/features/tea-roads" });
      expect((await api.get<Item<Article>>("/article/hero/spring")).body).toEqual(byId.body);
    });

    it("answers 404 for a scheduled hero and for an article of another kind", async () => {
      expectNotFound(await api.get("/article/hero/summer"));
      expectNotFound(await api.get(`/article/hero/${other.heroLater!.id}`));
      expectNotFound(await api.get(`/article/hero/${news.n1!.id}`));
    });
  });

  describe("GET /article/content/{id}", () => {
    it("finds a published item of any kind by id or path", async () => {
      const column = await api.get<Item<Article>>("/article/content/knife-skills");
      expectPublicCache(column);
      expect(column.body.data).toMatchObject({ id: other.c1!.id, kind: "columns" });
      const newsItem = await api.get<Item<Article>>(`/article/content/${news.n2!.id}`);
      expect(newsItem.body.data).toMatchObject({
        path: "harvest",
        kind: "news",
        previous: { path: "market-opens" },
      });
    });

    it("answers 404 for hidden content", async () => {
      expectNotFound(await api.get(`/article/content/${news.draft!.id}`));
      expectNotFound(await api.get("/article/content/unfinished"));
    });
  });

  describe("GET /article/policy and /article/policy/{id}", () => {
    it("lists the policy pages in their sort order", async () => {
      const response = await api.get<List>("/article/policy");
      expectPublicCache(response);
      expect(paths(response.body)).toEqual(["privacy", "terms"]);
      expect(response.body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 999,
        total: 2,
        from: 1,
        to: 2,
      });
    });

    it("finds a policy page by path and by id, and nothing of another kind", async () => {
      const byPath = await api.get<Item<Article>>("/article/policy/terms");
      expectPublicCache(byPath);
      expect(byPath.body.data).toMatchObject({ id: other.terms!.id, title: "服務條款", kind: "policy" });
      expect((await api.get<Item<Article>>(`/article/policy/${other.terms!.id}`)).body).toEqual(byPath.body);
      expectNotFound(await api.get("/article/policy/story"));
      expectNotFound(await api.get("/article/policy/refunds"));
    });
  });

  describe("GET /article/seo", () => {
    it("lists the switched-on entries by path with default paging", async () => {
      const response = await api.get<Paginated<SeoEntry>>("/article/seo");
      expectPublicCache(response);
      expect(paths(response.body)).toEqual(["/about", "/contact", "/news", "/tiny"]);
      expect(response.body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 999,
        total: 4,
        from: 1,
        to: 4,
      });
    });

    it("offers srcset widths 640, 960 and 1200 through the image proxy, never wider than the image", async () => {
      const { body } = await api.get<Paginated<SeoEntry>>("/article/seo");
      const byPath = Object.fromEntries(body.data.map((entry) => [entry.path, entry]));
      expect(byPath["/about"]!.image).toEqual({
        url: "/media/seo/about.jpg",
        srcset: [
          { url: "/_ipx/w_640,f_jpeg/media/seo/about.jpg", width: 640 },
          { url: "/_ipx/w_960,f_jpeg/media/seo/about.jpg", width: 960 },
          { url: "/_ipx/w_1200,f_jpeg/media/seo/about.jpg", width: 1200 },
        ],
      });
      expect(byPath["/news"]!.image!.srcset.map((source) => source.width)).toEqual([640, 960]);
      expect(byPath["/tiny"]!.image).toEqual({ url: "/media/seo/tiny.png", srcset: [] });
      expect(byPath["/contact"]).toMatchObject({ title: "聯絡", image: null });
    });

    it("pages", async () => {
      const { body } = await api.get<Paginated<SeoEntry>>("/article/seo?page=2&limit=3");
      expect(paths(body)).toEqual(["/tiny"]);
      expect(body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4, from: 4, to: 4 });
    });
  });
});
