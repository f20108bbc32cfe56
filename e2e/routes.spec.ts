import http from "node:http";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import { expect, jsonLdNodes, sectionTitle, siteName, test, typesOf, type Site } from "./support/site.ts";

type RouteCase = {
  name: string;
  path: (site: Site) => string;
  /** The whole document title, or a pattern for it. */
  title: (site: Site) => string | RegExp;
  /** Detail pages: canonical is the path only (SPEC §2). */
  detail?: boolean;
  /** The article record, for pages that show one, and its schema.org type. */
  article?: { of: (site: Site) => Site["news"]; type: "NewsArticle" | "Article" };
  breadcrumb?: boolean;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const routes: RouteCase[] = [
  {
    name: "home",
    path: () => "/",
    title: (site) =>
      `${siteName}｜${site.seo.find((entry) => entry.path === "/")?.info_title ?? site.settings.title}`,
  },
  {
    name: "news list",
    path: () => "/news",
    title: (site) => `${sectionTitle(site, "/news", "news")}｜${siteName}`,
  },
  {
    name: "news article",
    path: (site) => `/news/${site.news.path}`,
    title: (site) => `${site.news.title}｜${siteName}`,
    detail: true,
    article: { of: (site) => site.news, type: "NewsArticle" },
    breadcrumb: true,
  },
  {
    name: "news category",
    path: (site) => `/news/category/${site.newsCategory.path}`,
    title: (site) => new RegExp(`^${escape(site.newsCategory.name!)}.*｜${siteName}$`),
  },
  {
    name: "columns list",
    path: () => "/columns",
    title: (site) => `${sectionTitle(site, "/columns", "columns")}｜${siteName}`,
  },
  {
    name: "column",
    path: (site) => `/columns/${site.column.path}`,
    title: (site) => `${site.column.title}｜${siteName}`,
    detail: true,
    article: { of: (site) => site.column, type: "Article" },
    breadcrumb: true,
  },
  {
    name: "columns category",
    path: (site) => `/columns/category/${site.columnCategory.path}`,
    title: (site) => new RegExp(`^${escape(site.columnCategory.name!)}.*｜${siteName}$`),
  },
  {
    name: "features list",
    path: () => "/features",
    title: (site) => `${sectionTitle(site, "/features", "features")}｜${siteName}`,
  },
  {
    name: "feature",
    path: (site) => `/features/${site.feature.path}`,
    title: (site) => `${site.feature.title}｜${siteName}`,
    detail: true,
    article: { of: (site) => site.feature, type: "Article" },
    breadcrumb: true,
  },
  {
    name: "magazine list",
    path: () => "/magazines",
    title: (site) => `${sectionTitle(site, "/magazines", "magazines")}｜${siteName}`,
  },
  {
    name: "magazine issue",
    path: (site) => `/magazines/${site.magazine.path}`,
    title: (site) => `${site.magazine.title}｜${siteName}`,
    detail: true,
    breadcrumb: true,
  },
  { name: "author list", path: () => "/author", title: () => new RegExp(`^.+｜${siteName}$`) },
  {
    name: "author page",
    path: (site) => `/author/${site.author.path}`,
    title: (site) => `${site.author.name}｜${siteName}`,
    detail: true,
    breadcrumb: true,
  },
  {
    name: "policy list",
    path: () => "/policy",
    title: (site) => `${sectionTitle(site, "/policy", "policy")}｜${siteName}`,
  },
  {
    name: "policy page",
    path: (site) => `/policy/${site.policy.path}`,
    title: (site) => `${site.policy.title}｜${siteName}`,
    detail: true,
    breadcrumb: true,
  },
  {
    name: "about",
    path: () => "/about",
    title: (site) => `${sectionTitle(site, "/about", "about")}｜${siteName}`,
  },
  {
    name: "ebooks",
    path: () => "/ebooks",
    title: (site) => `${sectionTitle(site, "/ebooks", "ebooks")}｜${siteName}`,
  },
  {
    name: "contact",
    path: () => "/contact",
    title: (site) => `${sectionTitle(site, "/contact", "contact")}｜${siteName}`,
  },
];

/** A tracking query that detail pages must drop from their canonical link and list pages keep. */
const tracking = "?utm_source=x";

for (const route of routes) {
  test(`${route.name} renders with its title, canonical link, share tags and structured data`, async ({
    page,
    site,
    baseURL,
  }) => {
    const path = route.path(site);
    const response = await page.goto(path + tracking);
    expect(response?.status(), `status of ${path}`).toBe(200);

    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveCount(1);
    await expect(heading).toHaveText(/\S/);
    await expect(page).toHaveTitle(route.title(site));

    const canonical = new URL(route.detail ? path : path + tracking, baseURL).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/\S+$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /\S/);

    const nodes = await jsonLdNodes(page);
    expect(typesOf(nodes)).toEqual(expect.arrayContaining(["Organization", "WebSite", "WebPage"]));
    if (route.breadcrumb) expect(typesOf(nodes)).toContain("BreadcrumbList");
    if (route.article) {
      const record = route.article.of(site);
      const article = nodes.find((node) => node["@type"] === route.article!.type);
      expect(article, `${route.article.type} in the JSON-LD of ${path}`).toBeDefined();
      if (record.author) {
        expect(article!.author).toMatchObject({ "@type": "Person", name: record.author.name });
      }
    }

    const cacheControl = response!.headers()["cache-control"] ?? "";
    expect(cacheControl).toMatch(/s-maxage=\d+/);
    expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
    // Shared as a visitor's page only: a cache in front must not hand it to a member.
    expect(response!.headers()["vary"]).toMatch(/\bcookie\b/i);
    // HEAD says what GET would, also where no GET of the address was kept to answer it from.
    const head = await page.request.head(`${path}${tracking}&via=head`);
    expect(head.headers()["cache-control"], `HEAD ${path}`).toBe(cacheControl);
    expect(head.headers()["vary"], `HEAD ${path}`).toMatch(/\bcookie\b/i);
  });
}

