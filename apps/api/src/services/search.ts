import { and, count, desc, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import {
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
import { foldText, highlight, queryTerms, snippet, tsqueryLiteral, type QueryTerm } from "../search/text.ts";

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

const matching = (query: string): SQL => and(sql`${searchDocuments.document} @@ ${query}::tsquery`, visible)!;

async function countMatches(db: Database, query: string): Promise<SearchCounts> {
  const rows = await db
    .select({ type: searchDocuments.type, count: count() })
    .from(searchDocuments)
    .where(matching(query))
    .groupBy(searchDocuments.type);
  const counts: SearchCounts = { all: 0, news: 0, columns: 0, features: 0, magazines: 0, authors: 0 };
  for (const row of rows) {
    if ((searchTypes as readonly string[]).includes(row.type)) {
      counts[row.type as SearchType] = row.count;
      counts.all += row.count;
    }
  }
  return counts;
}

const segmenter = new Intl.Segmenter("zh-Hant-TW", { granularity: "word" });

/**
 * The words of a query by ICU's dictionary (「台北牛肉麵」 → 台北, 牛肉麵): what a query becomes
 * when the whole of it matches nothing. Single Han characters (的, 與 …) go when longer words remain.
 */
export function queryWords(query: string): string[] {
  const words = [...segmenter.segment(foldText(query))]
    .filter((segment) => segment.isWordLike)
    .map((segment) => segment.segment);
  const long = words.filter((word) => !/^\p{Script=Han}$/u.test(word));
  return [...new Set(long.length > 0 ? long : words)];
}

const noCounts: SearchCounts = { all: 0, news: 0, columns: 0, features: 0, magazines: 0, authors: 0 };

/** How many results a query has, for suggestions. */
async function total(db: Database, query: string): Promise<number> {
  const literal = tsqueryLiteral(queryTerms(query));
  return literal ? (await countMatches(db, literal)).all : 0;
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
    const counted = await Promise.all(candidates.map(async (q) => ({ q, count: await total(db, q) })));
    return counted
      .filter((topic) => topic.count > 0)
      .sort((a, b) => b.count - a.count || a.q.localeCompare(b.q, "zh-Hant"))
      .slice(0, 8);
  })();
  topicsCache.set(db, { at: Date.now(), topics: fresh });
  fresh.catch(() => topicsCache.delete(db));
  return fresh;
}

/** The words of a fruitless query that do find something, most results first. */
async function wordSuggestions(db: Database, q: string): Promise<SearchSuggestion[]> {
  const words = queryWords(q).filter((word) => word !== foldText(q).trim());
  const counted = await Promise.all(
    words.slice(0, 6).map(async (word) => ({ q: word, count: await total(db, word) })),
  );
  return counted.filter((word) => word.count > 0).sort((a, b) => b.count - a.count);
}

type Plan = { terms: QueryTerm[]; query: string; titleQuery: string; counts: SearchCounts; relaxed: boolean };

/** The query as typed; when that finds nothing, its ICU words, each required but no longer adjacent. */
async function plan(db: Database, q: string): Promise<Plan | null> {
  const terms = queryTerms(q);
  const query = tsqueryLiteral(terms);
  if (!query) return null;
  const exact = {
    terms,
    query,
    titleQuery: tsqueryLiteral(terms, "A")!,
    counts: await countMatches(db, query),
    relaxed: false,
  };
  if (exact.counts.all > 0) return exact;
  const looser = queryTerms(queryWords(q).join(" "));
  if (looser.length <= terms.length) return exact;
  const looserQuery = tsqueryLiteral(looser)!;
  const counts = await countMatches(db, looserQuery);
  if (counts.all === 0) return exact;
  return {
    terms: looser,
    query: looserQuery,
    titleQuery: tsqueryLiteral(looser, "A")!,
    counts,
    relaxed: true,
  };
}

/**
 * `GET /search`: matches in titles first, then descriptions, then bodies; newest first within each.
 * Counts per kind ignore the `type` filter, so every tab shows its number.
 */
export async function search(db: Database, params: SearchQuery): Promise<SearchResult> {
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
      suggestions: await topics(db),
    };
  }

  const tier = sql<number>`case when ${searchDocuments.head} @@ ${found.titleQuery}::tsquery then 3 when ${searchDocuments.head} @@ ${found.query}::tsquery then 2 else 1 end`;
  const rows = await db
    .select({
      type: searchDocuments.type,
      id: searchDocuments.item_id,
      path: searchDocuments.path,
      title: searchDocuments.title,
      description: searchDocuments.description,
      body: searchDocuments.body,
      meta: searchDocuments.meta,
      published_at: searchDocuments.published_at,
      tier: tier.as("tier"),
    })
    .from(searchDocuments)
    .where(and(matching(found.query), type ? eq(searchDocuments.type, type) : undefined))
    .orderBy(sql`tier desc`, sql`${searchDocuments.published_at} desc nulls last`, desc(searchDocuments.id))
    .limit(limit)
    .offset((page - 1) * limit);

  const data: SearchHit[] = rows.map((row) => {
    const kind = row.type as SearchType;
    return {
      type: kind,
      id: row.id,
      path: row.path,
      url: `${sitePath[kind]}/${encodeURIComponent(row.path)}`,
      title: row.title,
      title_highlight: highlight(row.title, found.terms),
      snippet: snippet([row.description, row.body], found.terms),
      image: row.meta.image,
      date: row.published_at,
      label: row.meta.label,
      author: row.meta.author,
    };
  });
  const totalFound = type ? found.counts[type] : found.counts.all;
  const suggestions =
    found.counts.all > 0
      ? []
      : await wordSuggestions(db, q).then(async (words) => (words.length > 0 ? words : topics(db)));
  return { data, meta: paginationMeta(totalFound, page, limit), query, counts: found.counts, suggestions };
}
