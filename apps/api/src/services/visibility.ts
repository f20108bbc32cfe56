import { and, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { maxId } from "@shiyi/contracts";

/** The record's start time, if any, has come: before it, nothing of the record is public. */
export function released(table: { start_at: PgColumn }): SQL {
  return or(isNull(table.start_at), lte(table.start_at, sql`now()`))!;
}

/** The public sees a record when it is switched on and its start time, if any, has come. */
export function published(table: { status: PgColumn; start_at: PgColumn }): SQL {
  return and(eq(table.status, 1), released(table))!;
}

/** Shop items are also hidden once soft-deleted. */
export function onSale(table: { status: PgColumn; start_at: PgColumn; deleted_at: PgColumn }): SQL {
  return and(published(table), isNull(table.deleted_at))!;
}

/** A detail is addressed by its numeric id or by its path slug. */
export function byIdOrPath(table: { id: PgColumn; path: PgColumn }, key: string): SQL {
  if (!/^\d+$/.test(key)) return eq(table.path, key);
  // A number past the integer column cannot be an id; it names nothing rather than failing.
  return Number(key) <= maxId ? eq(table.id, Number(key)) : sql`false`;
}
