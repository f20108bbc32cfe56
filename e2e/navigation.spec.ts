import { expect, test, type Page } from "@playwright/test";

const mainNavigation = [
  ["專題", "Featured"],
  ["新聞", "News"],
  ["雜誌", "Magazines"],
  ["專欄", "Columns"],
  ["關於", "About"],
  ["聯絡", "Contact"],
  ["支持", "Support Us"],
  ["電子書", "Ebooks"],
] as const;

/** Presses Tab until the focused element's text matches, as a keyboard user would. */
async function tabTo(page: Page, text: RegExp, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (text.test(focused)) return;
  }
  throw new Error(`Nothing matching ${text} took the focus within ${limit} presses of Tab`);
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the main navigation links every section and 新聞 leads to /news", async ({ page, baseURL }) => {
    await page.goto("/");
    const navigation = page.getByRole("banner").getByRole("navigation");
    for (const [label, subtitle] of mainNavigation) {
      await expect(
        navigation.getByRole("link", { name: new RegExp(`${label}\\s*${subtitle}`) }),
      ).toBeVisible();
    }
    await navigation.getByRole("link", { name: /新聞\s*News/ }).click();
    await expect(page).toHaveURL(`${baseURL}/news`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the footer shows the opening hours", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("服務時間");
    await expect(footer).toContainText("09:00~17:30");
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu opens from the 選單 button with the keyboard, traps the focus, and leads to a section", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: /新聞\s*News/ })).toBeHidden();

    await tabTo(page, /^選單$/);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "選單" });
    for (const [label, subtitle] of mainNavigation) {
      await expect(menu.getByRole("link", { name: new RegExp(`${label}\\s*${subtitle}`) })).toBeVisible();
    }
    // The menu takes the focus as it opens (a frame later), then keeps it however far one tabs.
    await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Past the last link, focus may rest a moment on the dialog's focus guard before the guard
    // sends it back inside: each press is checked once focus has settled.
    for (let presses = 0; presses < 20; presses++) {
      await page.keyboard.press("Tab");
      await expect
        .poll(() => menu.evaluate((element) => element.contains(document.activeElement)), { timeout: 2_000 })
        .toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "選單" })).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await tabTo(page, /^新聞\s*News$/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${baseURL}/news`);
    await expect(menu).toBeHidden();
  });

  test("the menu opens with the space bar too, as a button does", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "選單" }).focus();
    await page.keyboard.press(" ");
    await expect(page.getByRole("dialog", { name: "選單" })).toBeVisible();
    await expect(page).not.toHaveURL(/#/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("選單 leads to the footer's menu, with every section", async ({ page }) => {
      await page.goto("/news");
      // Before scripts run it is a link, and is announced as one.
      await page.getByRole("banner").getByRole("link", { name: "選單" }).click();
      await expect(page).toHaveURL(/\/news#site-menu$/);
      const menu = page.getByRole("navigation", { name: "頁尾選單" });
      await expect(menu).toBeInViewport();
      for (const [label] of mainNavigation)
        await expect(menu.getByRole("link", { name: label })).toBeVisible();
      await menu.getByRole("link", { name: "雜誌" }).click();
      await expect(page).toHaveURL(/\/magazines$/);
    });
  });
});
