import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";

/** The site name that closes every document title (SPEC §2: page title, then site name). */
export const siteName = "食藝誌";

type Named = {
  id: number;
  path: string;
  title?: string;
  name?: string;
  description?: string | null;
  author?: { path: string; name: string } | null;
  publication_date?: string | null;
  created_at?: string;
};
type Settings = { name: string; title: string; pages: Record<string, { title: string; info_title: string }> };
type SeoEntry = { path: string; title: string | null; info_title: string | null };

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: { accept: "application/json" } });
  expect(response.status(), `GET ${url}`).toBe(200);
  return (await response.json()) as T;
}

async function first(request: APIRequestContext, url: string): Promise<Named> {
  const { data } = await getJson<{ data: Named[] }>(request, url);
  expect(data.length, `${url} should list at least one item`).toBeGreaterThan(0);
  return data[0]!;
}

/**
 * Real records of the seeded site, found through the API at test time so no seed slug is
 * hard-coded here.
 */
export async function discover(request: APIRequestContext) {
  const [news, column, feature, magazine, author, newsCategory, columnCategory, policy, settings, seo] =
    await Promise.all([
      first(request, "/api/news?limit=1"),
      first(request, "/api/columns?limit=1"),
      first(request, "/api/features?limit=1"),
      first(request, "/api/magazines?limit=1"),
      first(request, "/api/authors?limit=1"),
      first(request, "/api/cate/news"),
      first(request, "/api/cate/columns"),
      first(request, "/api/article/policy?limit=1"),
      getJson<{ data: Settings }>(request, "/api/settings").then((body) => body.data),
      getJson<{ data: SeoEntry[] }>(request, "/api/article/seo").then((body) => body.data),
    ]);
  return { news, column, feature, magazine, author, newsCategory, columnCategory, policy, settings, seo };
}
export type Site = Awaited<ReturnType<typeof discover>>;

/** The page-title part of a section page: the SEO entry for the path wins over the settings' text. */
export function sectionTitle(site: Site, path: string, page: string): string {
  return site.seo.find((entry) => entry.path === path)?.title ?? site.settings.pages[page]!.title;
}

/** The JSON-LD nodes of the page (every `@graph` flattened). */
export async function jsonLdNodes(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const value = JSON.parse(text) as Record<string, unknown>;
    return (Array.isArray(value["@graph"]) ? value["@graph"] : [value]) as Record<string, unknown>[];
  });
}

export const typesOf = (nodes: Record<string, unknown>[]) => nodes.map((node) => node["@type"]);

/**
 * `test` with the seeded site's records at hand, discovered once per worker. The records are only
 * read, so tests still share no state.
 */
export const test = base.extend<object, { site: Site }>({
  site: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await discover(request));
      await request.dispose();
    },
    { scope: "worker" },
  ],
});
export { expect };

/** The pages of each kind the suites visit, with the path each takes on the seeded site. */
export const pageTypes = {
  home: () => "/",
  "news list": () => "/news",
  "news category": (site: Site) => `/news/category/${site.newsCategory.path}`,
  "news article": (site: Site) => `/news/${site.news.path}`,
  "magazine list": () => "/magazines",
  "magazine issue": (site: Site) => `/magazines/${site.magazine.path}`,
  "author list": () => "/author",
  "author page": (site: Site) => `/author/${site.author.path}`,
  "policy list": () => "/policy",
  "policy page": (site: Site) => `/policy/${site.policy.path}`,
  about: () => "/about",
  ebooks: () => "/ebooks",
  contact: () => "/contact",
} satisfies Record<string, (site: Site) => string>;
