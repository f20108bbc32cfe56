// GET /search beyond relevance (search-relevance.test.ts): the index following its sources,
// visibility, filters, pages, the count limit and bad input.
import { messages, type ApiError, type SearchResult } from "@shiyi/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.ts";
import { articles, authors, magazines } from "../src/db/schema.ts";
import { createLogger } from "../src/lib/logger.ts";
import { startSearchIndexer, syncSearchIndex } from "../src/search/indexer.ts";
import { searchCountLimit } from "../src/services/search.ts";
import { expectPublicCache, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { daysFromNow, insertArticle, insertAuthor, insertCategory, insertMagazine } from "./fixtures.ts";

const keys = (result: SearchResult) => result.data.map((hit) => `${hit.type}/${hit.path}`);

describe.each(databaseTargets())("search on $name", (target) => {
  let db: Database;
  const api = useApi(target, async (opened) => {
    db = opened;
    const writer = await insertAuthor(db, {
      path: "lin-writer",
      name: "林寫手",
      title: "記者",
      description: "跑遍市場的記者",
    });
    const market = await insertCategory(db, { section: "news", path: "market", name: "市場" });
    await insertArticle(db, {
      kind: "news",
      path: "old-title",
      title: "胡椒餅的秘密",
      description: "老店的故事",
      publication_date: "2023-01-01T00:00:00Z",
      author_id: writer.id,
      category_id: market.id,
    });
    await insertArticle(db, {
      kind: "news",
      path: "new-body",
      title: "夜市巡禮",
      description: "一晚走完三條街",
      content: "<p>最後停在一攤<strong>胡椒餅</strong>前。</p>",
      publication_date: "2025-06-01T00:00:00Z",
    });
    await insertArticle(db, {
      kind: "columns",
      path: "mid-description",
      title: "炭火與麵皮",
      description: "胡椒餅爐邊的一天",
      publication_date: "2024-03-01T00:00:00Z",
    });
    await insertArticle(db, { kind: "news", path: "draft", title: "胡椒餅草稿", status: 0 });
    await insertArticle(db, {
      kind: "news",
      path: "scheduled",
      title: "胡椒餅預告",
      start_at: daysFromNow(3),
    });
    await insertArticle(db, { kind: "policy", path: "privacy", title: "胡椒餅與隱私" });
    await insertMagazine(db, {
      path: "issue-pepper",
      title: "街頭烘爐",
      toc: [{ title: "胡椒餅的火候", author: "林寫手" }, { title: "炭爐與老店" }],
      publication_date: "2022-05-01T00:00:00Z",
    });
    await insertMagazine(db, { path: "issue-gone", title: "胡椒餅專號", deleted_at: "2024-01-01T00:00:00Z" });
    await insertMagazine(db, {
      path: "issue-night",
      title: "夜市廚房",
      info_title: "Night Market Kitchens",
      issue: 9048,
    });
    await insertArticle(db, {
      kind: "features",
      path: "kitchen-generation",
      title: "廚房裡的新世代",
      info_title: "The Next Generation in the Kitchen",
    });
    await syncSearchIndex(db);
  });

  const search = async (query: string) => {
    const response = await api.get<SearchResult>(`/search?${query}`);
    expect(response.status, query).toBe(200);
    return response.body;
  };

  it("ranks title, then description, then body matches; hides drafts, the scheduled, policy and deleted issues", async () => {
    const result = await search("q=胡椒餅");
    expect(keys(result)).toEqual([
      "news/old-title",
      "columns/mid-description",
      "news/new-body",
      "magazines/issue-pepper",
    ]);
    expect(result.counts).toEqual({ all: 4, news: 2, columns: 1, features: 0, magazines: 1, authors: 0 });
    expect(result.counts_capped).toBe(false);
    expect(result.meta).toMatchObject({ total: 4, current_page: 1, last_page: 1 });
  });

  it("gives each hit its page, label, author, date and marked title and snippet", async () => {
    const { data } = await search("q=胡椒餅");
    expect(data[0]).toMatchObject({
      url: "/news/old-title",
      label: "市場",
      author: "林寫手",
      date: "2023-01-01T00:00:00.000Z",
      title_highlight: [
        { text: "胡椒餅", mark: true },
        { text: "的秘密", mark: false },
      ],
    });
    expect(data[2]!.snippet).toEqual([
      { text: "最後停在一攤", mark: false },
      { text: "胡椒餅", mark: true },
      { text: "前。", mark: false },
    ]);
    expect(data[3]).toMatchObject({ url: "/magazines/issue-pepper", label: expect.stringContaining("期") });
  });

  it("filters by kind while counting every kind, and pages", async () => {
    const columns = await search("q=胡椒餅&type=columns");
    expect(keys(columns)).toEqual(["columns/mid-description"]);
    expect(columns.counts.all).toBe(4);
    expect(columns.meta.total).toBe(1);

    const second = await search("q=胡椒餅&limit=2&page=2");
    expect(keys(second)).toEqual(["news/new-body", "magazines/issue-pepper"]);
    expect(second.meta).toMatchObject({ current_page: 2, last_page: 2, from: 3, to: 4 });
    expect((await search("q=胡椒餅&limit=2&page=3")).data).toEqual([]);
  });

  it("searches the words of a fruitless query apart, and says so", async () => {
    const result = await search("q=夜市胡椒餅");
    expect(result.query.relaxed).toBe(true);
    expect(result.query.terms.length).toBeGreaterThan(1);
    expect(result.query.terms.join("")).toContain("夜市");
    expect(keys(result)).toEqual(["news/new-body"]);
    // A sequence of single characters the dictionary cannot split is not relaxed into them.
    const single = await search("q=餅胡");
    expect(single.query.relaxed).toBe(false);
    expect(single.counts.all).toBe(0);
  });

  it("finds authors by name and contributors in tables of contents", async () => {
    const found = await search("q=林寫手");
    expect(keys(found)).toEqual(["authors/lin-writer", "magazines/issue-pepper"]);
    // The job title is the hit's label; the snippet is the bio alone.
    const [writer] = found.data;
    expect(writer!.label).toBe("記者");
    expect(writer!.snippet.map((run) => run.text).join("")).toBe("跑遍市場的記者");
    // A contents entry is quoted with its author in brackets, apart from the next title.
    const issue = found.data[1]!;
    expect(issue.snippet.map((run) => run.text).join("")).toContain("胡椒餅的火候（林寫手）；炭爐與老店");
  });

  it("finds an issue by its number as readers write it, and pieces by their English titles", async () => {
    for (const query of ["第9048期", "第 9048 期", "9048"]) {
      expect(keys(await search(`q=${encodeURIComponent(query)}`)), query).toEqual(["magazines/issue-night"]);
    }
    expect(keys(await search("q=next%20generation"))).toEqual(["features/kitchen-generation"]);
    const english = await search("q=Night%20Market");
    expect(keys(english)).toEqual(["magazines/issue-night"]);
    // Found by its English title alone, the hit shows it, marked, so the reader sees why.
    const marked = english.data[0]!.snippet.filter((run) => run.mark).map((run) => run.text.toLowerCase());
    expect(marked.join(" ")).toContain("night");
  });

  it("follows its sources: edits, unpublishing and deletions reach it on the next pass", async () => {
    await db
      .update(articles)
      .set({ title: "蔥油餅的秘密", updated_at: new Date().toISOString() })
      .where(eq(articles.path, "old-title"));
    await db
      .update(authors)
      .set({ name: "林記者", updated_at: new Date().toISOString() })
      .where(eq(authors.path, "lin-writer"));
    await db
      .update(articles)
      .set({ status: 0, updated_at: new Date().toISOString() })
      .where(eq(articles.path, "new-body"));
    await db.delete(articles).where(eq(articles.path, "mid-description"));
    const before = await search("q=蔥油餅");
    expect(before.data).toEqual([]);

    expect(await syncSearchIndex(db)).toEqual({ written: 3, removed: 1 });
    expect(keys(await search("q=蔥油餅"))).toEqual(["news/old-title"]);
    expect((await search("q=蔥油餅")).data[0]!.author).toBe("林記者");
    expect(keys(await search("q=胡椒餅"))).toEqual(["magazines/issue-pepper"]);
    // A pass with nothing changed writes nothing.
    expect(await syncSearchIndex(db)).toEqual({ written: 0, removed: 0 });
    // An author switched off is no longer named by the hits of their pieces.
    await db
      .update(authors)
      .set({ status: 0, updated_at: new Date().toISOString() })
      .where(eq(authors.path, "lin-writer"));
    await syncSearchIndex(db);
    expect((await search("q=蔥油餅")).data[0]!.author).toBeNull();

    await db
      .update(magazines)
      .set({ deleted_at: new Date().toISOString() })
      .where(eq(magazines.path, "issue-pepper"));
    await syncSearchIndex(db);
    expect((await search("q=胡椒餅")).counts.all).toBe(0);
  });

  it("indexes what was written behind its back in the indexer's first pass, without waiting a minute", async () => {
    await insertArticle(db, { kind: "features", path: "behind-the-back", title: "蚵仔煎的夜晚" });
    expect((await search("q=蚵仔煎")).counts.all).toBe(0);
    const stop = startSearchIndexer({ db, logger: createLogger("silent") }, 100);
    try {
      await expect
        .poll(async () => keys(await search("q=蚵仔煎")), { timeout: 5000 })
        .toEqual(["features/behind-the-back"]);
      // Later passes notice a change by the tables' counts and latest timestamps.
      await insertArticle(db, { kind: "news", path: "behind-again", title: "又一盤蚵仔煎" });
      await expect.poll(async () => (await search("q=蚵仔煎")).counts.all, { timeout: 5000 }).toBe(2);
      await db.delete(articles).where(eq(articles.path, "behind-again"));
      await expect.poll(async () => (await search("q=蚵仔煎")).counts.all, { timeout: 5000 }).toBe(1);
    } finally {
      stop();
    }
  });

  it("stops counting at the limit and says so", async () => {
    const many = Array.from({ length: searchCountLimit + 5 }, (_, i) => ({
      kind: "news",
      path: `bulk-${i}`,
      title: `麻糬第${i}號`,
      publication_date: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
    }));
    await db.insert(articles).values(many);
    await syncSearchIndex(db);
    const result = await search("q=麻糬");
    expect(result.counts_capped).toBe(true);
    expect(result.counts.all).toBeGreaterThan(searchCountLimit);
    expect(result.meta.total).toBe(searchCountLimit);
    // Newest first, found by walking the date index.
    expect(result.data[0]!.path).toBe(`bulk-${searchCountLimit + 4}`);
    expect(result.data).toHaveLength(10);
    await db.delete(articles).where(sql`${articles.path} like 'bulk-%'`);
    await syncSearchIndex(db);
  });

  it("answers an empty or punctuation-only query with topics that find something, publicly cached", async () => {
    const response = await api.get<SearchResult>("/search?q=%E3%80%8C%E3%80%8D");
    expect(response.status).toBe(200);
    expectPublicCache(response);
    expect(response.body.data).toEqual([]);
    expect(response.body.query.terms).toEqual([]);
    // The category 市場 is a topic: the writer's description holds the word.
    expect(response.body.suggestions).toEqual([{ q: "市場", count: 1 }]);
  });

  it("refuses a query longer than 100 characters and unknown kinds with 422 in zh-TW", async () => {
    const long = await api.get<ApiError>(`/search?q=${"餅".repeat(101)}`);
    expect(long.status).toBe(422);
    expect(long.body.message).toBe("數值長度不得大於 100");
    const kind = await api.get<ApiError>("/search?q=餅&type=recipes");
    expect(kind.status).toBe(422);
    expect(kind.body.message).toBe(messages.invalidParams);
    const page = await api.get<ApiError>("/search?q=餅&page=0");
    expect(page.status).toBe(422);
  });
});
