/**
 * Where a Chinese headline may break. A browser breaks Chinese between any two characters, so a
 * short line can split a word (產／季, 餐／廳). Here the text is cut into words with the platform's
 * dictionary (`Intl.Segmenter`) and the places between words are marked with `<wbr>`; the heading
 * then sets `word-break: keep-all` (the `phrased` class in app.css), so it breaks only there.
 *
 * The dictionary knows more simplified than traditional words and leaves some of the latter in
 * single characters (產|季, 永|續): neighbouring one-character words are kept together, as are
 * digits with them (第47期, 12月25日). An opening bracket stays with what follows it and closing
 * punctuation with what precedes it. Between two Latin words the browser's own rules hold.
 */

const han = /\p{Script=Han}/u;
const opening = /^[《「『（【〈〔［｛“‘([{]+$/u;
const closing = /^[》」』）】〉〕］｝”’)\]}，。、：；！？…‥・,.:;!?%％]+$/u;
const space = /^\s+$/u;
const digits = /^\p{Nd}+$/u;

let segmenter: Intl.Segmenter | null | undefined;

function wordSegmenter() {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl.Segmenter === "function" ? new Intl.Segmenter("zh-Hant-TW", { granularity: "word" }) : null;
  }
  return segmenter;
}

/** A word of one Han character, or a number: kept with a neighbour of the same kind. */
const isGlue = (word: string) => (word.length === 1 && han.test(word)) || digits.test(word);

function mayBreakBetween(before: string, after: string) {
  if (space.test(before) || space.test(after)) return false; // a space is a break already
  if (opening.test(before) || closing.test(after)) return false;
  if (isGlue(before) && isGlue(after)) return false;
  return han.test(before) || han.test(after);
}

/**
 * The offsets in `text` where it may break (between two words), or `null` where the platform has
 * no word segmenter (the text then breaks as the browser's rules say).
 */
export function breakOffsets(text: string): number[] | null {
  const words = wordSegmenter();
  if (!words) return null;
  const offsets: number[] = [];
  let previous = "";
  for (const { segment, index } of words.segment(text)) {
    if (index > 0 && mayBreakBetween(previous, segment)) offsets.push(index);
    previous = segment;
  }
  return offsets;
}

/** The text in the pieces between which it may break, or `null` without a segmenter. */
export function phrases(text: string): string[] | null {
  const offsets = breakOffsets(text);
  if (!offsets) return null;
  return [0, ...offsets].map((start, i) => text.slice(start, offsets[i] ?? text.length));
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

/** Titles already cut: the same few hundred recur on every page (about 12 µs each to cut). */
const cut = new Map<string, string | null>();
const cutLimit = 2000;

/** Punctuation that ends a clause of a headline: the line had best break after it. */
const clauseEnd = /[：，；？！]$/u;
/** A clause this short is never broken: it fits a line of the narrowest headline. */
const shortClause = 8;

/**
 * The text as HTML, `<wbr>` between its pieces; `null` without a segmenter. In a headline of
 * clauses (茶香入饌：從茶園到餐盤) a short clause is one piece: it goes to the next line whole where
 * it does not fit on this one, rather than leave a word of it behind (茶香入饌：從／茶園到餐盤); a
 * longer one still breaks between its words. Running text (`clauses: false`, a page's
 * description) fills its lines instead.
 */
export function phrasedHtml(text: string, { clauses: byClause = true } = {}): string | null {
  const key = byClause ? text : `\u0000${text}`;
  const known = cut.get(key);
  if (known !== undefined) return known;
  const pieces = phrases(text);
  const clauses: string[][] = [[]];
  for (const [i, piece] of (pieces ?? []).entries()) {
    clauses.at(-1)!.push(piece);
    if (byClause && clauseEnd.test(piece) && i < pieces!.length - 1) clauses.push([]);
  }
  // A short clause has no <wbr> inside: as one word (`keep-all`) it breaks only where it cannot
  // fit a line at all (`overflow-wrap: anywhere`, with a reader's large text on a narrow screen).
  const clauseHtml = (clause: string[]) =>
    clauses.length > 1 && clause.join("").length <= shortClause
      ? escapeHtml(clause.join(""))
      : clause.map(escapeHtml).join("<wbr>");
  const html = pieces && clauses.map(clauseHtml).join("<wbr>");
  if (cut.size >= cutLimit) cut.clear();
  cut.set(key, html);
  return html;
}
