import { blockingViolations } from "./support/axe.ts";
import { expect, pageTypes, test } from "./support/site.ts";

const pages = { ...pageTypes, "404 page": () => "/no-such-page" };

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [name, path] of Object.entries(pages)) {
      test(`${name} has no serious or critical WCAG 2 A/AA violations`, async ({ page, site }) => {
        await page.goto(path(site));
        // The page as a reader meets it, once the loading screen has lifted.
        await expect(page.locator("#loading-screen")).toBeHidden();
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        const { ids, report } = await blockingViolations(page);
        expect(ids, `on ${path(site)} at ${width} px:\n${report}`).toEqual([]);
      });
    }
  });
}
