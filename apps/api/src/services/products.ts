import type { ListQuery, Magazine, MagazineSummary, Merch, MerchSummary, Paginated } from "@shiyi/contracts";
import { and, asc, count, desc, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { magazines, merchandise } from "../db/schema.ts";
import { notFound } from "../lib/errors.ts";
import { pageWindow, paginationMeta } from "../lib/paginate.ts";
import { safeHtml } from "../lib/sanitize.ts";
import { byIdOrPath, onSale, released } from "./visibility.ts";

type Sellable = {
  status: number;
  deleted_at: string | null;
  start_at: string | null;
};

/** 1 when the item is switched on, started and not deleted (the cart's `available`). */
function availability(item: Sellable): 0 | 1 {
  const started = !item.start_at || new Date(item.start_at).getTime() <= Date.now();
  return item.status === 1 && started && item.deleted_at === null ? 1 : 0;
}

function productFields(row: typeof magazines.$inferSelect | typeof merchandise.$inferSelect) {
  return {
    id: row.id,
    path: row.path,
    title: row.title,
    info_title: row.info_title,
    description: row.description,
    price: row.price,
    original_price: row.original_price,
    overseas_price: row.overseas_price,
    stock: row.stock,
    max_quantity: row.max_quantity,
    available: availability(row),
    publication_date: row.publication_date,
    start_at: row.start_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const toMagazineSummary = (row: typeof magazines.$inferSelect): MagazineSummary => ({
  ...productFields(row),
  type: "magazine",
  issue: row.issue,
  cover: row.cover ?? null,
});

const toMerchSummary = (row: typeof merchandise.$inferSelect): MerchSummary => ({
  ...productFields(row),
  type: "merch",
  image: row.images[0] ?? null,
  options: row.options,
});

type ProductQuery = Pick<ListQuery, "page" | "limit"> & { ids?: number[] };

/**
 * With `ids` (the cart asking about its lines) every listed item that has been released is
 * returned, sold out or withdrawn, so that the cart can mark it unavailable; an item before its
 * start time is left out, so that an upcoming issue cannot be read by walking the ids. Without
 * `ids`, only what is on sale.
 */
function productWhere(table: typeof magazines | typeof merchandise, ids?: number[]): SQL {
  return ids ? and(inArray(table.id, ids), released(table))! : onSale(table);
}

export async function listMagazines(db: Database, query: ProductQuery): Promise<Paginated<MagazineSummary>> {
  const where = productWhere(magazines, query.ids);
  const { limit, offset } = pageWindow(query.page, query.limit);
  const [rows, [total]] = await Promise.all([
    db.select().from(magazines).where(where).orderBy(desc(magazines.issue)).limit(limit).offset(offset),
    db.select({ value: count() }).from(magazines).where(where),
  ]);
  return {
    data: rows.map(toMagazineSummary),
    meta: paginationMeta(total?.value ?? 0, query.page, query.limit),
  };
}

export async function getMagazine(db: Database, key: string): Promise<Magazine> {
  const [row] = await db
    .select()
    .from(magazines)
    .where(and(onSale(magazines), byIdOrPath(magazines, key)))
    .limit(1);
  if (!row) throw notFound("找不到這一期雜誌");
  return { ...toMagazineSummary(row), content: safeHtml(row.content), toc: row.toc, images: row.images };
}

export async function latestMagazines(db: Database, limit: number): Promise<MagazineSummary[]> {
  const rows = await db
    .select()
    .from(magazines)
    .where(onSale(magazines))
    .orderBy(desc(magazines.issue))
    .limit(limit);
  return rows.map(toMagazineSummary);
}

export async function listMerch(db: Database, query: ProductQuery): Promise<Paginated<MerchSummary>> {
  const where = productWhere(merchandise, query.ids);
  const { limit, offset } = pageWindow(query.page, query.limit);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(merchandise)
      .where(where)
      .orderBy(asc(merchandise.sort), desc(merchandise.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(merchandise).where(where),
  ]);
  return { data: rows.map(toMerchSummary), meta: paginationMeta(total?.value ?? 0, query.page, query.limit) };
}

export async function getMerch(db: Database, key: string): Promise<Merch> {
  const [row] = await db
    .select()
    .from(merchandise)
    .where(and(onSale(merchandise), byIdOrPath(merchandise, key)))
    .limit(1);
  if (!row) throw notFound("找不到這項商品");
  return { ...toMerchSummary(row), content: safeHtml(row.content), images: row.images };
}
