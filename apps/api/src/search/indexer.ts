import { and, asc, count, eq, inArray, isNull, max, ne, or, sql, type SQL } from "drizzle-orm";
import type { SearchType } from "@shiyi/contracts";
import type { Database } from "../db/client.ts";
import {
  articles,
  authors,
  categories,
  magazines,
  searchDocuments,
  type SearchMeta,
  type StoredImage,
  type TocEntry,
} from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";
import { foldText, htmlText, tsvectorLiteral } from "./text.ts";

/**
 * Keeps search_documents in step with the content (decision 018). A row is rewritten when its
 * source's updated_at, or its author's or category's, differs from the version it was written
 * from, and removed when the source is gone; so whatever changes the content (the seed, an editor's
 * tool writing to the database) is searchable after the next pass. Passes are idempotent: several
 * instances may run them at once.
 */

const articleTypes = ["news", "columns", "features"] as const satisfies readonly SearchType[];

type SourceDocument = {
  type: SearchType;
  item_id: number;
  path: string;
  title: string;
  /**
   * Other names found as the title is, not shown: an English title (info_title), an issue's
   * number written as readers ask for it (第 48 期).
   */
  aliases: string[];
  description: string | null;
  /** Plain text of the body. */
  body: string;
  meta: SearchMeta;
  published_at: string | null;
  status: number;
  start_at: string | null;
  source_version: string;
};

/** Timestamps compare at the millisecond, the precision the API reads them with. */
const version = (...columns: SQL[]) =>
  sql`date_trunc('milliseconds', greatest(${sql.join(columns, sql`, `)}))`;

const articleVersion = version(
  sql`${articles.updated_at}`,
  sql`coalesce(${authors.updated_at}, ${articles.updated_at})`,
  sql`coalesce(${categories.updated_at}, ${articles.updated_at})`,
);
const magazineVersion = version(sql`${magazines.updated_at}`);
const authorVersion = version(sql`${authors.updated_at}`);

const latest = (...values: Array<string | null | undefined>) =>
  values
    .filter((value): value is string => Boolean(value))
    .sort()
    .at(-1)!;

/** Rows fetched and written per statement. */
const batchSize = 200;

async function staleArticleIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .leftJoin(authors, eq(authors.id, articles.author_id))
    .leftJoin(categories, eq(categories.id, articles.category_id))
    .leftJoin(
      searchDocuments,
      and(eq(searchDocuments.type, articles.kind), eq(searchDocuments.item_id, articles.id)),
    )
    .where(
      and(
        inArray(articles.kind, articleTypes),
        or(isNull(searchDocuments.id), ne(searchDocuments.source_version, articleVersion)),
      ),
    )
    .orderBy(asc(articles.id));
  return rows.map((row) => row.id);
}

async function articleDocuments(db: Database, ids: number[]): Promise<SourceDocument[]> {
  const rows = await db
    .select({
      article: articles,
      author: { name: authors.name, status: authors.status, updated_at: authors.updated_at },
      category: { name: categories.name, status: categories.status, updated_at: categories.updated_at },
    })
    .from(articles)
    .leftJoin(authors, eq(authors.id, articles.author_id))
    .leftJoin(categories, eq(categories.id, articles.category_id))
    .where(inArray(articles.id, ids));
  return rows.map(({ article, author, category }) => ({
    type: article.kind as SearchType,
    item_id: article.id,
    path: article.path,
    title: article.title,
    aliases: article.info_title ? [article.info_title] : [],
    description: article.description,
    body: htmlText(article.content),
    // A switched-off author or category is not public: the hit names neither.
    meta: {
      image: article.image ?? null,
      label: category?.status === 1 ? category.name : null,
      author: author?.status === 1 ? author.name : null,
    },
    published_at: article.publication_date ?? article.start_at ?? article.created_at,
    status: article.status,
    start_at: article.start_at,
    source_version: latest(article.updated_at, author?.updated_at, category?.updated_at),
  }));
}

async function staleMagazineIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: magazines.id })
    .from(magazines)
    .leftJoin(
      searchDocuments,
      and(eq(searchDocuments.type, "magazines"), eq(searchDocuments.item_id, magazines.id)),
    )
    .where(
      and(
        isNull(magazines.deleted_at),
        or(isNull(searchDocuments.id), ne(searchDocuments.source_version, magazineVersion)),
      ),
    )
    .orderBy(asc(magazines.id));
  return rows.map((row) => row.id);
}

/**
 * The contents as a reader would quote them: each title with its author in brackets, the entries
 * set apart by ；, so that a snippet never runs an author's name into the next title.
 */
const tocText = (toc: TocEntry[]) =>
  toc.map((entry) => (entry.author ? `${entry.title}（${entry.author}）` : entry.title)).join("；\n");

async function magazineDocuments(db: Database, ids: number[]): Promise<SourceDocument[]> {
  const rows = await db.select().from(magazines).where(inArray(magazines.id, ids));
  return rows.map((magazine) => ({
    type: "magazines",
    item_id: magazine.id,
    path: magazine.path,
    title: magazine.title,
    aliases: [magazine.info_title, `第 ${magazine.issue} 期`].filter((name): name is string => Boolean(name)),
    description: magazine.description,
    body: [htmlText(magazine.content), tocText(magazine.toc)].filter(Boolean).join("\n"),
    meta: {
      image: (magazine.cover as StoredImage | null) ?? null,
      label: `第 ${magazine.issue} 期`,
      author: null,
    },
    published_at: magazine.publication_date ?? magazine.start_at ?? magazine.created_at,
    status: magazine.status,
    start_at: magazine.start_at,
    source_version: magazine.updated_at,
  }));
}

