import type { Ebook, EbookPlatform, ListQuery, Paginated } from "@shiyi/contracts";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { ebookPlatforms, ebooks } from "../db/schema.ts";
import { pageWindow, paginationMeta } from "../lib/paginate.ts";
import { published } from "./visibility.ts";

export async function listPlatforms(db: Database): Promise<EbookPlatform[]> {
  return db
    .select({
      id: ebookPlatforms.id,
      name: ebookPlatforms.name,
      url: ebookPlatforms.url,
      description: ebookPlatforms.description,
    })
    .from(ebookPlatforms)
    .where(eq(ebookPlatforms.status, 1))
    .orderBy(asc(ebookPlatforms.sort), asc(ebookPlatforms.id));
}

export async function listEbooks(
  db: Database,
  query: Pick<ListQuery, "page" | "limit">,
): Promise<Paginated<Ebook>> {
  const where = published(ebooks);
  const { limit, offset } = pageWindow(query.page, query.limit);
  const [rows, [total], platforms] = await Promise.all([
    db
      .select()
      .from(ebooks)
      .where(where)
      .orderBy(sql`${ebooks.publication_date} desc nulls last`, desc(ebooks.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(ebooks).where(where),
    listPlatforms(db),
  ]);
  const platformById = new Map(platforms.map((platform) => [platform.id, platform]));
  return {
    data: rows.map((row) => ({
      id: row.id,
      path: row.path,
      title: row.title,
      info_title: row.info_title,
      description: row.description,
      cover: row.cover ?? null,
      publication_date: row.publication_date,
      links: row.links.flatMap((link) => {
        const platform = platformById.get(link.platform_id);
        return platform ? [{ platform, url: link.url }] : [];
      }),
    })),
    meta: paginationMeta(total?.value ?? 0, query.page, query.limit),
  };
}
