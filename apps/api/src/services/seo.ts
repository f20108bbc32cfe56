import type { ListQuery, Paginated, SeoEntry } from "@shiyi/contracts";
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { seoEntries } from "../db/schema.ts";
import { pageWindow, paginationMeta } from "../lib/paginate.ts";

/** Widths offered in an SEO image's srcset; each is a resize through the image proxy. */
const srcsetWidths = [640, 960, 1200];

export async function listSeo(
  db: Database,
  query: Pick<ListQuery, "page" | "limit">,
): Promise<Paginated<SeoEntry>> {
  const visible = eq(seoEntries.status, 1);
  const { limit, offset } = pageWindow(query.page, query.limit);
  const [rows, [total]] = await Promise.all([
    db.select().from(seoEntries).where(visible).orderBy(asc(seoEntries.path)).limit(limit).offset(offset),
    db.select({ value: count() }).from(seoEntries).where(visible),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      path: row.path,
      title: row.title,
      info_title: row.info_title,
      description: row.description,
      image: row.image
        ? {
            url: row.image.url,
            srcset: srcsetWidths
              .filter((width) => width <= row.image!.width)
              .map((width) => ({ url: `/_ipx/w_${width},f_jpeg${row.image!.url}`, width })),
          }
        : null,
    })),
    meta: paginationMeta(total?.value ?? 0, query.page, query.limit),
  };
}
