import { breakOffsets } from "./phrases.ts";

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
