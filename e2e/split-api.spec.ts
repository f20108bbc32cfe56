import { expect, test } from "@playwright/test";
import { existsSync } from "node:fs";
import path from "node:path";
import { siteUrl, splitApiUrl, splitSiteUrl, splitWebDataDir } from "./support/servers.ts";

// The same site with API_BASE_URL set: the web opens no database and reaches a separately running
// API over HTTP (decision 001). Pages, 404s and images must behave as in the one-process mode.
test.describe("with the API running apart", () => {
  test("pages render from the remote API, unknown paths are 404, images come through the proxy", async ({
    page,
    request,
  }) => {
    const home = await page.goto(`${splitSiteUrl}/`);
    expect(home?.status()).toBe(200);
    await expect(page).toHaveTitle(/^食藝誌｜/);

    const news = await page.goto(`${splitSiteUrl}/news`);
    expect(news?.status()).toBe(200);
    const firstArticle = page.getByRole("main").getByRole("heading", { level: 2 }).first().getByRole("link");
    const title = (await firstArticle.textContent())!.trim();
    await firstArticle.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const image = page.getByRole("main").locator("img[src^='/_ipx/']").first();
    const response = await request.get(`${splitSiteUrl}${await image.getAttribute("src")}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");

    // Search runs in the API's process, whose indexer keeps its own database's index.
    const search = await page.goto(`${splitSiteUrl}/search?q=${encodeURIComponent("虱目魚")}`);
    expect(search?.status()).toBe(200);
    await expect(
      page.getByRole("list", { name: "搜尋結果" }).getByRole("link", { name: /晨粥/ }).first(),
    ).toBeVisible();

    const missing = await page.goto(`${splitSiteUrl}/news/no-such-article`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("找不到相關頁面！請點擊其他連結瀏覽");
  });

  test("pictures come from the bucket the API wrote them to: the web keeps none of its own", async ({
    page,
    request,
  }) => {
    await page.goto(`${splitSiteUrl}/`);
    await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
    const pictures = page.getByRole("main").locator("img[src^='/_ipx/']");
    await expect(pictures.first()).toBeVisible();
    // Every picture above the fold has arrived and been decoded.
    const broken = await pictures.evaluateAll((images) =>
      images
        .filter((image) => image instanceof HTMLImageElement && image.loading !== "lazy")
        .filter(
          (image) => !(image as HTMLImageElement).complete || (image as HTMLImageElement).naturalWidth === 0,
        )
        .map((image) => image.getAttribute("src")),
    );
    expect(broken).toEqual([]);

    const src = (await pictures.first().getAttribute("src"))!;
    const source = src.slice(src.indexOf("/media/"));
    const original = await request.get(`${splitSiteUrl}${source}`);
    expect(original.status()).toBe(200);
    expect(original.headers()["content-type"]).toBe("image/jpeg");
    const etag = original.headers()["etag"]!;
    const again = await request.get(`${splitSiteUrl}${source}`, { headers: { "if-none-match": etag } });
    expect(again.status()).toBe(304);
    expect(existsSync(path.join(splitWebDataDir, "media"))).toBe(false);
  });

  test("each process answers its load balancer's health check, never cached", async ({ request }) => {
    // One process with its database; the web apart (no database of its own); the API apart.
    for (const [url, body] of [
      [`${siteUrl}/_health`, { status: "ok", database: "ok" }],
      [`${splitSiteUrl}/_health`, { status: "ok" }],
      [new URL("/_health", splitApiUrl).href, { status: "ok", database: "ok" }],
    ] as const) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(await response.json(), url).toEqual(body);
      expect(response.headers()["cache-control"], url).toBe("no-store");
    }
  });
});
