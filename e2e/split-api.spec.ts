import { expect, test } from "@playwright/test";
import { siteUrl, splitApiUrl, splitSiteUrl } from "./support/servers.ts";

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
