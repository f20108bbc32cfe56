import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** The page's serious and critical WCAG 2 A/AA violations, with a readable report of them. */
export async function blockingViolations(page: Page) {
  // The page as a reader finds it: axe reads colours from what is on top, and the loading screen
  // (paper-coloured, over everything while it shows) would stand behind every text it checks.
  await expect(page.locator("#loading-screen")).toBeHidden();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  return { ids: blocking.map((violation) => violation.id), report: describe(blocking) };
}

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
