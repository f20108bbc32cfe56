import type { MediaStore } from "@shiyi/media-store";
import type { Database } from "./client.ts";
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
} from "./schema.ts";
import { syncSearchIndex } from "../search/indexer.ts";
import type { StoredImage } from "./schema.ts";
import { about } from "./seed-data/about.ts";
import { authors as authorSeeds } from "./seed-data/authors.ts";
import { categories as categorySeeds } from "./seed-data/categories.ts";
import { columns } from "./seed-data/columns.ts";
import { ebookPlatformsByIssue, platforms } from "./seed-data/ebooks.ts";
import { features } from "./seed-data/features.ts";
import { heroes, homeBlocks } from "./seed-data/home.ts";
import { magazines as magazineSeeds } from "./seed-data/magazines.ts";
import { merch } from "./seed-data/merch.ts";
import { news } from "./seed-data/news.ts";
import { policies } from "./seed-data/policies.ts";
import { seo } from "./seed-data/seo.ts";
import { settings } from "./seed-data/settings.ts";
import type { ArticleSeed, PageSeed, Section } from "./seed-data/types.ts";
import { generateImages, imageSize, imageUrl, type ImageJob } from "./seed-images.ts";

type ArticleRow = typeof articles.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;

/** A Taiwan-time calendar date as an ISO timestamp. */
const taipei = (date: string, time = "10:00"): string => new Date(`${date}T${time}:00+08:00`).toISOString();

/**
 * Replaces all content (settings, SEO, categories, authors, articles, magazines, merchandise and
 * e-books) with the demo content, and renders its images into the media store (pictures already there are kept).
 */
/** The tables the demo content replaces whole, children first so foreign keys never block a delete. */
export const seededTables = [
  articles,
  ebooks,
  merchandise,
  magazines,
  ebookPlatforms,
  authors,
  categories,
  seoEntries,
  siteSettings,
] as const;

