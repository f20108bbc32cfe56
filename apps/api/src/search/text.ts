import type { Highlight } from "@shiyi/contracts";
import { variantFolds } from "./variants.ts";

/**
 * Text as search sees it. Both sides (what is indexed and what is asked) pass through the same
 * steps, so they meet:
 *
 * 1. fold: NFKC (full-width ＡＢＣ１２３ and half-width ｶﾅ to their usual forms), lower case, and
 *    variant characters (臺 → 台 …);
 * 2. tokens: each run of Han (and kana) characters becomes its characters and their overlapping
 *    bigrams, so any substring of two or more characters is a phrase of bigrams and a single
 *    character a lexeme of its own; runs of other letters and digits become words;
 * 3. lexemes with their positions and weights go into a `tsvector` written out here, so PostgreSQL's
 *    and PGlite's parsers (which know nothing of Chinese and depend on the server's locale) never
 *    see the text, and a `tsquery` is built the same way.
 */

/** A piece of folded text mapped back to where it came from in the original. */
export type Folded = {
  text: string;
  /** For each UTF-16 unit of `text`, the start and end of the original code point it came from. */
  start: number[];
  end: number[];
};

const foldCache = new Map<string, string>();

function foldCodePoint(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : char;
  // Unified ideographs are their own NFKC form; only the variant table applies.
  if (code >= 0x4e00 && code <= 0x9fff) return variantFolds.get(char) ?? char;
  let folded = foldCache.get(char);
  if (folded === undefined) {
    folded = [...char.normalize("NFKC").toLowerCase()].map((c) => variantFolds.get(c) ?? c).join("");
    if (foldCache.size < 50_000) foldCache.set(char, folded);
  }
  return folded;
}

export function fold(text: string): Folded {
  let out = "";
  const start: number[] = [];
  const end: number[] = [];
  let index = 0;
  for (const char of text) {
    const folded = foldCodePoint(char);
    out += folded;
    for (let i = 0; i < folded.length; i++) {
      start.push(index);
      end.push(index + char.length);
    }
    index += char.length;
  }
  return { text: out, start, end };
}

/** Just the folded text, when no mapping back is needed. */
export function foldText(text: string): string {
  let out = "";
  for (const char of text) out += foldCodePoint(char);
  return out;
}

const hanPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const wordCharPattern = /[\p{L}\p{N}\p{M}]/u;

const CharKind = { Han: 0, Word: 1, Break: 2 } as const;
type CharKind = (typeof CharKind)[keyof typeof CharKind];

/** A character's kind, the common ranges decided without a regular expression. */
function charKind(char: string): CharKind {
  const code = char.codePointAt(0)!;
  if (code < 0x80) {
    return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a)
      ? CharKind.Word
      : CharKind.Break;
  }
  if (code >= 0x4e00 && code <= 0x9fff) return CharKind.Han;
  if (code >= 0x3000 && code <= 0x303f) return CharKind.Break; // CJK punctuation 、。「」…
  if (code >= 0xff00 && code <= 0xff65) return CharKind.Break; // full-width punctuation left after folding
  if (hanPattern.test(char)) return CharKind.Han;
  return wordCharPattern.test(char) ? CharKind.Word : CharKind.Break;
}

export type Token = {
  lexeme: string;
  /** Position within the text, counted in tokens: a phrase's tokens sit at consecutive positions. */
  position: number;
  /** A Han bigram or single character, or a word of other letters and digits. */
  han: boolean;
  /** For Han tokens, the length of the run of Han characters they come from. */
  run: number;
  bigram: boolean;
};

/** The tokens of folded text, positions counted from `first`. */
export function tokenize(folded: string, first = 0): Token[] {
  const tokens: Token[] = [];
  let position = first;
  let run: string[] = [];
  let word = "";

  const flushRun = () => {
    for (let i = 0; i < run.length; i++) {
      const at = { position: position + i, han: true, run: run.length };
      tokens.push({ lexeme: run[i]!, ...at, bigram: false });
      if (i < run.length - 1) tokens.push({ lexeme: run[i]! + run[i + 1]!, ...at, bigram: true });
    }
    position += run.length;
    run = [];
  };
  const flushWord = () => {
    if (word) tokens.push({ lexeme: word, position: position++, han: false, run: 0, bigram: false });
    word = "";
  };

  for (const char of folded) {
    const kind = charKind(char);
    if (kind === CharKind.Han) {
      flushWord();
      run.push(char);
    } else if (kind === CharKind.Word) {
      flushRun();
      word += char;
    } else {
      flushRun();
      flushWord();
    }
  }
  flushRun();
  flushWord();
  return tokens;
}

/** Positions past this are where PostgreSQL clamps them; lexemes keep at most 256 positions. */
const maxPosition = 16_383;
const maxPositionsPerLexeme = 256;

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

