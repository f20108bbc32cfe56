import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { folderStore, type MediaStore } from "@shiyi/media-store";
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.ts";
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
  type StoredImage,
} from "./schema.ts";
import { seed } from "./seed.ts";

const now = new Date("2026-11-22T00:00:00+08:00");

let handle: DatabaseHandle;
let mediaDir: string;
let media: MediaStore;
/** The pictures written into the store so far. */
let written: string[] = [];

beforeAll(async () => {
  handle = openDatabase({ dataDir: null });
  await handle.migrate();
  mediaDir = await mkdtemp(path.join(tmpdir(), "shiyi-seed-"));
  const folder = folderStore(mediaDir);
  media = {
    ...folder,
    write: (key, body, type) => {
      written.push(key);
      return folder.write(key, body, type);
    },
  };
  await seed(handle.db, { media, now });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const visible = and(
  eq(articles.status, 1),
  or(isNull(articles.start_at), lte(articles.start_at, sql`${now.toISOString()}::timestamptz`)),
);

async function articleRows(kind: string) {
  return handle.db.select().from(articles).where(eq(articles.kind, kind));
}

describe("seed", () => {
  it("inserts the demo content", async () => {
    const db = handle.db;
    const news = await db
      .select()
      .from(articles)
      .where(and(eq(articles.kind, "news"), visible));
    expect(news.length).toBeGreaterThanOrEqual(20);
    expect(new Set(news.map((row) => row.category_id)).size).toBeGreaterThanOrEqual(3);
    expect(news.every((row) => row.category_id !== null && row.image !== null)).toBe(true);

    expect(await articleRows("columns")).toHaveLength(13);
    expect(await articleRows("features")).toHaveLength(6);
    expect(await articleRows("hero")).toHaveLength(3);
    expect(await db.select().from(magazines)).toHaveLength(8);
    expect(await db.select().from(merchandise)).toHaveLength(4);
    expect(await db.select().from(authors)).toHaveLength(6);
    expect(await db.select().from(ebooks)).toHaveLength(8);
    expect((await db.select().from(ebookPlatforms)).length).toBeGreaterThanOrEqual(3);

    const policies = await articleRows("policy");
    expect(policies.map((row) => row.path).sort()).toEqual([
      "privacy",
      "returns",
      "shopping-notice",
      "terms",
    ]);
    expect((await articleRows("about")).map((row) => row.path)).toContain("about");

    const columnCategories = await db.select().from(categories).where(eq(categories.section, "columns"));
    expect(columnCategories.length).toBeGreaterThanOrEqual(3);
  });

  it("keeps the draft and the scheduled items out of the published set", async () => {
    const db = handle.db;
    const [draft] = await db.select().from(articles).where(eq(articles.path, "draft-winter-menu-preview"));
    expect(draft?.status).toBe(0);
    const [scheduled] = await db.select().from(articles).where(eq(articles.path, "scheduled-winter-citrus"));
    expect(new Date(scheduled!.start_at!).getTime()).toBeGreaterThan(now.getTime());
    const hidden = await db
      .select({ path: articles.path })
      .from(articles)
      .where(and(or(eq(articles.kind, "news"), eq(articles.kind, "columns")), visible));
    expect(hidden.map((row) => row.path)).not.toContain("draft-winter-menu-preview");
    expect(hidden.map((row) => row.path)).not.toContain("scheduled-winter-citrus");
    const published = await db
      .select({ path: articles.path })
      .from(articles)
      .where(and(eq(articles.kind, "columns"), visible));
    expect(published).toHaveLength(12);
  });

  it("stores shop data, tables of contents and e-book links", async () => {
    const db = handle.db;
    const issues = await db.select().from(magazines);
    expect(issues.filter((issue) => issue.stock === 0)).toHaveLength(1);
    for (const issue of issues) {
      expect(issue.toc.length).toBeGreaterThanOrEqual(8);
      expect(issue.toc.length).toBeLessThanOrEqual(12);
      expect(issue.max_quantity).toBe(10);
      expect(issue.price).toBeGreaterThan(0);
    }
    const platformIds = new Set((await db.select().from(ebookPlatforms)).map((row) => row.id));
    for (const ebook of await db.select().from(ebooks)) {
      expect(ebook.magazine_id).not.toBeNull();
      expect(ebook.links.length).toBeGreaterThanOrEqual(2);
      for (const link of ebook.links) expect(platformIds.has(link.platform_id)).toBe(true);
    }
    const settings = Object.fromEntries(
      (await db.select().from(siteSettings)).map((row) => [row.key, row.value]),
    );
    expect(settings.name).toBe("食藝誌");
    expect(settings.hours).toBe("09:00~17:30");
    const paths = (await db.select().from(seoEntries)).map((row) => row.path);
    for (const route of ["/", "/news", "/columns", "/features", "/magazines", "/about", "/ebooks"]) {
      expect(paths).toContain(route);
    }
  });

  it("uses lowercase slugs everywhere", async () => {
    const db = handle.db;
    const slugs = [
      ...(await db.select({ path: articles.path }).from(articles)),
      ...(await db.select({ path: magazines.path }).from(magazines)),
      ...(await db.select({ path: merchandise.path }).from(merchandise)),
      ...(await db.select({ path: ebooks.path }).from(ebooks)),
      ...(await db.select({ path: authors.path }).from(authors)),
      ...(await db.select({ path: categories.path }).from(categories)),
    ].map((row) => row.path);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("generates every stored image at its stored size", async () => {
    const db = handle.db;
    const images: StoredImage[] = [];
    const add = (image: StoredImage | null | undefined) => image && images.push(image);
    for (const row of await db.select().from(articles)) {
      add(row.image);
      row.images.forEach(add);
      for (const [, src] of (row.content ?? "").matchAll(/<img src="([^"]+)"/g)) {
        expect(row.images.map((image) => image.url)).toContain(src);
      }
    }
    for (const row of await db.select().from(authors)) add(row.avatar);
    for (const row of await db.select().from(magazines)) add(row.cover);
    for (const row of await db.select().from(merchandise)) row.images.forEach(add);
    for (const row of await db.select().from(ebooks)) add(row.cover);
    for (const row of await db.select().from(seoEntries)) add(row.image);
    expect(images.length).toBeGreaterThan(60);

    for (const image of new Map(images.map((item) => [item.url, item])).values()) {
      expect(image.url).toMatch(/^\/media\/[a-z0-9-]+\/[a-z0-9-]+\.jpg$/);
      const metadata = await sharp(path.join(mediaDir, image.url.replace(/^\/media\//, ""))).metadata();
      expect(metadata.format).toBe("jpeg");
      expect([metadata.width, metadata.height], image.url).toEqual([image.width, image.height]);
    }
  });

  it("can run again: replaces the rows and keeps the existing images", async () => {
    expect(written.length).toBeGreaterThan(60);
    written = [];
    await seed(handle.db, { media, now });
    expect(await articleRows("columns")).toHaveLength(13);
    expect(await handle.db.select().from(magazines)).toHaveLength(8);
    const [count] = await handle.db
      .select({ value: sql<number>`count(*)::int` })
      .from(articles)
      .where(gt(articles.id, 0));
    expect(count?.value).toBeGreaterThan(40);
    expect(written).toEqual([]);
  });
});
