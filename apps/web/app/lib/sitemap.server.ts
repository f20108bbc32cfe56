import type { ArticleSummary, AuthorSummary, MagazineSummary, Paginated } from "@shiyi/contracts";
import type { ApiClient } from "./api.server.ts";

export type SitemapUrl = { loc: string; lastmod: string };

/** The protocol's limit of URLs in one sitemap file; past it the site serves a sitemap index. */
export const sitemapLimit = 50_000;

async function all<T>(api: ApiClient, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const list = await api.get<Paginated<T>>(path, { page, limit: 999 });
    items.push(...list.data);
    if (page >= list.meta.last_page) return items;
  }
}

const latest = (dates: string[]) =>
  dates.reduce((max, date) => (date > max ? date : max), "1970-01-01T00:00:00.000Z");

/** Every public URL of the site with its last modification. */
export async function sitemapUrls(api: ApiClient): Promise<SitemapUrl[]> {
  const [news, columns, features, policies, magazines, authors] = await Promise.all([
    all<ArticleSummary>(api, "/news"),
    all<ArticleSummary>(api, "/columns"),
    all<ArticleSummary>(api, "/features"),
    all<ArticleSummary>(api, "/article/policy"),
    all<MagazineSummary>(api, "/magazines"),
    all<AuthorSummary>(api, "/authors"),
  ]);
  const everything = [...news, ...columns, ...features, ...policies, ...magazines];
  const newest = latest(everything.map((item) => item.updated_at));
  const urls: SitemapUrl[] = [
    { loc: "/", lastmod: newest },
    { loc: "/about", lastmod: newest },
    // Pages of the site's own words (the settings and the about blocks), dated as the about page.
    { loc: "/contact", lastmod: newest },
    { loc: "/support-us", lastmod: newest },
    { loc: "/ebooks", lastmod: latest(magazines.map((item) => item.updated_at)) },
    { loc: "/author", lastmod: latest(authors.map((item) => item.updated_at)) },
  ];
  for (const [section, items] of [
    ["news", news],
    ["columns", columns],
    ["features", features],
    ["policy", policies],
  ] as const) {
    urls.push({ loc: `/${section}`, lastmod: latest(items.map((item) => item.updated_at)) });
    if (section === "news" || section === "columns") {
      const byCategory = Map.groupBy(
        items.filter((item) => item.category),
        (item) => item.category!.path,
      );
      for (const [path, categoryItems] of byCategory) {
        urls.push({
          loc: `/${section}/category/${path}`,
          lastmod: latest(categoryItems.map((item) => item.updated_at)),
        });
      }
    }
    for (const item of items) urls.push({ loc: `/${section}/${item.path}`, lastmod: item.updated_at });
  }
  urls.push({ loc: "/magazines", lastmod: latest(magazines.map((item) => item.updated_at)) });
  for (const magazine of magazines)
    urls.push({ loc: `/magazines/${magazine.path}`, lastmod: magazine.updated_at });
  for (const author of authors) urls.push({ loc: `/author/${author.path}`, lastmod: author.updated_at });
  return urls;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!,
  );

export function renderUrlset(publicUrl: string, urls: SitemapUrl[]): string {
  const body = urls
    .map(
      (url) =>
        `<url><loc>${escapeXml(new URL(url.loc, publicUrl).toString())}</loc><lastmod>${new Date(url.lastmod).toISOString()}</lastmod></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function renderIndex(publicUrl: string, chunks: SitemapUrl[][]): string {
  const body = chunks
    .map(
      (chunk, index) =>
        `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap.xml?page=${index + 1}`)}</loc><lastmod>${new Date(latest(chunk.map((url) => url.lastmod))).toISOString()}</lastmod></sitemap>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** One document: the urlset when it fits, else the index, or the chunk asked for with `?page=`. */
export function renderSitemap(
  publicUrl: string,
  urls: SitemapUrl[],
  page: string | null,
  limit = sitemapLimit,
) {
  if (urls.length <= limit && page === null) return renderUrlset(publicUrl, urls);
  const chunks: SitemapUrl[][] = [];
  for (let start = 0; start < urls.length; start += limit) chunks.push(urls.slice(start, start + limit));
  if (page === null) return renderIndex(publicUrl, chunks);
  const chunk = /^\d+$/.test(page) ? chunks[Number(page) - 1] : undefined;
  return chunk ? renderUrlset(publicUrl, chunk) : null;
}
