import { breakOffsets, escapeHtml } from "./phrases.ts";

/**
 * Runs of one text, some marked (a search's matched words), each cut where the whole text may
 * break: a mark's edges are not breaks of their own (台 of 台灣 marked stays with 灣). `breakBefore`:
 * the text may break where the run starts. `null` without a segmenter.
 */
export function phrasedRuns<Run extends { text: string }>(
  runs: readonly Run[],
): { run: Run; pieces: string[]; breakBefore: boolean }[] | null {
  const breaks = breakOffsets(runs.map((run) => run.text).join(""));
  if (!breaks) return null;
  const at = new Set(breaks);
  let start = 0;
  return runs.map((run) => {
    const pieces: string[] = [];
    let from = 0;
    for (let i = 1; i < run.text.length; i++) {
      if (!at.has(start + i)) continue;
      pieces.push(run.text.slice(from, i));
      from = i;
    }
    pieces.push(run.text.slice(from));
    const breakBefore = start > 0 && at.has(start);
    start += run.text.length;
    return { run, pieces, breakBefore };
  });
}

/** How a marked run looks (the search's highlight). */
export const markClass = "bg-primary/20 text-inherit";

/**
 * The runs as HTML: marked ones in `<mark>`, `<wbr>` where the whole text may break; `null`
 * without a segmenter. HTML, as `Phrased` renders, because hydration does not compare it: a browser
 * whose dictionary cuts a headline otherwise keeps the server's breaks instead of a mismatch.
 */
export function phrasedRunsHtml(runs: readonly { text: string; mark: boolean }[]): string | null {
  const cut = phrasedRuns(runs);
  if (!cut) return null;
  return cut
    .map(({ run, pieces, breakBefore }) => {
      const text = pieces.map(escapeHtml).join("<wbr>");
      return (breakBefore ? "<wbr>" : "") + (run.mark ? `<mark class="${markClass}">${text}</mark>` : text);
    })
    .join("");
}
