import { expect, test, type Page } from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import { discover } from "./support/site.ts";

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
test.use({
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
});

const screen = (page: Page) => page.locator("#loading-screen");

/** Holds back requests matching `pattern` until `release()` is called. */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds back the app's scripts, so the loading screen stays up. */
const holdScripts = (page: Page) => hold(page, "**/assets/*.js");

const clickNews = (page: Page) =>
  page
    .getByRole("banner")
    .getByRole("link", { name: /新聞\s*News/ })
    .click();

test.describe("loading screen", () => {
  test("counts up towards 92 while the app loads, then shows 100 and goes away", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    await expect(screen(page)).toBeVisible();
    await expect(screen(page).getByText("食藝誌")).toBeVisible();
    const percent = screen(page).locator("[data-percent]");
    await expect.poll(async () => Number(await percent.textContent())).toBeGreaterThan(20);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.push(Number(await percent.textContent()));
    expect(Math.max(...seen)).toBeLessThanOrEqual(92);
    await expect(screen(page)).toHaveAttribute("aria-valuenow", /\d+/);

    release();
    await expect(screen(page)).toHaveAttribute("data-state", "done");
    await expect(percent).toHaveText("100");
    await expect(screen(page)).toBeHidden();
  });

  test("blocks clicks and the mouse wheel while it shows", async ({ page, baseURL }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    await expect(screen(page)).toBeVisible();
    const link = page.getByRole("banner").getByRole("link", { name: /新聞\s*News/ });
    const box = (await link.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 1200);
    await page.waitForLoadState("domcontentloaded");
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(page.url()).toBe(`${baseURL}/`);
    release();
    await expect(screen(page)).toBeHidden({ timeout: 10_000 });
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  });

  test("keeps the keyboard and screen readers out of the page it covers, until it goes", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/contact", { waitUntil: "commit" });
    await expect(screen(page)).toBeVisible();
    await page.waitForLoadState("domcontentloaded");
    for (let presses = 0; presses < 5; presses++) await page.keyboard.press("Tab");
    // Nothing under the screen took the focus: the page is inert, out of the accessibility tree too.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await expect(page.locator("#page")).toHaveJSProperty("inert", true);
    release();
    await expect(screen(page)).toBeHidden({ timeout: 10_000 });
    await expect(page.locator("#page")).toHaveJSProperty("inert", false);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "跳到主要內容" })).toBeFocused();
  });

  // /auth itself is the social-login return; without a status it only redirects to the login page.
  for (const path of [
    "/auth?status=0",
    "/auth/reset-password",
    "/auth/confirmation",
    // With a number (without one, the result pages send the visitor to /cart or /support-us).
    "/cart/result?number=26112300000000",
    "/support-us/result?number=26112300000000",
  ]) {
    test(`is not shown on ${path}`, async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(screen(page)).toBeHidden();
      release();
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("it never covers the page", async ({ page }) => {
      await page.goto("/news");
      await expect(screen(page)).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });

  test("is shown once: a later navigation shows the progress bar, not the screen", async ({ page }) => {
    await page.goto("/");
    await expect(screen(page)).toBeHidden();
    // Record whether the screen is ever shown again, however briefly.
    await page.evaluate(() => {
      const element = document.getElementById("loading-screen")!;
      new MutationObserver(() => {
        if (!element.hidden) Object.assign(window, { __screenShown: true });
      }).observe(element, { attributes: true });
    });
    await clickNews(page);
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => "__screenShown" in window)).toBe(false);
  });

  test("does not come back between the error page and the site, either way", async ({ page, baseURL }) => {
    // The first load is the error page: the screen lifts as on any page.
    const response = await page.goto("/news/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(screen(page)).toBeHidden();

    // From the error page to the site: the page the site's layout is made anew for.
    await page.getByRole("main").getByRole("link", { name: "回首頁" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(screen(page)).toBeHidden();
    await clickNews(page);
    await expect(page).toHaveURL(/\/news$/);

    // And from the site to the error page, in the browser (back twice): the way back is usable.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/news\/no-such-article$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("找不到相關頁面！請點擊其他連結瀏覽");
    await expect(screen(page)).toBeHidden();
    await page.getByRole("main").getByRole("link", { name: "回首頁" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(screen(page)).toBeHidden();
  });
});

test("the 4 px progress bar shows at the top during a slow navigation", async ({ page }) => {
  await page.goto("/");
  await expect(screen(page)).toBeHidden();
  const release = await hold(page, "**/news.data*");
  const bar = page.getByRole("progressbar", { name: "頁面載入中", includeHidden: true });
  await expect(bar).toHaveAttribute("data-visible", "false");
  await clickNews(page);
  await expect(bar).toHaveAttribute("data-visible", "true");
  await expect(bar).toHaveCSS("opacity", "1");
  const style = await bar.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      height: computed.height,
      color: computed.backgroundColor,
      top: element.getBoundingClientRect().top,
    };
  });
  expect(style).toEqual({ height: "4px", color: "rgb(154, 59, 34)", top: 0 });
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(10);
  release();
  await expect(page).toHaveURL(/\/news$/);
  await expect(bar).toHaveAttribute("data-visible", "false");
});