export async function seed(db: Database, options: { media: MediaStore; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const jobs: ImageJob[] = [];

  const image = (job: ImageJob, alt: string): StoredImage => {
    jobs.push(job);
    return { url: imageUrl(job), ...imageSize(job), alt };
  };

  /** Every `/media/<section>/<slug>.jpg` figure in a body becomes an article-sized image job. */
  const bodyImages = (content: string): StoredImage[] =>
    [...content.matchAll(/<img src="\/media\/([a-z0-9-]+)\/([a-z0-9-]+)\.jpg" alt="([^"]*)"/g)].map(
      ([, section, slug, alt]) =>
        image({ kind: "article", section: section!, slug: slug!, subject: alt! }, alt!),
    );

  // Rows are drafted before the transaction (which queues every image job); foreign keys are
  // resolved from paths to ids once the referenced rows exist.
  type ArticleDraft = {
    row: Omit<ArticleRow, "author_id" | "category_id">;
    author?: string;
    category?: string;
  };

  const editorial = (kind: Section, item: ArticleSeed): ArticleDraft => {
    const startAt = item.startInDays === undefined ? null : new Date(now.getTime() + item.startInDays * DAY);
    const date = startAt ? startAt.toISOString() : taipei(item.date);
    return {
      author: item.author,
      category: item.category ? `${kind}/${item.category}` : undefined,
      row: {
        kind,
        path: item.path,
        title: item.title,
        info_title: item.info_title ?? null,
        description: item.description,
        content: item.content,
        image: image(
          { kind: "article", section: kind, slug: item.path, subject: item.imageAlt },
          item.imageAlt,
        ),
        images: bodyImages(item.content),
        status: item.status ?? 1,
        publication_date: date,
        start_at: startAt ? startAt.toISOString() : null,
        created_at: startAt ? now.toISOString() : date,
        updated_at: startAt ? now.toISOString() : date,
      },
    };
  };

  const page = (kind: "policy" | "about" | "home" | "hero", item: PageSeed): ArticleDraft => ({
    row: {
      kind,
      path: item.path,
      title: item.title,
      info_title: item.info_title ?? null,
      description: item.description,
      content: item.content,
      image: item.imageAlt
        ? image({ kind: "article", section: kind, slug: item.path, subject: item.imageAlt }, item.imageAlt)
        : null,
      images: bodyImages(item.content),
      link: item.link ?? null,
      sort: item.sort,
      publication_date: taipei("2026-01-01"),
    },
  });

  const articleDrafts = [
    ...news.map((item) => editorial("news", item)),
    ...columns.map((item) => editorial("columns", item)),
    ...features.map((item) => editorial("features", item)),
    ...policies.map((item) => page("policy", item)),
    ...about.map((item) => page("about", item)),
    ...heroes.map((item) => page("hero", item)),
    ...homeBlocks.map((item) => page("home", item)),
  ];

  const authorValues = authorSeeds.map((author, index) => ({
    path: author.path,
    name: author.name,
    title: author.title,
    description: author.description,
    content: author.content,
    avatar: image(
      {
        kind: "portrait",
        section: "authors",
        slug: author.path,
        name: author.name,
        mark: author.name.slice(0, 1),
        latin: author.latin,
      },
      `${author.name}的肖像插畫`,
    ),
    sort: index + 1,
  }));

  const categoryValues = (
    Object.entries(categorySeeds) as [Section, (typeof categorySeeds)[Section]][]
  ).flatMap(([section, list]) => list.map((category, index) => ({ section, ...category, sort: index + 1 })));

  const dateLabel = (date: string) => date.slice(0, 7).replace("-", ".");

  const magazineValues = magazineSeeds.map((issue) => ({
    path: issue.path,
    issue: issue.issue,
    title: issue.title,
    info_title: issue.info_title,
    description: issue.description,
    content: issue.content,
    toc: issue.toc,
    cover: image(
      {
        kind: "cover",
        section: "magazines",
        slug: issue.path,
        issue: issue.issue,
        title: issue.title,
        dateLabel: dateLabel(issue.date),
        lines: issue.coverLines,
      },
      `《食藝》第${issue.issue}期封面：${issue.title}`,
    ),
    images: bodyImages(issue.content),
    price: issue.price,
    original_price: issue.original_price ?? null,
    overseas_price: issue.overseas_price,
    stock: issue.stock,
    max_quantity: 10,
    sort: issue.issue,
    publication_date: taipei(issue.date),
    created_at: taipei(issue.date),
    updated_at: taipei(issue.date),
  }));

  const merchValues = merch.map((item, index) => ({
    path: item.path,
    title: item.title,
    info_title: item.info_title,
    description: item.description,
    content: item.content,
    images: item.imageAlts.map((alt, variant) =>
      image(
        {
          kind: "merch",
          section: "merch",
          slug: variant === 0 ? item.path : `${item.path}-${variant + 1}`,
          motif: item.motif,
          variant,
        },
        alt,
      ),
    ),
    price: item.price,
    original_price: item.original_price ?? null,
    overseas_price: item.overseas_price ?? null,
    stock: item.stock,
    options: item.options ?? [],
    max_quantity: 10,
    sort: index + 1,
    publication_date: taipei(item.date),
    created_at: taipei(item.date),
    updated_at: taipei(item.date),
  }));

  const ebookDrafts = magazineSeeds.map((issue) => {
    const title = `《食藝》第${issue.issue}期：${issue.title}`;
    const path = issue.path.replace(/^issue-/, "ebook-");
    return {
      issue: issue.issue,
      platforms: ebookPlatformsByIssue[issue.issue] ?? [],
      row: {
        path,
        title,
        info_title: `Shiyi No.${issue.issue} · ${issue.info_title}`,
        description: `${issue.description}本期電子版與紙本同步發行。`,
        cover: image(
          {
            kind: "ebook",
            section: "ebooks",
            slug: path,
            issue: issue.issue,
            title: issue.title,
            dateLabel: dateLabel(issue.date),
            lines: issue.coverLines,
            seed: `cover:${issue.issue}`,
          },
          `${title}（電子版）封面`,
        ),
        sort: issue.issue,
        publication_date: taipei(issue.date),
        created_at: taipei(issue.date),
        updated_at: taipei(issue.date),
      },
    };
  });

  const required = <T>(map: Map<string, T> | Map<number, T>, key: string | number, what: string): T => {
    const value = (map as Map<string | number, T>).get(key);
    if (value === undefined) throw new Error(`seed: unknown ${what} ${key}`);
    return value;
  };

  const database = db.transaction(async (tx) => {
    for (const table of seededTables) await tx.delete(table);

    await tx
      .insert(siteSettings)
      .values(
        Object.entries(settings).map(([key, value]) => ({ key, value, updated_at: now.toISOString() })),
      );
    // No picture of their own: a page without one shares the site's default, og/og.jpg (SPEC §2).
    await tx.insert(seoEntries).values(seo.map((entry) => ({ ...entry, image: null })));

    const categoryRows = await tx
      .insert(categories)
      .values(categoryValues)
      .returning({ id: categories.id, section: categories.section, path: categories.path });
    const categoryId = new Map(categoryRows.map((row) => [`${row.section}/${row.path}`, row.id]));

    const authorRows = await tx
      .insert(authors)
      .values(authorValues)
      .returning({ id: authors.id, path: authors.path });
    const authorId = new Map(authorRows.map((row) => [row.path, row.id]));

    await tx.insert(articles).values(
      articleDrafts.map(({ row, author, category }) => ({
        ...row,
        author_id: author ? required(authorId, author, "author") : null,
        category_id: category ? required(categoryId, category, "category") : null,
      })),
    );

    const magazineRows = await tx
      .insert(magazines)
      .values(magazineValues)
      .returning({ id: magazines.id, issue: magazines.issue });
    const magazineId = new Map(magazineRows.map((row) => [row.issue, row.id]));

    await tx.insert(merchandise).values(merchValues);

    const platformRows = await tx
      .insert(ebookPlatforms)
      .values(
        platforms.map((platform, index) => ({
          name: platform.name,
          url: platform.url,
          description: platform.description,
          sort: index + 1,
        })),
      )
      .returning({ id: ebookPlatforms.id, name: ebookPlatforms.name });
    const platformId = new Map(platformRows.map((row) => [row.name, row.id]));

    await tx.insert(ebooks).values(
      ebookDrafts.map(({ issue, platforms: keys, row }) => ({
        ...row,
        magazine_id: required(magazineId, issue, "magazine issue"),
        links: keys.map((key) => {
          const platform = platforms.find((candidate) => candidate.key === key);
          if (!platform) throw new Error(`seed: unknown e-book platform ${key}`);
          return {
            platform_id: required(platformId, platform.name, "e-book platform"),
            url: platform.search(`食藝 第${issue}期`),
          };
        }),
      })),
    );
  });

  // The images and the rows do not depend on each other: render while the transaction runs.
  const [rows, files] = await Promise.allSettled([database, generateImages(options.media, jobs)]);
  if (rows.status === "rejected") throw rows.reason;
  if (files.status === "rejected") throw files.reason;
  await syncSearchIndex(db);
}