test("a magazine issue is a Product with its cover, an author's page a profile, a list's page 2 titled as such", async ({
  page,
  site,
}) => {
  await page.goto(`/magazines/${site.magazine.path}`);
  const product = (await jsonLdNodes(page)).find((node) => node["@type"] === "Product");
  expect(product?.image, "the Product's image").toEqual([expect.stringMatching(/^https?:\/\/\S+/)]);
  await page.goto(`/author/${site.author.path}`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "profile");
  await page.goto("/news?page=2");
  await expect(page).toHaveTitle(`${sectionTitle(site, "/news", "news")}（第 2 頁）｜${siteName}`);
  // A page without pages is not numbered, whatever its address says.
  await page.goto("/about?page=2");
  await expect(page).toHaveTitle(`${sectionTitle(site, "/about", "about")}｜${siteName}`);
});

test("the author and policy lists head each entry with its linked name, and the whole entry opens it", async ({
  page,
  site,
}) => {
  await page.goto("/author");
  // The loading screen covers the page until it runs: a click before then lands on the screen.
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  // The heading says what the title says (the SEO entry for /author names both).
  const pageTitle = (await page.title()).split("｜")[0]!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pageTitle);
  const author = page.getByRole("heading", { level: 2, name: site.author.name, exact: true });
  await expect(author.getByRole("link")).toHaveAttribute("href", `/author/${site.author.path}`);
  // A click on the entry's description, outside the heading, follows the same link.
  const description = page.getByRole("listitem").filter({ has: author }).getByText(site.author.description!);
  const box = (await description.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(`/author/${site.author.path}`);
  await page.goto("/policy");
  const policy = page.getByRole("heading", { level: 2, name: site.policy.title, exact: true });
  await expect(policy.getByRole("link")).toHaveAttribute("href", `/policy/${site.policy.path}`);
  // A policy is dated by the date its editors gave it, not by when its row last changed.
  await policy.getByRole("link").click();
  const date = site.policy.publication_date ?? site.policy.created_at!;
  await expect(page.locator("header time")).toHaveAttribute("datetime", date);
});

test("hashed assets under /assets/ are cached as immutable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  expect(assets.length, "the home page links hashed assets").toBeGreaterThan(0);
  for (const asset of assets.slice(0, 5)) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toContain("immutable");
  }
});