export type Weight = "A" | "B" | "C" | "D";

/** A `tsvector` literal for fields in order (title A, description B, body C …), a gap between fields. */
export function tsvectorLiteral(
  fields: ReadonlyArray<{ text: string | null | undefined; weight: Weight }>,
): string {
  const positions = new Map<string, string[]>();
  let next = 1;
  for (const field of fields) {
    if (!field.text) continue;
    const tokens = tokenize(foldText(field.text), next);
    for (const token of tokens) {
      const list = positions.get(token.lexeme) ?? [];
      if (list.length < maxPositionsPerLexeme) {
        list.push(`${Math.min(token.position, maxPosition)}${field.weight}`);
        positions.set(token.lexeme, list);
      }
    }
    next = (tokens.at(-1)?.position ?? next) + 2;
  }
  return [...positions].map(([lexeme, list]) => `${quote(lexeme)}:${list.join(",")}`).join(" ");
}

/** A query term as matched: its folded text and the tokens it must find in a row. */
export type QueryTerm = { text: string; tokens: Token[] };

/** Longest query terms taken; more make a query no reader writes and only cost time. */
const maxTerms = 8;

/** A query's terms: whitespace separates them; all must match. */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const part of foldText(query).split(/\s+/u)) {
    const tokens = tokenize(part);
    if (tokens.length === 0) continue;
    // Punctuation around a term ("台菜」、) is not part of what is looked for.
    const text = part.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}\p{M}]+$/gu, "");
    if (terms.some((term) => term.text === text)) continue;
    terms.push({ text, tokens });
    if (terms.length === maxTerms) break;
  }
  return terms;
}

/**
 * The `tsquery` of the terms, each a phrase of its tokens, all required. Null when there is
 * nothing to search for.
 */
export function tsqueryLiteral(terms: readonly QueryTerm[]): string | null {
  const phrases = terms.map((term) => termQuery(term, " <n> "));
  return phrases.length > 0 ? phrases.join(" & ") : null;
}

/** A word looked for as the start of longer ones: three letters or more (a number is exact). */
const isPrefixWord = (word: string) => word.length >= 3 && /^\p{L}+$/u.test(word);

/** A term's tokens joined by `joiner`: ` <n> ` for a phrase (n the distance), ` & ` for all of them. */
function termQuery(term: QueryTerm, joiner: " <n> " | " & "): string {
  // A run of two or more characters is made of its bigrams; a lone character is itself.
  const kept = term.tokens.filter((token) => !token.han || token.bigram === token.run > 1);
  let phrase = "";
  kept.forEach((token, i) => {
    const prefix = !token.han && isPrefixWord(token.lexeme);
    const lexeme = `${quote(token.lexeme)}${prefix ? ":*" : ""}`;
    const gap = joiner.replace("n", String(token.position - (kept[i - 1]?.position ?? 0)));
    phrase += i === 0 ? lexeme : `${gap}${lexeme}`;
  });
  return kept.length > 1 ? `(${phrase})` : phrase;
}

/** A term all of Han characters, three or more: a text check matches it exactly (see documentMatch). */
const hanRun = (term: QueryTerm) => {
  const characters = term.tokens.filter((token) => !token.bigram);
  return characters.length >= 3 && term.tokens.every((token) => token.han && token.run === characters.length);
};

/**
 * How the terms are matched against a whole document. A phrase of bigrams makes PostgreSQL re-read
 * every candidate's whole vector (positions are not in the index), which for a long phrase whose
 * bigrams are common is most of a search's time. A term of three or more Han characters is matched
 * instead by its bigrams together (`index`, answered by the GIN index alone) and by its folded text
 * found in the document's folded text (`texts`, a substring check: the same thing for a run of Han
 * characters, which no punctuation can break). Other terms stay phrases in `index`.
 */
