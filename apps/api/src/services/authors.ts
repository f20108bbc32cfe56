import type { Author, AuthorSummary, ListQuery, Paginated } from "@shiyi/contracts";
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { articles, authors } from "../db/schema.ts";
import { notFound } from "../lib/errors.ts";
import { pageWindow, paginationMeta } from "../lib/paginate.ts";
import { safeHtml } from "../lib/sanitize.ts";
import { byIdOrPath, published } from "./visibility.ts";

/** The columns of an author as other records embed them. */
export const authorSummaryColumns = {
  id: authors.id,
  path: authors.path,
  name: authors.name,
  title: authors.title,
  description: authors.description,
  avatar: authors.avatar,
  updated_at: authors.updated_at,
};

const visible = eq(authors.status, 1);

export async function listAuthors(
  db: Database,
  query: Pick<ListQuery, "page" | "limit">,
): Promise<Paginated<AuthorSummary>> {
  const { limit, offset } = pageWindow(query.page, query.limit);
  const [rows, [total]] = await Promise.all([
    db
      .select(authorSummaryColumns)
      .from(authors)
      .where(visible)
      .orderBy(asc(authors.sort), asc(authors.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(authors).where(visible),
  ]);
  return { data: rows, meta: paginationMeta(total?.value ?? 0, query.page, query.limit) };
}

export async function getAuthor(db: Database, key: string): Promise<Author> {
  const [row] = await db
    .select({ ...authorSummaryColumns, content: authors.content })
    .from(authors)
    .where(and(visible, byIdOrPath(authors, key)))
    .limit(1);
  if (!row) throw notFound("找不到這位作者");
  const [pieces] = await db
    .select({ value: count() })
    .from(articles)
    .where(and(eq(articles.author_id, row.id), published(articles)));
  return { ...row, content: safeHtml(row.content), article_count: pieces?.value ?? 0 };
}

export async function featuredAuthors(db: Database, limit: number): Promise<AuthorSummary[]> {
  return db
    .select(authorSummaryColumns)
    .from(authors)
    .where(visible)
    .orderBy(asc(authors.sort), asc(authors.id))
    .limit(limit);
}
