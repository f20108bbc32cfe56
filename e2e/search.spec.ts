import type { Page } from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import { expect, siteName, test } from "./support/site.ts";

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule), and a
// bot is not shown a page answered with an error status such as the 422 below.
test.use({
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
});

/** A demo news story (apps/api/src/db/seed-data/news.ts) and a word found only in its title. */
const story = { title: "台南老屋早餐店「晨粥」開幕，用虱目魚粥與杏仁茶重現府城早晨", word: "虱目魚" };
/** A word with results in several kinds (news, a feature, an author) on the demo site. */
const sharedWord = "台菜";
const nonsense = "qzxjvw咕嚕嚕";

const results = (page: Page) => page.getByRole("list", { name: "搜尋結果" });
const searchBox = (page: Page) => page.getByRole("search", { name: "搜尋本站" }).getByRole("searchbox");
const typeTabs = (page: Page) => page.getByRole("navigation", { name: "結果類型" });

/** The page as a reader meets it, once the loading screen has lifted. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("#loading-screen")).toBeHidden();
  return response;
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("only the search page's own address may be indexed: an empty query or a tab alone is not another page", async ({
    request,
  }) => {
    const robots = async (path: string) =>
      /<meta name="robots" content="([^"]*)"/.exec(await (await request.get(path)).text())?.[1] ?? null;
    expect(await robots("/search")).toBeNull();
    for (const path of ["/search?q=", "/search?q=+++", "/search?type=news"])
      expect(await robots(path), path).toBe("noindex");
  });

  test("a word typed in the header's box finds the story, its match marked", async ({ page }) => {
    await open(page, "/about");
    const headerSearch = page.getByRole("banner").getByRole("search", { name: "站內搜尋" });
    await headerSearch.getByRole("searchbox", { name: "搜尋關鍵字" }).fill(story.word);
    await headerSearch.getByRole("button", { name: "搜尋" }).click();

    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(story.word)}`);
    await expect(page).toHaveTitle(`「${story.word}」的搜尋結果｜${siteName}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`「${story.word}」的搜尋結果`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(searchBox(page)).toHaveValue(story.word);

    const first = results(page).getByRole("listitem").first();
    const link = first.getByRole("link", { name: story.title });
    await expect(link).toBeVisible();
    await expect(link.locator("mark")).toHaveText(story.word);
    await expect(first).toContainText("新聞");
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(story.title);
  });

  test("a kind's tab narrows the results and keeps the query", async ({ page }) => {
    await open(page, `/search?q=${encodeURIComponent(sharedWord)}`);
    const tabs = typeTabs(page);
    const allTab = tabs.getByRole("link", { name: /^全部\s*\d+$/ });
    await expect(allTab).toHaveAttribute("aria-current", "page");
    const newsTab = tabs.getByRole("link", { name: /^新聞\s*\d+$/ });
    const countOf = async (tab: typeof allTab) => Number((await tab.textContent())?.replace(/\D/g, ""));
    const [allCount, newsCount] = [await countOf(allTab), await countOf(newsTab)];
    expect(newsCount, "the word is found in news and in other kinds").toBeGreaterThan(0);
    expect(newsCount).toBeLessThan(allCount);
    await newsTab.click();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(sharedWord)}&type=news`);
    await expect(tabs.getByRole("link", { name: /^新聞\s*\d+$/ })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: /^全部\s*\d+$/ })).not.toHaveAttribute("aria-current");
    await expect(searchBox(page)).toHaveValue(sharedWord);
    await expect(page.getByRole("status").filter({ hasText: `「${sharedWord}」共` })).toContainText(
      `共 ${newsCount} 筆新聞結果`,
    );
    const items = results(page).getByRole("listitem");
    await expect(items).toHaveCount(Math.min(newsCount, 10));
    for (const item of await items.all()) await expect(item).toContainText(/^新聞/);
  });

  test("a query with no results says so and suggests words that have some", async ({ page }) => {
    await open(page, `/search?q=${encodeURIComponent(nonsense)}`);
    await expect(page.getByRole("heading", { name: `找不到「${nonsense}」的相關結果` })).toBeVisible();
    const suggestions = page.getByRole("region", { name: "試試這些關鍵字" }).getByRole("link");
    await expect(suggestions.first()).toBeVisible();
    const suggestion = suggestions.first();
    const word = (await suggestion.evaluate((link) => link.firstChild?.textContent ?? "")).trim();
    await expect(suggestion).toHaveAccessibleName(new RegExp(`^${word}\\s*\\d+\\s*筆結果$`));
    await suggestion.click();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(word)}`);
    await expect(results(page).getByRole("listitem").first()).toBeVisible();
  });

  test("an empty query shows what to search for", async ({ page }) => {
    await open(page, "/search");
    await expect(page).toHaveTitle(`搜尋｜${siteName}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("搜尋");
    await expect(page.getByRole("heading", { name: "想找些什麼？" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "從這些主題開始" }).getByRole("link").first(),
    ).toHaveAttribute("href", /^\/search\?q=/);
  });

  test("a query too long is refused on the page, with the query kept in the box", async ({ page }) => {
    const long = "台菜".repeat(51);
    const response = await open(page, `/search?q=${encodeURIComponent(long)}`);
    expect(response?.status()).toBe(422);
    await expect(page.getByRole("alert").filter({ hasText: "數值長度不得大於 100" })).toBeVisible();
    await expect(searchBox(page)).toHaveValue(long);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("搜尋");
  });

  test("a phrase found nowhere is searched as the words it holds, and the page says so", async ({ page }) => {
    // 總鋪師 and 辦桌 are both in a demo column's title (辦桌的總鋪師們), never in this order.
    await open(page, `/search?q=${encodeURIComponent("總鋪師辦桌")}`);
    await expect(
      page.getByText("沒有完全符合「總鋪師辦桌」的內容，以下是同時提到「總鋪師」「辦桌」的結果。"),
    ).toBeVisible();
    await expect(results(page).getByRole("link", { name: "辦桌的總鋪師們" })).toBeVisible();
  });

  test("browsers can add the site's search: an OpenSearch description linked from the head", async ({
    page,
    request,
  }) => {
    await open(page, "/");
    const href = await page
      .locator('link[rel="search"][type="application/opensearchdescription+xml"]')
      .getAttribute("href");
    expect(href).toBe("/opensearch.xml");
    const response = await request.get(href!);
    expect(response.headers()["content-type"]).toContain("application/opensearchdescription+xml");
    const body = await response.text();
    expect(body).toContain(`<ShortName>${siteName}</ShortName>`);
    expect(body).toMatch(/template="https?:\/\/[^"]+\/search\?q=\{searchTerms\}"/);
  });

  test("a kind the site does not have is a 404", async ({ page }) => {
    const response = await page.goto(`/search?q=${encodeURIComponent(sharedWord)}&type=recipes`);
    expect(response?.status()).toBe(404);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test("the header's box is a plain form to /search", async ({ page }) => {
    await page.goto("/news");
    const headerSearch = page.getByRole("banner").getByRole("search", { name: "站內搜尋" });
    await headerSearch.getByRole("searchbox", { name: "搜尋關鍵字" }).fill(story.word);
    await headerSearch.getByRole("searchbox", { name: "搜尋關鍵字" }).press("Enter");
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(story.word)}`);
    await expect(results(page).getByRole("link", { name: story.title })).toBeVisible();
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the header links to the search page, which fits the screen", async ({ page }) => {
    await open(page, "/");
    await expect(page.getByRole("banner").getByRole("search")).toBeHidden();
    await page.getByRole("banner").getByRole("link", { name: "搜尋" }).click();
    await expect(page).toHaveURL("/search");
    await searchBox(page).fill(story.word);
    await page.getByRole("search", { name: "搜尋本站" }).getByRole("button", { name: "搜尋" }).click();
    await expect(results(page).getByRole("link", { name: story.title })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
});

const pages = {
  results: `/search?q=${encodeURIComponent(sharedWord)}`,
  "no results": `/search?q=${encodeURIComponent(nonsense)}`,
  "empty query": "/search",
  // One word of a hundred letters: the heading breaks it rather than widen the page.
  "long-word": `/search?q=${"a".repeat(100)}`,
};

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [name, path] of Object.entries(pages)) {
      test(`the ${name} page has no serious or critical WCAG 2 A/AA violations and no sideways scroll`, async ({
        page,
      }) => {
        await open(page, path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        const { ids, report } = await blockingViolations(page);
        expect(ids, `on ${path} at ${width} px:\n${report}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      });
    }
  });
}