export function documentMatch(terms: readonly QueryTerm[]): { index: string; texts: string[] } | null {
  if (terms.length === 0) return null;
  return {
    index: terms.map((term) => termQuery(term, hanRun(term) ? " & " : " <n> ")).join(" & "),
    texts: terms.filter(hanRun).map((term) => term.text),
  };
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text of sanitized body HTML: block ends become line breaks, tags go, entities are decoded. */
export function htmlText(html: string | null | undefined): string {
  if (!html) return "";
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/figcaption|\/tr)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return namedEntities[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t\r\f]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

/** Where the terms occur in `text`, as ranges of the original, merged. */
export function matchRanges(text: string, terms: readonly QueryTerm[]): Array<[number, number]> {
  if (!text || terms.length === 0) return [];
  const folded = fold(text);
  const ranges: Array<[number, number]> = [];
  const mark = (needle: string) => {
    if (!needle) return false;
    // A word of letters is found as the index finds it: from a word's start, and whole unless it
    // is looked for as a prefix (isPrefixWord), so `a` is not marked inside Manual, nor 100 in 1000.
    const fromStart = charKind(String.fromCodePoint(needle.codePointAt(0)!)) === CharKind.Word;
    const characters = [...needle];
    let wordStart = characters.length;
    while (wordStart > 0 && charKind(characters[wordStart - 1]!) === CharKind.Word) wordStart--;
    const lastWord = characters.slice(wordStart).join("");
    const whole = lastWord !== "" && !isPrefixWord(lastWord);
    const wordBefore = (at: number) => {
      const before = [...folded.text.slice(Math.max(0, at - 2), at)].at(-1);
      return before !== undefined && charKind(before) === CharKind.Word;
    };
    const wordAfter = (end: number) => {
      const after = folded.text.codePointAt(end);
      return after !== undefined && charKind(String.fromCodePoint(after)) === CharKind.Word;
    };
    let found = false;
    for (let at = folded.text.indexOf(needle); at !== -1;) {
      const end = at + needle.length;
      const fits = (!fromStart || !wordBefore(at)) && (!whole || !wordAfter(end));
      if (fits) {
        ranges.push([folded.start[at]!, folded.end[end - 1]!]);
        found = true;
      }
      at = folded.text.indexOf(needle, fits ? end : at + 1);
    }
    return found;
  };
  for (const term of terms) {
    if (mark(term.text)) continue;
    // A term that matched across a gap (「台北 ABC」 for 台北abc): mark its pieces.
    const pieces =
      term.text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+|[\p{L}\p{N}\p{M}]+/gu) ??
      [];
    for (const piece of pieces) mark(piece);
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** `text` as runs, the matched ones marked. */
export function highlight(text: string, terms: readonly QueryTerm[]): Highlight {
  return segments(text, matchRanges(text, terms), 0, text.length);
}

function segments(text: string, ranges: Array<[number, number]>, from: number, to: number): Highlight {
  const out: Highlight = [];
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue;
    const s = Math.max(start, from);
    if (s > at) out.push({ text: text.slice(at, s), mark: false });
    out.push({ text: text.slice(s, Math.min(end, to)), mark: true });
    at = Math.min(end, to);
  }
  if (at < to) out.push({ text: text.slice(at, to), mark: false });
  return out;
}

/** Characters of context shown before a snippet's first match, and a snippet's length. */
const snippetLead = 24;
const snippetLength = 110;

/**
 * A window of the first text in `sources` where a term occurs, matches marked, an ellipsis where
 * it was cut. With no match anywhere, the opening of the first non-empty source.
 */
export function snippet(
  sources: ReadonlyArray<string | null | undefined>,
  terms: readonly QueryTerm[],
): Highlight {
  for (const source of sources) {
    if (!source) continue;
    const text = oneLine(source);
    const ranges = matchRanges(text, terms);
    if (ranges.length === 0) continue;
    return window(text, ranges, sentenceStart(text, ranges[0]![0]));
  }
  const first = sources.find((source) => source?.trim());
  return first ? window(oneLine(first), [], 0) : [];
}

/** A Chinese character or punctuation mark (CJK, fullwidth forms), and the punctuation alone. */
const cjk = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const cjkPunctuation = /[\u3000-\u303f\uff00-\uffef]/;

/**
 * Paragraphs run on as one line: a paragraph's end after Chinese punctuation, or between two
 * Chinese characters, becomes nothing (a space after 。 is a Latin habit); elsewhere one space.
 * Spaces typed within a line (ATM 轉帳, NT$ 380) stay one.
 */
export function oneLine(text: string): string {
  const trimmed = text.trim();
  return trimmed.replace(/\s+/g, (space, at: number) => {
    const before = trimmed[at - 1] ?? "";
    const after = trimmed[at + space.length] ?? "";
    const joined = cjkPunctuation.test(before) || (cjk.test(before) && cjk.test(after));
    return space.includes("\n") && joined ? "" : " ";
  });
}

const sentenceEnd = /[。！？；.!?;]/g;

/**
 * Where a snippet showing a match at `at` begins: the start of the match's sentence when that is
 * close enough to show, else a little context before the match.
 */
function sentenceStart(text: string, at: number): number {
  const from = Math.max(0, at - snippetLead);
  let start = from;
  for (const end of text.slice(from, at).matchAll(sentenceEnd)) start = from + end.index + 1;
  while (start < at && /\s/.test(text[start]!)) start++;
  return start;
}

function window(text: string, ranges: Array<[number, number]>, start: number): Highlight {
  const end = Math.min(text.length, start + snippetLength);
  const out = segments(text, ranges, start, end);
  if (start > 0) out.unshift({ text: "…", mark: false });
  if (end < text.length) out.push({ text: "…", mark: false });
  return out;
}
