import { expect, pageTypes, test } from "./support/site.ts";

/**
 * Full-page pictures for people to look at, in test-results/screenshots/. Each page must fit its
 * width (no sideways scroll) and show every picture; the picture is taken whatever the verdict.
 */
const pages = {
  home: pageTypes.home,
  news: pageTypes["news list"],
  "news-article": pageTypes["news article"],
  magazines: pageTypes["magazine list"],
  "magazine-issue": pageTypes["magazine issue"],
  "author-page": pageTypes["author page"],
  login: () => "/auth/login",
  register: () => "/auth/register",
};

for (const width of [375, 1280]) {
  test.describe(`screenshots at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [name, path] of Object.entries(pages)) {
      test(`${name}`, async ({ page, site }) => {
        await page.goto(path(site));
        // The page as a reader meets it, once the loading screen has lifted.
        await expect(page.locator("#loading-screen")).toBeHidden();
        // A full-page picture shows what lies below the fold too: load every lazy image, then wait
        // until all pictures are decoded and fonts have arrived.
        await page.evaluate(() => {
          for (const image of Array.from(document.images)) image.loading = "eager";
        });
        await page.evaluate(() =>
          Promise.all([
            ...Array.from(document.images).map((image) => image.decode().catch(() => undefined)),
            document.fonts.ready,
          ]),
        );

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect.soft(overflow, "pixels the page is wider than the window").toBeLessThanOrEqual(0);
        const broken = await page.evaluate(() =>
          Array.from(document.images)
            .filter((image) => image.naturalWidth === 0)
            .map((image) => image.currentSrc || image.src),
        );
        expect.soft(broken, "pictures that did not load").toEqual([]);

        await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
      });
    }
  });
}