async function staleAuthorIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: authors.id })
    .from(authors)
    .leftJoin(
      searchDocuments,
      and(eq(searchDocuments.type, "authors"), eq(searchDocuments.item_id, authors.id)),
    )
    .where(or(isNull(searchDocuments.id), ne(searchDocuments.source_version, authorVersion)))
    .orderBy(asc(authors.id));
  return rows.map((row) => row.id);
}

async function authorDocuments(db: Database, ids: number[]): Promise<SourceDocument[]> {
  const rows = await db.select().from(authors).where(inArray(authors.id, ids));
  return rows.map((author) => ({
    type: "authors",
    item_id: author.id,
    path: author.path,
    title: author.name,
    aliases: [],
    description: [author.title, author.description].filter(Boolean).join("\n") || null,
    body: htmlText(author.content),
    meta: { image: author.avatar ?? null, label: author.title, author: null },
    published_at: null,
    status: author.status,
    start_at: null,
    source_version: author.updated_at,
  }));
}

async function write(db: Database, documents: SourceDocument[]) {
  if (documents.length === 0) return;
  const values = documents.map(({ aliases, ...doc }) => {
    const titles = [doc.title, ...aliases].map((text) => ({ text, weight: "A" as const }));
    return {
      ...doc,
      meta: { ...doc.meta, aliases },
      folded: [doc.title, ...aliases, doc.description ?? "", doc.body].map(foldText).join("\n"),
      title_vector: sql`${tsvectorLiteral(titles)}::tsvector`,
      head: sql`${tsvectorLiteral([...titles, { text: doc.description, weight: "B" }])}::tsvector`,
      document: sql`${tsvectorLiteral([
        ...titles,
        { text: doc.description, weight: "B" },
        { text: doc.body, weight: "C" },
      ])}::tsvector`,
    };
  });
  await db
    .insert(searchDocuments)
    .values(values as unknown as Array<typeof searchDocuments.$inferInsert>)
    .onConflictDoUpdate({
      target: [searchDocuments.type, searchDocuments.item_id],
      set: Object.fromEntries(
        [
          "path",
          "title",
          "description",
          "body",
          "meta",
          "folded",
          "title_vector",
          "head",
          "document",
          "published_at",
          "status",
          "start_at",
          "source_version",
        ].map((column) => [column, sql.raw(`excluded.${column}`)]),
      ),
    });
}

const sources = [
  { stale: staleArticleIds, load: articleDocuments },
  { stale: staleMagazineIds, load: magazineDocuments },
  { stale: staleAuthorIds, load: authorDocuments },
];

/** One pass: rewrites what changed, removes what is gone. Answers how many rows it wrote and removed. */
export async function syncSearchIndex(db: Database): Promise<{ written: number; removed: number }> {
  let written = 0;
  for (const source of sources) {
    const ids = await source.stale(db);
    for (let i = 0; i < ids.length; i += batchSize) {
      const documents = await source.load(db, ids.slice(i, i + batchSize));
      await write(db, documents);
      written += documents.length;
    }
  }
  const removed = await db
    .delete(searchDocuments)
    .where(
      or(
        and(
          inArray(searchDocuments.type, articleTypes),
          sql`not exists (select 1 from ${articles} src where src.id = ${searchDocuments.item_id} and src.kind = ${searchDocuments.type})`,
        ),
        and(
          eq(searchDocuments.type, "magazines"),
          sql`not exists (select 1 from ${magazines} src where src.id = ${searchDocuments.item_id} and src.deleted_at is null)`,
        ),
        and(
          eq(searchDocuments.type, "authors"),
          sql`not exists (select 1 from ${authors} src where src.id = ${searchDocuments.item_id})`,
        ),
        sql`${searchDocuments.type} not in ('news', 'columns', 'features', 'magazines', 'authors')`,
      ),
    )
    .returning({ id: searchDocuments.id });
  return { written, removed: removed.length };
}

/** Row counts and latest changes of the tables the index is made from. */
async function contentFingerprint(db: Database): Promise<string> {
  const parts = await Promise.all(
    [articles, magazines, authors, categories].map((table) =>
      db
        .select({ rows: count(), changed: max(table.updated_at) })
        .from(table)
        .then(([row]) => `${row?.rows}:${row?.changed}`),
    ),
  );
  const [deleted] = await db.select({ at: max(magazines.deleted_at) }).from(magazines);
  return [...parts, deleted?.at].join("|");
}

/**
 * Runs a pass at once and then every `intervalMs`, so edits made outside this process reach the
 * index within a minute. The first pass runs while the site serves: on a large archive that has
 * never been indexed (a database from before the index existed) it takes minutes (about 500
 * documents a second), and search fills in as it goes, 200 documents at a time.
 */
export function startSearchIndexer({ db, logger }: { db: Database; logger: Logger }, intervalMs = 60_000) {
  let running = false;
  let seen = "";
  const pass = () => {
    if (running) return;
    running = true;
    // A pass compares every row's version; when no source table changed since the last one (by
    // row counts and latest timestamps), it is skipped.
    contentFingerprint(db)
      .then(async (fingerprint) => {
        if (fingerprint === seen) return { written: 0, removed: 0 };
        const result = await syncSearchIndex(db);
        seen = fingerprint;
        return result;
      })
      .then(
        (result) => (result.written > 0 || result.removed > 0) && logger.info(result, "search index updated"),
        (error: unknown) => logger.error({ err: error }, "search index pass failed"),
      )
      .finally(() => (running = false));
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
