import { describe, expect, it } from "vitest";
import { renderSitemap, type SitemapUrl } from "./sitemap.server.ts";

const urls = (count: number): SitemapUrl[] =>
  Array.from({ length: count }, (_, index) => ({
    loc: `/news/item-${index + 1}`,
    lastmod: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  }));

describe("renderSitemap", () => {
  it("lists absolute URLs with lastmod while they fit in one file", () => {
    const xml = renderSitemap("https://shiyi.example", urls(2), null)!;
    expect(xml).toContain("<urlset");
    expect(xml).toContain(
      "<url><loc>https://shiyi.example/news/item-1</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod></url>",
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it("becomes an index of chunks past the limit, each chunk served by ?page=", () => {
    const all = urls(5);
    const index = renderSitemap("https://shiyi.example", all, null, 2)!;
    expect(index).toContain("<sitemapindex");
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    expect(index).toContain(
      "<loc>https://shiyi.example/sitemap.xml?page=3</loc><lastmod>2026-01-05T00:00:00.000Z</lastmod>",
    );
    const third = renderSitemap("https://shiyi.example", all, "3", 2)!;
    expect(third.match(/<url>/g)).toHaveLength(1);
    expect(third).toContain("item-5");
    expect(renderSitemap("https://shiyi.example", all, "4", 2)).toBeNull();
    expect(renderSitemap("https://shiyi.example", all, "x", 2)).toBeNull();
  });

  it("escapes XML in locations", () => {
    expect(
      renderSitemap("https://shiyi.example", [{ loc: "/a&b", lastmod: "2026-01-01T00:00:00Z" }], null),
    ).toContain("/a&amp;b");
  });
});
