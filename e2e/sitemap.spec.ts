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

test("robots.txt points to the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await response.text()).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, "m"));
});
