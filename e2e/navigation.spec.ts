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

  test("SPEC §2's menu is whole in the header: the authors, 購物須知 and 條款政策 on a line above", async ({
    page,
  }) => {
    await page.goto("/policy/shopping-notice");
    const more = page.getByRole("banner").getByRole("navigation", { name: "更多選單" });
    await expect(more.getByRole("link")).toHaveText([
      /^作者\s*Authors$/,
      /^購物須知\s*Notice$/,
      /^條款政策\s*Policy$/,
    ]);
    // The page is the shopping notice, which is under the policies: only the notice is current.
    await expect(more.getByRole("link", { name: /購物須知/ })).toHaveAttribute("aria-current", "page");
    await expect(more.getByRole("link", { name: /條款政策/ })).not.toHaveAttribute("aria-current");
    await more.getByRole("link", { name: /條款政策/ }).click();
    await expect(page).toHaveURL(/\/policy$/);
    await expect(more.getByRole("link", { name: /條款政策/ })).toHaveAttribute("aria-current", "page");
  });

  test("the skip link moves the focus to the page's content, not only the view", async ({ page }) => {
    await page.goto("/news");
    await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "跳到主要內容" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next Tab goes on from there, into the page's own links.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(
      true,
    );
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
    await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
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
    // Screen readers find the menu alone: no landmark of the page under it (the footer's live
    // newsletter message made the dialog leave the footer and its form listed).
    for (const role of ["banner", "main", "contentinfo", "form"] as const) {
      await expect(page.getByRole(role)).toHaveCount(0);
    }
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
    await expect(page.getByRole("contentinfo")).toHaveCount(1);

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await tabTo(page, /^新聞\s*News$/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${baseURL}/news`);
    await expect(menu).toBeHidden();
    // The new page's heading has the focus, not the 選單 button left behind.
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });

  test("the menu marks the one entry the page belongs to", async ({ page }) => {
    await page.goto("/policy/shopping-notice");
    await page.getByRole("button", { name: "選單" }).click();
    const menu = page.getByRole("dialog", { name: "選單" });
    const current = menu.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(/購物須知/);
  });

  test("the menu opens with the space bar too, as a button does", async ({ page }) => {
    await page.goto("/");
    // The page under the loading screen is inert (nothing takes focus) until the app has started.
    await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
    await page.getByRole("button", { name: "選單" }).focus();
    await expect(page.getByRole("button", { name: "選單" })).toBeFocused();
    await page.keyboard.press(" ");
    await expect(page.getByRole("dialog", { name: "選單" })).toBeVisible();
    await expect(page).not.toHaveURL(/#/);
  });

  test("a menu left open closes when the window turns wide, and the page can be used", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto("/news");
    await page.getByRole("button", { name: "選單" }).click();
    const menu = page.getByRole("dialog", { name: "選單" });
    await expect(menu).toBeVisible();
    // A tablet turned on its side: the main navigation shows, and nothing hidden holds the taps.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(menu).toBeHidden();
    await page
      .getByRole("banner")
      .getByRole("link", { name: /雜誌\s*Magazines/ })
      .click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/magazines$/);
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

test("category tabs are 44 px tall on a phone and compact from md up", async ({ page }) => {
  for (const [width, tall] of [
    [375, true],
    [1280, false],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/news");
    for (const tab of await page.getByRole("navigation", { name: "分類" }).getByRole("link").all()) {
      const { height } = (await tab.boundingBox())!;
      if (tall) expect(height, `${width}: ${await tab.textContent()}`).toBeGreaterThanOrEqual(44);
      else expect(height, `${width}: ${await tab.textContent()}`).toBeLessThan(40);
    }
  }
});

test("a reader's larger text size gets the layout of a narrower window, never a page wider than the screen", async ({
  page,
}) => {
  // Chromium's text size setting (Settings › Appearance › Font size: Large is 20 px, Very large 24).
  const cdp = await page.context().newCDPSession(page);
  for (const standard of [20, 24]) {
    await cdp.send("Page.setFontSizes", { fontSizes: { standard, fixed: 13 } });
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/news");
      await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${standard} px text at ${width} px`,
      ).toBe(0);
      const cart = page.getByRole("banner").getByRole("link", { name: /購物車/ });
      await expect(cart).toBeInViewport({ ratio: 1 });
    }
    // 1280 px at 20 px text is 64em: the whole navigation fits in the header, on one line.
    if (standard === 20) {
      const navigation = page.getByRole("navigation", { name: "主選單" });
      await expect(navigation).toBeVisible();
      const [navBox, cartBox] = [
        await navigation.boundingBox(),
        await page
          .getByRole("banner")
          .getByRole("link", { name: /購物車/ })
          .boundingBox(),
      ];
      expect(Math.abs(navBox!.y + navBox!.height / 2 - (cartBox!.y + cartBox!.height / 2))).toBeLessThan(12);
    }
  }
});

test("the header fits on one line from 320 px up, and a long word never widens a page", async ({ page }) => {
  for (const width of [320, 992, 1023]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/news");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${width}`,
    ).toBe(0);
    const row = page.getByRole("banner").locator(".container-page").first();
    const [rowBox, lastBox] = [await row.boundingBox(), await row.locator(":scope > *").last().boundingBox()];
    // On one line: the buttons beside the seal, not wrapped under it.
    const sealBox = await row.locator(":scope > *").first().boundingBox();
    expect(lastBox!.y, `${width}: the buttons beside the seal`).toBeLessThan(sealBox!.y + sealBox!.height);
    expect(
      lastBox!.x + lastBox!.width,
      `${width}: the header's last item within its padding`,
    ).toBeLessThanOrEqual(rowBox!.x + rowBox!.width - 16);
    if (width >= 992) {
      // Each section's name and subtitle on one line each, no word split by the page's text wrapping.
      for (const link of await page.getByRole("navigation", { name: "主選單" }).getByRole("link").all())
        expect((await link.boundingBox())!.height, `${width}: ${await link.textContent()}`).toBeLessThan(40);
    }
  }
  // An address pasted into a title, a card and an article's body (at 375 px) breaks rather than overflowing.
  await page.setViewportSize({ width: 375, height: 800 });
  const address = ` https://example.com/${"averyveryverylongwordwithoutanybreak".repeat(3)}`;
  await page.goto("/news");
  const article = await page
    .getByRole("main")
    .getByRole("article")
    .first()
    .getByRole("link")
    .first()
    .getAttribute("href");
  for (const path of ["/news", article!]) {
    await page.goto(path);
    await page.evaluate((address) => {
      for (const element of document.querySelectorAll("main h1, main h2, main h3, main p"))
        element.append(address);
    }, address);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBe(0);
  }
});
