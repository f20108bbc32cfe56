// Builders for the rows a suite needs. Every builder fills what the schema requires with unique
// values, so a test states only the fields its behaviour depends on.
import type { Database } from "../src/db/client.ts";
import {
  articles,
  authors,
  categories,
  ebookPlatforms,
  ebooks,
  magazines,
  merchandise,
  seoEntries,
  siteSettings,
} from "../src/db/schema.ts";

let sequence = 0;
const unique = () => ++sequence;

/** An ISO timestamp `days` from now (negative for the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const image = (url: string, width = 1200, height = 800) => ({ url, width, height });

export async function insertAuthor(db: Database, values: Partial<typeof authors.$inferInsert> = {}) {
  const n = unique();
  const [row] = await db
    .insert(authors)
    .values({ path: `author-${n}`, name: `作者${n}`, ...values })
    .returning();
  return row!;
}

export async function insertCategory(
  db: Database,
  values: Partial<typeof categories.$inferInsert> & { section: string },
) {
  const n = unique();
  const [row] = await db
    .insert(categories)
    .values({ path: `category-${n}`, name: `分類${n}`, ...values })
    .returning();
  return row!;
}

export async function insertArticle(
  db: Database,
  values: Partial<typeof articles.$inferInsert> & { kind: string },
) {
  const n = unique();
  const [row] = await db
    .insert(articles)
    .values({ path: `${values.kind}-${n}`, title: `文章${n}`, publication_date: daysFromNow(-n), ...values })
    .returning();
  return row!;
}

export async function insertMagazine(db: Database, values: Partial<typeof magazines.$inferInsert> = {}) {
  const n = unique();
  const [row] = await db
    .insert(magazines)
    .values({ path: `issue-${n}`, title: `第${n}期`, issue: n, price: 280, stock: 5, ...values })
    .returning();
  return row!;
}

export async function insertMerch(db: Database, values: Partial<typeof merchandise.$inferInsert> = {}) {
  const n = unique();
  const [row] = await db
    .insert(merchandise)
    .values({ path: `merch-${n}`, title: `商品${n}`, price: 450, stock: 5, ...values })
    .returning();
  return row!;
}

export async function insertEbookPlatform(
  db: Database,
  values: Partial<typeof ebookPlatforms.$inferInsert> = {},
) {
  const n = unique();
  const [row] = await db
    .insert(ebookPlatforms)
    .values({ name: `平台${n}`, url: `https://books${n}.example.com`, ...values })
    .returning();
  return row!;
}

export async function insertEbook(db: Database, values: Partial<typeof ebooks.$inferInsert> = {}) {
  const n = unique();
  const [row] = await db
    .insert(ebooks)
    .values({ path: `ebook-${n}`, title: `電子書${n}`, publication_date: daysFromNow(-n), ...values })
    .returning();
  return row!;
}

export async function insertSeoEntry(db: Database, values: Partial<typeof seoEntries.$inferInsert> = {}) {
  const n = unique();
  const [row] = await db
    .insert(seoEntries)
    .values({ path: `/page-${n}`, title: `頁面${n}`, ...values })
    .returning();
  return row!;
}

export async function insertSetting(db: Database, key: string, value: unknown) {
  await db.insert(siteSettings).values({ key, value });
}
