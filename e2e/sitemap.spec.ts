import { expect, test } from "./support/site.ts";

test("the sitemap lists every kind of detail page with absolute URLs and a lastmod", async ({
  request,
  site,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml [^>]*\?>\s*<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
  );

  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => body!);
  expect(entries.length).toBeGreaterThan(0);
  const locations: string[] = [];
  for (const entry of entries) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(entry)?.[1];
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1];
    expect(loc, entry).toBeDefined();
    expect(loc!.startsWith(`${baseURL}/`), `${loc} is under PUBLIC_URL`).toBe(true);
    expect(lastmod, `lastmod of ${loc}`).toBeDefined();
    expect(Number.isNaN(Date.parse(lastmod!)), `lastmod ${lastmod} of ${loc} is a date`).toBe(false);
    locations.push(loc!);
  }

  const policies = (await (await request.get("/api/article/policy")).json()) as { data: { path: string }[] };
  expect(locations).toEqual(
    expect.arrayContaining(
      [
        `/news/${site.news.path}`,
        `/columns/${site.column.path}`,
        `/features/${site.feature.path}`,
        `/magazines/${site.magazine.path}`,
        `/author/${site.author.path}`,
        "/contact",
        "/support-us",
        ...policies.data.map((policy) => `/policy/${policy.path}`),
      ].map((path) => new URL(path, baseURL).href),
    ),
  );
});

/**
 * Whether robots.txt lets a crawler fetch a path, as Google and Bing read it (RFC 9309): the
 * longest matching rule wins, Allow over Disallow on a tie; `*` is any run of characters, a final
 * `$` the end of the path.
 */
function allowedByRobots(robots: string, path: string) {
  const rules = [...robots.matchAll(/^(Allow|Disallow):\s*(\S*)\s*$/gim)].map(([, kind, pattern]) => ({
    allow: kind!.toLowerCase() === "allow",
    pattern: pattern!,
  }));
  const matches = (pattern: string) => {
    const anchored = pattern.endsWith("$");
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    return new RegExp(`^${body}${anchored ? "$" : ""}`).test(path);
  };
  const winner = rules
    .filter((rule) => rule.pattern !== "" && matches(rule.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))[0];
  return winner?.allow ?? true;
}

test("robots.txt points to the sitemap, lets every address of it be crawled and keeps private ones out", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  // Shared caches keep it, as they keep the pages and the sitemap.
  expect(response.headers()["cache-control"]).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
  const robots = await response.text();
  expect(robots).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, "m"));

  const xml = await (await request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
  expect(paths).toContain("/author");
  for (const path of paths) expect(allowedByRobots(robots, path), path).toBe(true);
  for (const path of [
    "/api/news",
    "/member",
    "/member/history",
    "/cart",
    "/cart/checkout",
    "/auth",
    "/auth?status=1",
    "/auth/login",
  ]) {
    expect(allowedByRobots(robots, path), path).toBe(false);
  }
});
