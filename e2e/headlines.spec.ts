import { expect, test, type Locator } from "@playwright/test";

/**
 * For each line break inside a headline, whether it falls between two of the words the server
 * marked with <wbr> (lib/phrases.ts). Returns the headline's lines and the words split across two.
 */
async function linesOf(heading: Locator) {
  return heading.evaluate((element) => {
    const phrased = element.querySelector(".phrased");
    if (!phrased) return { lines: [] as string[], split: ["(no .phrased text)"] };
    const characters: { character: string; top: number; piece: number }[] = [];
    let piece = 0;
    // Every text and <wbr> in order, a short clause's inside its span (lib/phrases.ts) included.
    const walker = document.createTreeWalker(phrased, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    const nodes: Node[] = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    for (const node of nodes) {
      if (node.nodeName === "WBR") piece++;
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? "";
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        characters.push({ character: text[index] ?? "", top: Math.round(box.top + box.height / 2), piece });
      }
    }
    const lines: string[] = [];
    const split = new Set<string>();
    let previous: (typeof characters)[number] | undefined;
    for (const current of characters) {
      if (!previous || Math.abs(current.top - previous.top) > 4) lines.push("");
      if (previous && Math.abs(current.top - previous.top) > 4 && previous.piece === current.piece) {
        split.add(
          characters
            .filter((item) => item.piece === current.piece)
            .map((item) => item.character)
            .join(""),
        );
      }
      lines[lines.length - 1] += current.character;
      previous = current;
    }
    return { lines, split: [...split] };
  });
}

test.describe("Chinese headlines at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a list's headlines break between words, never inside one", async ({ page }) => {
    await page.goto("/news");
    const headings = page.getByRole("main").getByRole("heading", { level: 2 });
    const count = await headings.count();
    expect(count).toBeGreaterThan(5);
    let wrapped = 0;
    for (let index = 0; index < count; index++) {
      const heading = headings.nth(index);
      if (!(await heading.locator(".phrased").count())) continue;
      const { lines, split } = await linesOf(heading);
      if (lines.length > 1) wrapped++;
      expect(split, `${lines.join(" / ")}`).toEqual([]);
    }
    // Long headlines do wrap at this width: the check above looked at real line breaks.
    expect(wrapped).toBeGreaterThan(3);
  });

  test("an article reached by a link renders its headline in words as well", async ({ page }) => {
    await page.goto("/news");
    const first = page.getByRole("main").getByRole("heading", { level: 2 }).first();
    const title = (await first.textContent())?.trim() ?? "";
    await first.getByRole("link").click();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(title);
    // Rendered in the browser this time, by its own word segmenter.
    expect(await heading.locator(".phrased wbr").count()).toBeGreaterThan(2);
    const { lines, split } = await linesOf(heading);
    expect(lines.length).toBeGreaterThan(1);
    expect(split, lines.join(" / ")).toEqual([]);
  });
});