test("every kind of answer says it is not to be framed by other sites or sniffed", async ({ request }) => {
  const html = await (await request.get("/news")).text();
  const image = html.match(/\/_ipx\/[^"\s]+/)?.[0];
  expect(image, "the list names a proxied image").toBeTruthy();
  // A page twice (rendered, then from the page cache), the API, an image, a built file, a 404.
  for (const path of ["/news", "/news", "/api/settings", image!, "/favicon.svg", "/no-such-page"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    // The image proxy keeps its own, stricter policy for images (default-src 'none').
    expect(headers["content-security-policy"], path).toMatch(
      path === image ? /^default-src 'none'/ : /frame-ancestors 'self'/,
    );
    expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
});

/**
 * `path` asked for by a browser that accepts Brotli, one that accepts gzip only, and one that
 * accepts neither: each gets its encoding, and the answer says it varies on it.
 */
async function askInEachEncoding(request: APIRequestContext, path: string) {
  const plain = await request.get(path, { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"], path).toBeUndefined();
  const encoded: APIResponse[] = [];
  for (const [accepted, sent] of [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
  ] as const) {
    const response = await request.get(path, { headers: { "accept-encoding": accepted } });
    expect(response.headers()["content-encoding"], `${path} for ${accepted}`).toBe(sent);
    expect(response.headers()["vary"], path).toMatch(/accept-encoding/i);
    encoded.push(response);
  }
  return { plain, encoded };
}

test("a public page read again with its ETag is answered 304 Not Modified", async ({ request }) => {
  const first = await request.get("/news");
  const etag = first.headers()["etag"];
  expect(etag, "the page's validator").toMatch(/^W\/"/);
  const again = await request.get("/news", { headers: { "if-none-match": etag! } });
  expect(again.status()).toBe(304);
  expect(again.headers()["cache-control"]).toBe(first.headers()["cache-control"]);
  expect((await again.body()).byteLength).toBe(0);
  const changed = await request.get("/news", { headers: { "if-none-match": 'W/"an-older-page"' } });
  expect(changed.status()).toBe(200);
});

test("pages and the API's answers go compressed: Brotli, else gzip, else plain", async ({ request }) => {
  for (const path of ["/news", "/api/news?limit=5"]) {
    const { plain, encoded } = await askInEachEncoding(request, path);
    for (const response of encoded) {
      // Decoded, the same answer (a page's markup, the API's JSON) as the plain one.
      const body = await response.text();
      expect(body.length, path).toBeGreaterThan(1024);
      if (path.startsWith("/api")) expect(JSON.parse(body)).toEqual(await plain.json());
      else expect(body).toContain("<h1");
    }
  }
});

test("scripts and stylesheets go compressed as the build made them: Brotli, else gzip, else plain", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const assets = [...new Set(html.match(/\/assets\/(?:framework|shell|app)-[\w-]+\.(?:js|css)/g) ?? [])];
  expect(assets.length, "the home page links its framework, shell and stylesheet").toBeGreaterThanOrEqual(3);
  for (const asset of assets) {
    const { plain, encoded } = await askInEachEncoding(request, asset);
    for (const response of encoded) {
      expect(response.headers()["cache-control"], asset).toContain("immutable");
      // What the browser decodes is the file itself.
      expect(await response.body(), asset).toEqual(await plain.body());
    }
  }
});

test("the code every page shares comes in two chunks: the framework and the site's shell", async ({
  request,
}) => {
  for (const path of ["/", "/news"]) {
    const html = await (await request.get(path)).text();
    const scripts = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? []);
    const names = [...scripts].map((script) => script.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ""));
    expect(names, path).toContain("framework");
    expect(names, path).toContain("shell");
    // The shell's modules (header, footer, cart count, toasts…) are not cut into chunks of their own.
    expect(
      names.filter((name) => /^(site-header|site-footer|use-local-cart|confirm-dialog|toast)$/.test(name)),
      path,
    ).toEqual([]);
  }
});

test("/favicon.ico leads to the site's icon, for pages that name none", async ({ request }) => {
  const response = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/favicon.svg");
  const icon = await request.get("/favicon.ico");
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("each page has one address: other spellings and an item's id move for good to it", async ({
  request,
  site,
  baseURL,
}) => {
  const moved = async (path: string) => {
    const response = await request.get(path, { maxRedirects: 0 });
    return [response.status(), response.headers().location];
  };
  expect(await moved("/NEWS")).toEqual([301, "/news"]);
  expect(await moved("/news/?page=2")).toEqual([301, "/news?page=2"]);
  expect(await moved(`/News/${site.news.path}`)).toEqual([301, `/news/${site.news.path}`]);
  expect(await moved(`/news/${site.news.id}`)).toEqual([301, `/news/${site.news.path}`]);
  expect(await moved(`/news/${site.news.id}?utm_source=x`)).toEqual([
    301,
    `/news/${site.news.path}?utm_source=x`,
  ]);
  // Sent as it is, unparsed (a client's URL would resolve dots and read `//` as a host).
  const raw = (path: string) =>
    new Promise<[number | undefined, string | undefined]>((resolve, reject) => {
      const request = http.get(
        { host: new URL(baseURL!).hostname, port: new URL(baseURL!).port, path },
        (response) => {
          response.resume();
          resolve([response.statusCode, response.headers.location]);
        },
      );
      request.on("error", reject);
    });
  // Never to another site: a doubled slash is a path here, not a host.
  expect(await raw("//evil.example/")).toEqual([301, "/evil.example"]);
  // A dot segment is the page it leads to, not a copy of it at another address.
  expect(await raw("/news/%2e%2e")).toEqual([301, "/"]);
  expect(await raw("/news/%2E?page=2")).toEqual([301, "/news?page=2"]);
  expect(await raw(`/news/../news/${site.news.path}`)).toEqual([301, `/news/${site.news.path}`]);
  expect(await moved(`/magazines/${site.magazine.id}`)).toEqual([301, `/magazines/${site.magazine.path}`]);
  expect(await moved(`/author/${site.author.id}`)).toEqual([301, `/author/${site.author.path}`]);
  expect(await moved(`/policy/${site.policy.id}`)).toEqual([301, `/policy/${site.policy.path}`]);
});

test("the features list lays each feature out as a numbered spread with its English title, newest first", async ({
  page,
  request,
}) => {
  const features = (await (await request.get("/api/features")).json()) as {
    data: { title: string; info_title: string | null }[];
  };
  expect(features.data.length).toBeGreaterThan(1);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/features");
  const spreads = page.getByRole("main").getByRole("listitem");
  await expect(spreads).toHaveCount(features.data.length);
  for (const [index, feature] of features.data.entries()) {
    const spread = spreads.nth(index);
    await expect(spread.getByRole("heading", { level: 2 })).toHaveText(feature.title);
    await expect(spread.locator("[lang=en]")).toHaveText(feature.info_title ?? "");
    await expect(spread).toContainText(String(index + 1).padStart(2, "0"));
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  const { ids, report } = await blockingViolations(page);
  expect(ids, report).toEqual([]);
});

test.describe("a feature's opening", () => {
  for (const width of [375, 1280]) {
    test(`sets its title on its lead picture, across the page, at ${width} px`, async ({ page, site }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/features/${site.feature.path}`);
      const opening = page.getByRole("article").locator("header").first();
      const picture = opening.locator("img").first();
      const title = opening.getByRole("heading", { level: 1, name: site.feature.title });
      await expect(title).toBeVisible();
      const [pictureBox, titleBox] = [await picture.boundingBox(), await title.boundingBox()];
      // The picture spans the window (no scrollbar in headless Chromium) and the title lies on it.
      expect(pictureBox!.x).toBe(0);
      expect(pictureBox!.width).toBe(width);
      expect(titleBox!.y).toBeGreaterThan(pictureBox!.y);
      expect(titleBox!.y + titleBox!.height).toBeLessThanOrEqual(pictureBox!.y + pictureBox!.height);
      // The first screen shows the opening whole: the picture is the page's largest paint.
      expect(pictureBox!.y + pictureBox!.height).toBeLessThanOrEqual(800 + 1);
      await expect(picture).toHaveAttribute("fetchpriority", "high");
      // On a phone the picture is an upright cut of it, not the 2:1 one enlarged to the box's height.
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(width < 768 ? /fit_cover,s_(\d+)x(\d+)/ : /fit_outside,/);
      const [, w, h] = /s_(\d+)x(\d+)/.exec(
        await picture.evaluate((img: HTMLImageElement) => img.currentSrc),
      )!;
      if (width < 768) expect(Number(h)).toBeGreaterThan(Number(w));
      // Its English subtitle is read with an English voice.
      await expect(opening.locator('p[lang="en"]').first()).toHaveText(/^[A-Za-z][\x20-\x7E’]+$/);
    });
  }

  test("is a news item's header alone: its title, then its picture below", async ({ page, site }) => {
    await page.goto(`/news/${site.news.path}`);
    const header = page.getByRole("article").locator("header").first();
    const title = header.getByRole("heading", { level: 1, name: site.news.title });
    await expect(header.locator("img")).toHaveCount(0);
    const picture = page.getByRole("article").locator("figure img").first();
    const [titleBox, pictureBox] = [await title.boundingBox(), await picture.boundingBox()];
    expect(titleBox!.y + titleBox!.height).toBeLessThan(pictureBox!.y);
  });
});