/** Where the window should rest: the anchor `offset` px below the top, within the page's scroll range. */
async function expectScrolledToAnchor(page: Page, offset: number) {
  await expect
    .poll(() =>
      page.evaluate((offset) => {
        const anchor = document.querySelector("[data-scroll-anchor]")!;
        const max = document.documentElement.scrollHeight - innerHeight;
        const wanted = Math.max(0, Math.min(max, anchor.getBoundingClientRect().top + scrollY - offset));
        return Math.abs(scrollY - wanted);
      }, offset),
    )
    .toBeLessThanOrEqual(1);
}

for (const [width, compact] of [
  [1280, false],
  [375, true],
] as const) {
  test.describe(`scroll after navigation at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, reducedMotion: "reduce" });

    test("a magazine lands with its breadcrumb 60 px from the top", async ({ page, request }) => {
      const { magazine } = await discover(request);
      await page.goto("/magazines");
      await expect(screen(page)).toBeHidden();
      await page.locator(`main a[href="/magazines/${magazine.path}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/magazines/${magazine.path}$`));
      await expect(page.locator("[data-scroll-anchor='magazines']")).toBeVisible();
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
      await expectScrolledToAnchor(page, 60);
    });

    test(`a news article lands at its layout, ${compact ? 80 : 140} px from the top`, async ({
      page,
      request,
    }) => {
      const { news } = await discover(request);
      await page.goto("/news");
      await expect(screen(page)).toBeHidden();
      await page.locator(`main a[href="/news/${news.path}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/news/${news.path}$`));
      await expect(page.locator("#article-layout[data-scroll-anchor]")).toBeVisible();
      await expectScrolledToAnchor(page, compact ? 80 : 140);
    });
  });
}

test.describe("focus after navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a link pressed with the keyboard leaves focus on the new page's heading, and Tab goes on from there", async ({
    page,
  }) => {
    await page.goto("/news");
    await expect(screen(page)).toBeHidden();
    // A page number at the foot of the list: after it the reader is at the top of page 2, and so is focus.
    await page
      .getByRole("navigation", { name: "分頁" })
      .getByRole("link", { name: "2", exact: true })
      .focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/news\?page=2$/);
    const heading = page.getByRole("main").getByRole("heading", { level: 1 });
    await expect(heading).toBeFocused();
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement)),
      "the next Tab stays in the page, not in the footer",
    ).toBe(true);
    await expect(page.getByRole("contentinfo")).not.toBeInViewport();

    // A card's link opens the article with focus on its title.
    const card = page.getByRole("main").getByRole("article").first();
    const title = (await card.getByRole("heading").first().textContent())!.trim();
    await card.getByRole("link").first().focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: title })).toBeFocused();
  });
});

test("a new build makes the next navigation a full page load", async ({ page }) => {
  await page.goto("/");
  await expect(screen(page)).toBeHidden();
  await page.evaluate(() => Object.assign(window, { __samePage: true }));

  // A client-side navigation while the build is current keeps the page.
  await page
    .getByRole("banner")
    .getByRole("link", { name: /雜誌\s*Magazines/ })
    .click();
  await expect(page).toHaveURL(/\/magazines$/);
  expect(await page.evaluate(() => "__samePage" in window)).toBe(true);

  await page.route("**/_version", (route) => route.fulfill({ json: { version: "a-newer-build" } }));
  // The check runs on a timer and whenever the tab becomes visible again. The wait is set up first:
  // the routed answer is instant and could otherwise arrive before anyone listens for it.
  const checked = page.waitForResponse("**/_version");
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await checked;

  const documentLoad = page.waitForRequest((request) => request.resourceType() === "document");
  await clickNews(page);
  expect(new URL((await documentLoad).url()).pathname).toBe("/news");
  await expect(page).toHaveURL(/\/news$/);
  expect(await page.evaluate(() => "__samePage" in window)).toBe(false);
});

test("a page chunk that fails to load makes a full reload", async ({ page }) => {
  await page.goto("/");
  await expect(screen(page)).toBeHidden();
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  await page.route("**/assets/news-*.js", (route) => route.fulfill({ status: 404, body: "" }), { times: 1 });
  const reloaded = page.waitForEvent("load");
  await clickNews(page);
  await reloaded;
  await expect.poll(() => page.evaluate(() => "__samePage" in window)).toBe(false);
  // The fresh page works: the same link now leads to the news.
  await expect(screen(page)).toBeHidden();
  await clickNews(page);
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("when the scripts never arrive, the page the server sent is revealed within seconds", async ({
  page,
}) => {
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/news");
  // It shows for its fail-safe time (6 s) instead of until the app starts.
  await expect(screen(page)).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The page under the screen may be used: it is no longer inert.
  expect(await page.evaluate(() => document.getElementById("page")?.inert)).toBe(false);
});

test.describe("accessibility of the shared parts", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the open mobile menu and the loading bars have no serious or critical violations", async ({
    page,
  }) => {
    await page.goto("/magazines");
    await expect(screen(page)).toBeHidden();
    await page.getByRole("button", { name: "選單" }).click();
    await expect(page.getByRole("dialog", { name: "選單" })).toBeVisible();
    const result = await blockingViolations(page);
    expect(result.ids, result.report).toEqual([]);
  });
});
