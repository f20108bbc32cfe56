import { and, desc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import {
  searchCountLimit,
  searchTypes,
  type SearchCounts,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  type SearchSuggestion,
  type SearchType,
} from "@shiyi/contracts";
import type { Database } from "../db/client.ts";
import { categories, searchDocuments } from "../db/schema.ts";
import { paginationMeta } from "../lib/paginate.ts";
import {
  documentMatch,
  foldText,
  highlight,
  queryTerms,
  snippet,
  tsqueryLiteral,
  type QueryTerm,
} from "../search/text.ts";

/** Where each kind of hit lives on the site. */
const sitePath: Record<SearchType, string> = {
  news: "/news",
  columns: "/columns",
  features: "/features",
  magazines: "/magazines",
  authors: "/author",
};

const visible = and(
  eq(searchDocuments.status, 1),
  or(isNull(searchDocuments.start_at), lte(searchDocuments.start_at, sql`now()`)),
)!;

/**
 * How a query's terms are looked for (documentMatch): `phrase` against the small title and head
 * vectors, `index` and `texts` against whole documents.
 */
type Matcher = { phrase: string; index: string; texts: string[] };

function matcherOf(terms: QueryTerm[]): Matcher | null {
  const phrase = tsqueryLiteral(terms);
  const document = documentMatch(terms);
  return phrase && document ? { phrase, ...document } : null;
}

/** Visible documents matching: the text checks first, so a walk along the date index reads little. */
const matching = (match: Matcher): SQL =>
  and(
    ...match.texts.map((text) => sql`strpos(${searchDocuments.folded}, ${text}) > 0`),
    sql`${searchDocuments.document} @@ ${match.index}::tsquery`,
    visible,
  )!;

/**
 * How a search reads the table, decided here rather than by the planner, whose estimates for text
 * queries (weights, phrases, prefixes) are guesses: it would walk the date index in search of a
 * word that is nowhere, or read every row for a word that is everywhere. `gin`: through the text
 * indexes (cost follows the matches); `recent`: along the date index, stopping at the page's rows
 * (cheap when matches are dense: the caller knows from the count).
 * Settings last until the end of the transaction (search runs in one); each read sets its own.
 */
async function byIndex<T>(
  tx: Database,
  path: "gin" | "recent",
  task: (tx: Database) => Promise<T>,
): Promise<T> {
  const gin = path === "gin" ? "on" : "off";
  await tx.execute(
    sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', ${gin}, true), set_config('enable_indexscan', ${gin === "on" ? "off" : "on"}, true)`,
  );
  return task(tx);
}

/** Runs `task` in one read-only transaction, where byIndex's settings hold. */
const reading = <T>(db: Database, task: (tx: Database) => Promise<T>): Promise<T> =>
  db.transaction((tx) => task(tx as unknown as Database), { accessMode: "read only" });

/**
 * Counting stops at `searchCountLimit`: past it a reader learns nothing from the exact figure, and
 * counting every match of a word in most of a large archive would cost more than the search.
 */
export { searchCountLimit };

/** Matches per kind among the first `searchCountLimit` + 1 found; `capped` when there are more. */
/** A match found while counting: enough to rank it without reading it again. */
type Match = { id: number; type: string; published_at: string | null; tier: number };

type Counted = { counts: SearchCounts; capped: boolean; matches: Match[] };

async function countMatches(db: Database, match: Matcher): Promise<Counted> {
  return byIndex(db, "gin", (tx) => countIn(tx, match));
}

/**
 * The first `searchCountLimit` + 1 matches (in no order), counted per kind, each with its tier:
 * 3 when the title matches, 2 the description, else 1 (title and head vectors are small). When
 * they are all there is (`capped` false), they are the whole ranked list (pageIds).
 */
async function countIn(db: Database, match: Matcher): Promise<Counted> {
  const query = match.phrase;
  const matches = await db
    .select({
      id: searchDocuments.id,
      type: searchDocuments.type,
      published_at: searchDocuments.published_at,
      tier: sql<number>`case when ${searchDocuments.title_vector} @@ ${query}::tsquery then 3 when ${searchDocuments.head} @@ ${query}::tsquery then 2 else 1 end`,
    })
    .from(searchDocuments)
    .where(matching(match))
    .limit(searchCountLimit + 1);
  const counts: SearchCounts = { all: 0, news: 0, columns: 0, features: 0, magazines: 0, authors: 0 };
  for (const found of matches) {
    if ((searchTypes as readonly string[]).includes(found.type)) {
      counts[found.type as SearchType]++;
      counts.all++;
    }
  }
  return { counts, capped: counts.all > searchCountLimit, matches };
}

const segmenter = new Intl.Segmenter("zh-Hant-TW", { granularity: "word" });

/**
 * The words of a query by ICU's dictionary (「台北牛肉麵」 → 台北, 牛肉麵), single Han characters
 * (的, 與 …) left out: what a query becomes when the whole of it matches nothing.
 */
export function queryWords(query: string): string[] {
  const words = [...segmenter.segment(foldText(query))]
    .filter((segment) => segment.isWordLike && !/^\p{Script=Han}$/u.test(segment.segment))
    .map((segment) => segment.segment);
  return [...new Set(words)];
}

const noCounts: SearchCounts = { all: 0, news: 0, columns: 0, features: 0, magazines: 0, authors: 0 };

/** How many results a query has (up to the count limit), for suggestions. */
async function total(tx: Database, query: string): Promise<number> {
  const match = matcherOf(queryTerms(query));
  return match ? Math.min(searchCountLimit, (await countMatches(tx, match)).counts.all) : 0;
}

/** Topics offered for an empty query or a fruitless one: category names that find something. */
const topicsTtlMs = 10 * 60_000;
const topicsCache = new WeakMap<Database, { at: number; topics: Promise<SearchSuggestion[]> }>();

function topics(db: Database): Promise<SearchSuggestion[]> {
  const cached = topicsCache.get(db);
  if (cached && Date.now() - cached.at < topicsTtlMs) return cached.topics;
  const fresh = (async () => {
    const rows = await db
      .selectDistinct({ name: categories.name })
      .from(categories)
      .where(eq(categories.status, 1));
    const candidates = [...new Set(rows.flatMap((row) => [row.name, ...queryWords(row.name)]))];
    const counted = await reading(db, async (tx) => {
      const list: SearchSuggestion[] = [];
      for (const q of candidates) list.push({ q, count: await total(tx, q) });
      return list;
    });
    return counted
      .filter((topic) => topic.count > 0)
      .sort((a, b) => b.count - a.count || a.q.localeCompare(b.q, "zh-Hant"))
      .slice(0, 8);
  })();
  topicsCache.set(db, { at: Date.now(), topics: fresh });
  fresh.catch(() => topicsCache.delete(db));
  return fresh;
}

/** Count queries one fruitless search may spend finding the words it holds. */
const splitBudget = 40;
/** Longest piece tried when splitting a run of characters. */
const longestPiece = 8;

/**
 * The words of a fruitless query, as the archive knows them: each term that finds something on
 * its own, and each other term cut from the left into the longest pieces that do (「總鋪師辦桌」 →
 * 總鋪師, 辦桌; 「台北牛肉麵」 → 台北, …). Domain words a dictionary lacks (辦桌, 總鋪師) come out
 * whole, which ICU's dictionary cannot promise. In the query's order, with their counts.
 */
async function archiveWords(tx: Database, terms: QueryTerm[]): Promise<SearchSuggestion[]> {
  let budget = splitBudget;
  const counted = new Map<string, number>();
  const count = async (q: string) => {
    if (!counted.has(q)) {
      if (budget-- <= 0) return 0;
      counted.set(q, await total(tx, q));
    }
    return counted.get(q)!;
  };
  const words: string[] = [];
  for (const term of terms) {
    if (terms.length > 1 && (await count(term.text)) > 0) {
      words.push(term.text);
      continue;
    }
    for (const piece of term.text.match(/[\p{Script=Han}]+|[\p{L}\p{N}\p{M}]+/gu) ?? []) {
      const chars = [...piece];
      if (!/\p{Script=Han}/u.test(piece) || chars.length < 3) {
        if (piece !== term.text && (await count(piece)) > 0) words.push(piece);
        continue;
      }
      for (let i = 0; i < chars.length - 1;) {
        let length = Math.min(longestPiece, chars.length - i);
        while (length >= 2 && (await count(chars.slice(i, i + length).join(""))) === 0) length--;
        if (length >= 2) {
          const word = chars.slice(i, i + length).join("");
          if (word !== term.text) words.push(word);
          i += length;
        } else i++;
      }
    }
  }
  return [...new Set(words)].map((q) => ({ q, count: counted.get(q) ?? 0 })).filter((word) => word.count > 0);
}

type Plan = {
  terms: QueryTerm[];
  match: Matcher;
  counts: SearchCounts;
  capped: boolean;
  relaxed: boolean;
  /** For a fruitless query: its words that find something, to suggest. */
  words: SearchSuggestion[];
  matches: Match[];
};

function planOf(terms: QueryTerm[]) {
  const match = matcherOf(terms);
  return match ? { terms, match } : null;
}

/**
 * The query as typed. When that finds nothing and holds two or more words the archive knows
 * (archiveWords), those words, each required but no longer side by side (「總鋪師辦桌」 → 總鋪師 辦桌).
 */
async function plan(db: Database, q: string): Promise<Plan | null> {
  const exact = planOf(queryTerms(q));
  if (!exact) return null;
  const exactCounts = await countMatches(db, exact.match);
  if (exactCounts.counts.all > 0) return { ...exact, ...exactCounts, relaxed: false, words: [] };
  const words = await archiveWords(db, exact.terms);
  const asTyped = { ...exact, ...exactCounts, relaxed: false, words };
  if (words.length < 2 || words.length <= exact.terms.length) return asTyped;
  const looser = planOf(queryTerms(words.map((word) => word.q).join(" ")))!;
  const looserCounts = await countMatches(db, looser.match);
  return looserCounts.counts.all > 0 ? { ...looser, ...looserCounts, relaxed: true, words: [] } : asTyped;
}

/** Fetched per tier at most: a page past this depth is not offered (the count stops there too). */
const maxDepth = searchCountLimit;

const newestFirst = (a: { id: number; published_at: string | null }, b: typeof a) =>
  a.published_at === b.published_at
    ? b.id - a.id
    : a.published_at === null
      ? 1
      : b.published_at === null
        ? -1
        : b.published_at.localeCompare(a.published_at);

/**
 * The newest `wanted` rows matching `where`. Up to the count limit of them are read through the
 * text indexes and sorted here; a tier with more (or known to be `dense`) is walked along the date
 * index instead, which finds the page's rows after a short way.
 */
async function tierIds(db: Database, where: SQL, wanted: number, dense: boolean): Promise<number[]> {
  const some = dense
    ? []
    : await byIndex(db, "gin", (tx) =>
        tx
          .select({ id: searchDocuments.id, published_at: searchDocuments.published_at })
          .from(searchDocuments)
          .where(where)
          .limit(searchCountLimit + 1),
      );
  if (!dense && some.length <= searchCountLimit) {
    return some
      .sort(newestFirst)
      .slice(0, wanted)
      .map((row) => row.id);
  }
  const newest = await byIndex(db, "recent", (tx) =>
    tx
      .select({ id: searchDocuments.id })
      .from(searchDocuments)
      .where(where)
      .orderBy(sql`${searchDocuments.published_at} desc nulls last`, desc(searchDocuments.id))
      .limit(wanted),
  );
  return newest.map((row) => row.id);
}

/**
 * The page's rows, by tier: every term in the title, then in title or description, then anywhere;
 * newest first within a tier. Each tier is read on its own (tierIds), so a word found in most of
 * the archive stops at the first page's worth instead of ranking every match.
 */
async function pageIds(
  db: Database,
  found: Plan,
  type: SearchType | undefined,
  offset: number,
  limit: number,
) {
  const head = sql`${searchDocuments.head} @@ ${found.match.phrase}::tsquery`;
  const title = sql`${searchDocuments.title_vector} @@ ${found.match.phrase}::tsquery`;
  const tiers = [title, and(head, sql`not ${title}`), and(matching(found.match), sql`not ${head}`)];
  const wanted = Math.min(offset + limit, maxDepth);
  if (!found.capped) {
    // Counting found every match: rank them here.
    return found.matches
      .filter((match) => !type || match.type === type)
      .sort((a, b) => b.tier - a.tier || newestFirst(a, b))
      .slice(offset, offset + limit)
      .map((match) => match.id);
  }
  const ids: number[] = [];
  for (const [i, tier] of tiers.entries()) {
    if (ids.length >= wanted) break;
    // Body matches of a query whose count reached the limit are dense: straight to the date walk.
    const dense = i === tiers.length - 1 && found.capped;
    ids.push(
      ...(await tierIds(
        db,
        and(tier, visible, type ? eq(searchDocuments.type, type) : undefined)!,
        wanted - ids.length,
        dense,
      )),
    );
  }
  return ids.slice(offset, offset + limit);
}

/**
 * `GET /search`: matches in titles first, then descriptions, then bodies; newest first within each.
 * Counts per kind ignore the `type` filter, so every tab shows its number.
 */
export async function search(db: Database, params: SearchQuery): Promise<SearchResult> {
  const { suggestions, ...result } = await reading(db, (tx) => searchIn(tx, params));
  // Topics are cached per database, outside the request's transaction.
  return { ...result, suggestions: suggestions === "topics" ? await topics(db) : suggestions };
}

async function searchIn(
  db: Database,
  params: SearchQuery,
): Promise<Omit<SearchResult, "suggestions"> & { suggestions: SearchResult["suggestions"] | "topics" }> {
  const { q, type, page, limit } = params;
  const found = await plan(db, q);
  const query = {
    q,
    type: type ?? null,
    terms: found?.terms.map((term) => term.text) ?? [],
    relaxed: found?.relaxed ?? false,
  };
  if (!found) {
    return {
      data: [],
      meta: paginationMeta(0, page, limit),
      query,
      counts: noCounts,
      counts_capped: false,
      suggestions: "topics",
    };
  }

  const ids = await pageIds(db, found, type, (page - 1) * limit, limit);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: searchDocuments.id,
            type: searchDocuments.type,
            item_id: searchDocuments.item_id,
            path: searchDocuments.path,
            title: searchDocuments.title,
            description: searchDocuments.description,
            body: searchDocuments.body,
            meta: searchDocuments.meta,
            published_at: searchDocuments.published_at,
          })
          .from(searchDocuments)
          .where(inArray(searchDocuments.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));

  // An author's description starts with their job title, which the hit shows as its label.
  const withoutLabel = (text: string | null, label: string | null) =>
    text && label && text.startsWith(`${label}\n`) ? text.slice(label.length + 1) : text;
  const data: SearchHit[] = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const kind = row.type as SearchType;
    return [
      {
        type: kind,
        id: row.item_id,
        path: row.path,
        url: `${sitePath[kind]}/${encodeURIComponent(row.path)}`,
        title: row.title,
        title_highlight: highlight(row.title, found.terms),
        // Found by another name only (an English title), the hit shows that name, marked.
        snippet: snippet(
          [withoutLabel(row.description, row.meta.label), row.body, row.meta.aliases?.join(" · ")],
          found.terms,
        ),
        image: row.meta.image,
        date: row.published_at,
        label: row.meta.label,
        author: row.meta.author,
      },
    ];
  });
  const totalFound = Math.min(type ? found.counts[type] : found.counts.all, searchCountLimit);
  const suggestions =
    found.counts.all > 0 ? [] : [...found.words].sort((a, b) => b.count - a.count).slice(0, 8);
  return {
    data,
    meta: paginationMeta(totalFound, page, limit),
    query,
    counts: found.counts,
    counts_capped: found.capped,
    suggestions: suggestions.length > 0 || found.counts.all > 0 ? suggestions : "topics",
  };
}
