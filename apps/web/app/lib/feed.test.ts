import type { ArticleSummary, Settings } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { feedItemLimit, renderFeed } from "./feed.server.ts";
import { buildMeta } from "./seo.server.ts";

const settings = {
  name: "食藝誌",
  description: "網站描述",
  pages: { news: { title: "新聞", info_title: "News", description: "產業與活動的消息" } },
} as unknown as Settings;

const article = (overrides: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id: 1,
  kind: "news",
  path: "a-rice-bar",
  title: "米食酒場開幕",
  info_title: null,
  description: "以台灣米入菜也入酒",
  image: null,
  link: null,
  publication_date: "2026-01-28T00:00:00.000Z",
  start_at: null,
  created_at: "2026-01-20T03:00:00.000Z",
  updated_at: "2026-01-29T04:05:06.000Z",
  author: null,
  category: null,
  ...overrides,
});

const feed = (items: ArticleSummary[], limit?: number) =>
  renderFeed({ publicUrl: "https://shiyi.example", section: "news", settings, items, limit });
const itemsOf = (xml: string) => [...xml.matchAll(/<item>(.*?)<\/item>/g)].map(([, body]) => body!);

describe("renderFeed", () => {
  it("describes the section's channel, with a link to itself", () => {
    const xml = feed([article()]);
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0" /);
    expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(xml).toContain("<title>新聞｜食藝誌</title>");
    expect(xml).toContain("<link>https://shiyi.example/news</link>");
    expect(xml).toContain("<description>產業與活動的消息</description>");
    expect(xml).toContain("<language>zh-TW</language>");
    expect(xml).toContain(
      '<atom:link href="https://shiyi.example/news/rss.xml" rel="self" type="application/rss+xml"/>',
    );
  });

  it("links each item absolutely to its page, which is also its permalink guid", () => {
    const [item] = itemsOf(feed([article({ path: "稻埕米舍" })]));
    const url = "https://shiyi.example/news/%E7%A8%BB%E5%9F%95%E7%B1%B3%E8%88%8D";
    expect(item).toContain(`<link>${url}</link>`);
    expect(item).toContain(`<guid isPermaLink="true">${url}</guid>`);
  });

  it("dates items and the build in RFC 822, from the display date and the latest change", () => {
    const xml = feed([
      article({ id: 1, updated_at: "2026-02-01T10:00:00.000Z" }),
      article({ id: 2, publication_date: null, start_at: "2026-03-05T16:30:00.000Z" }),
      article({ id: 3, publication_date: null, created_at: "2025-12-31T23:59:59.000Z" }),
    ]);
    expect(xml).toContain("<lastBuildDate>Sun, 01 Feb 2026 10:00:00 GMT</lastBuildDate>");
    expect(itemsOf(xml).map((item) => /<pubDate>(.*)<\/pubDate>/.exec(item)![1])).toEqual([
      "Thu, 05 Mar 2026 16:30:00 GMT",
      "Wed, 28 Jan 2026 00:00:00 GMT",
      "Wed, 31 Dec 2025 23:59:59 GMT",
    ]);
  });

  it("names the author as dc:creator and the category, and leaves out what an item lacks", () => {
    const [withBoth, without] = itemsOf(
      feed([
        article({
          id: 2,
          publication_date: "2026-02-01T00:00:00.000Z",
          author: { name: "林靜怡" } as ArticleSummary["author"],
          category: { name: "新店開幕" } as ArticleSummary["category"],
        }),
        article({ id: 1, description: null }),
      ]),
    );
    expect(withBoth).toContain("<dc:creator>林靜怡</dc:creator>");
    expect(withBoth).toContain("<category>新店開幕</category>");
    expect(without).not.toMatch(/<dc:creator>|<category>|<description>/);
  });

  it("escapes every text it writes", () => {
    const xml = feed([
      article({
        title: "Tom & Jerry <b>",
        description: `<script>alert("x")</script> & more`,
        author: { name: "A & B" } as ArticleSummary["author"],
        category: { name: "<c>" } as ArticleSummary["category"],
      }),
    ]);
    expect(xml).toContain("<title>Tom &amp; Jerry &lt;b&gt;</title>");
    expect(xml).toContain(
      "<description>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</description>",
    );
    expect(xml).toContain("<dc:creator>A &amp; B</dc:creator>");
    expect(xml).toContain("<category>&lt;c&gt;</category>");
    expect(xml).not.toContain("<script>");
  });

  it(`keeps only the newest ${feedItemLimit} items, newest first`, () => {
    const items = Array.from({ length: feedItemLimit + 5 }, (_, index) =>
      article({
        id: index + 1,
        path: `item-${index + 1}`,
        publication_date: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
      }),
    ).reverse();
    items.push(items.shift()!); // the newest arrives last: order comes from the dates
    const links = itemsOf(feed(items)).map((item) => /<link>(.*)<\/link>/.exec(item)![1]);
    expect(links).toHaveLength(feedItemLimit);
    expect(links[0]).toBe(`https://shiyi.example/news/item-${feedItemLimit + 5}`);
    expect(links.at(-1)).toBe("https://shiyi.example/news/item-6");
    expect(itemsOf(feed(items, 2))).toHaveLength(2);
  });

  it("is a channel without items when the section has none", () => {
    const xml = feed([]);
    expect(xml).toContain("<channel>");
    expect(xml).not.toContain("<item>");
    expect(xml).not.toContain("<lastBuildDate>");
  });
});

describe("buildMeta's feed", () => {
  const site = { settings, seo: [], publicUrl: "https://shiyi.example" };
  const alternates = (feed?: "news") =>
    buildMeta(site, { pathname: "/news", search: "" }, { page: "news", feed }).filter(
      (entry) => "rel" in entry && entry.rel === "alternate",
    );

  it("announces the section's feed in the head, titled like the channel", () => {
    expect(alternates("news")).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: "新聞｜食藝誌",
        href: "https://shiyi.example/news/rss.xml",
      },
    ]);
  });

  it("announces none on a page without a feed", () => {
    expect(alternates()).toEqual([]);
  });
});
