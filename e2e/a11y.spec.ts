import AxeBuilder from "@axe-core/playwright";
import { expect, pageTypes, test } from "./support/site.ts";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const pages = { ...pageTypes, "404 page": () => "/no-such-page" };

const describe = (violations: Violation[]) =>
  violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .map(
            (node) =>
              `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ")}`,
          )
          .join("\n"),
    )
    .join("\n");

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [name, path] of Object.entries(pages)) {
      test(`${name} has no serious or critical WCAG 2 A/AA violations`, async ({ page, site }) => {
        await page.goto(path(site));
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
        const blocking = results.violations.filter(
          (violation) => violation.impact === "serious" || violation.impact === "critical",
        );
        expect(
          blocking.map((violation) => violation.id),
          `on ${path(site)} at ${width} px:\n${describe(blocking)}`,
        ).toEqual([]);
      });
    }
  });
}
