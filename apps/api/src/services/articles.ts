import type {
  Article,
  ArticleKind,
  ArticleSummary,
  AuthorSummary,
  Category,
  ArticleListQuery,
  Paginated,
} from "@shiyi/contracts";
import { and, asc, count, desc, eq, gt, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { articles, authors, categories } from "../db/schema.ts";
import { notFound } from "../lib/errors.ts";
import { pageWindow, paginationMeta } from "../lib/paginate.ts";
import { safeHtml } from "../lib/sanitize.ts";
import { authorSummaryColumns } from "./authors.ts";
import { byIdOrPath, published } from "./visibility.ts";

/** The date shown for an item: publication date, else start time, else creation. */
const displayDate = sql<string>`coalesce(${articles.publication_date}, ${articles.start_at}, ${articles.created_at})`;

const summaryColumns = {
  article: articles,
  author: authorSummaryColumns,

  category: {
    id: categories.id,
    section: categories.section,
    path: categories.path,
    name: categories.name,
    description: categories.description,
  },
};

type Row = {
  article: typeof articles.$inferSelect;
  author: AuthorSummary | null;
  category: Category | null;
};

function toSummary({ article, author, category }: Row): ArticleSummary {
  return {
    id: article.id,
    kind: article.kind as ArticleKind,
    path: article.path,
    title: article.title,
    info_title: article.info_title,
    description: article.description,
    image: article.image ?? null,
    link: article.link,
    publication_date: article.publication_date,
    start_at: article.start_at,
    created_at: article.created_at,
    updated_at: article.updated_at,
    author: author?.id ? author : null,
    category: category?.id ? category : null,
  };
}

/** Authors and categories switched off are not public: an item of theirs shows neither. */
const shownAuthor = eq(authors.status, 1);
const shownCategory = eq(categories.status, 1);

function selectArticles(db: Database) {
  return db
    .select(summaryColumns)
    .from(articles)
    .leftJoin(authors, and(eq(articles.author_id, authors.id), shownAuthor))
    .leftJoin(categories, and(eq(articles.category_id, categories.id), shownCategory));
}

export type ArticleFilter = Pick<ArticleListQuery, "page" | "limit" | "category" | "author">;

export async function listArticles(
  db: Database,
  kind: ArticleKind,
  query: ArticleFilter,
): Promise<Paginated<ArticleSummary>> {
  const conditions: SQL[] = [eq(articles.kind, kind), published(articles)];
  if (query.category) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.section, kind), shownCategory, byIdOrPath(categories, query.category)));
    if (!category) throw notFound("找不到這個分類");
    conditions.push(eq(articles.category_id, category.id));
  }
  if (query.author) {
    const [author] = await db
      .select({ id: authors.id })
      .from(authors)
      .where(and(shownAuthor, byIdOrPath(authors, query.author)));
    if (!author) throw notFound("找不到這位作者");
    conditions.push(eq(articles.author_id, author.id));
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query.page, query.limit);
  const [rows, [total]] = await Promise.all([
    selectArticles(db)
      .where(where)
      .orderBy(asc(articles.sort), desc(displayDate), desc(articles.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(articles).where(where),
  ]);
  return { data: rows.map(toSummary), meta: paginationMeta(total?.value ?? 0, query.page, query.limit) };
}

/** One published item of a kind (or of any kind when `kind` is null), by id or path. */
export async function getArticle(db: Database, kind: ArticleKind | null, key: string): Promise<Article> {
  const conditions = [byIdOrPath(articles, key), published(articles)];
  if (kind) conditions.push(eq(articles.kind, kind));
  const [row] = await selectArticles(db)
    .where(and(...conditions))
    .orderBy(asc(articles.id))
    .limit(1);
  if (!row) throw notFound();
  const article = row.article;
  const sameKind = and(eq(articles.kind, article.kind), published(articles), ne(articles.id, article.id));
  const date = article.publication_date ?? article.start_at ?? article.created_at;
  const link = { id: articles.id, path: articles.path, title: articles.title };
  const [[previous], [next], related] = await Promise.all([
    db
      .select(link)
      .from(articles)
      .where(
        and(sameKind, or(lt(displayDate, date), and(eq(displayDate, date), lt(articles.id, article.id)))),
      )
      .orderBy(desc(displayDate), desc(articles.id))
      .limit(1),
    db
      .select(link)
      .from(articles)
      .where(
        and(sameKind, or(gt(displayDate, date), and(eq(displayDate, date), gt(articles.id, article.id)))),
      )
      .orderBy(asc(displayDate), asc(articles.id))
      .limit(1),
    // The same category's newest first, then the kind's newest, so the row of three is full.
    selectArticles(db)
      .where(sameKind)
      .orderBy(
        ...(article.category_id
          ? [desc(sql`coalesce(${articles.category_id} = ${article.category_id}, false)`)]
          : []),
        desc(displayDate),
        desc(articles.id),
      )
      .limit(3),
  ]);
  return {
    ...toSummary(row),
    content: safeHtml(article.content),
    images: article.images,
    previous: previous ?? null,
    next: next ?? null,
    related: related.map(toSummary),
  };
}

export async function latestArticles(db: Database, kind: ArticleKind, limit: number) {
  const rows = await selectArticles(db)
    .where(and(eq(articles.kind, kind), published(articles)))
    .orderBy(asc(articles.sort), desc(displayDate), desc(articles.id))
    .limit(limit);
  return rows.map(toSummary);
}

export async function listCategories(db: Database, section: string): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      section: categories.section,
      path: categories.path,
      name: categories.name,
      description: categories.description,
    })
    .from(categories)
    .where(and(eq(categories.section, section), eq(categories.status, 1)))
    .orderBy(asc(categories.sort), asc(categories.id));
}
