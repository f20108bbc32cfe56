import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** timestamptz read as an ISO 8601 string, whatever text form the driver hands over. */
const timestamptz = customType<{ data: string; driverData: string | Date }>({
  dataType: () => "timestamp with time zone",
  fromDriver: (value) => new Date(value).toISOString(),
  toDriver: (value) => value,
});

/** An image as stored: a path under the media storage (or an allowed remote alias) plus its intrinsic size. */
export type StoredImage = { url: string; width: number; height: number; alt?: string };

export type TocEntry = { title: string; author?: string; page?: number };

export type EbookLink = { platform_id: number; url: string };

const timestamps = {
  created_at: timestamptz("created_at")
    .notNull()
    .default(sql`now()`),
  updated_at: timestamptz("updated_at")
    .notNull()
    .default(sql`now()`),
};

/** Columns every publishable record shares: a path slug, the status switch and the publishing window. */
const publishable = {
  path: text("path").notNull(),
  title: text("title").notNull(),
  info_title: text("info_title"),
  description: text("description"),
  status: smallint("status").notNull().default(1),
  sort: integer("sort").notNull().default(0),
  publication_date: timestamptz("publication_date"),
  start_at: timestamptz("start_at"),
  ...timestamps,
};

/** Key/value overrides merged over the defaults in the settings service. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updated_at: timestamps.updated_at,
});

export const seoEntries = pgTable("seo_entries", {
  id: serial("id").primaryKey(),
  path: text("path").notNull().unique(),
  title: text("title"),
  info_title: text("info_title"),
  description: text("description"),
  image: jsonb("image").$type<StoredImage | null>(),
  status: smallint("status").notNull().default(1),
  ...timestamps,
});

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    section: text("section").notNull(),
    path: text("path").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    sort: integer("sort").notNull().default(0),
    status: smallint("status").notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_section_path").on(t.section, t.path)],
);

export const authors = pgTable("authors", {
  id: serial("id").primaryKey(),
  path: text("path").notNull().unique(),
  name: text("name").notNull(),
  title: text("title"),
  description: text("description"),
  content: text("content"),
  avatar: jsonb("avatar").$type<StoredImage | null>(),
  status: smallint("status").notNull().default(1),
  sort: integer("sort").notNull().default(0),
  ...timestamps,
});

/** Editorial content of every kind: news, columns, features, policy, about, home and hero blocks. */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    ...publishable,
    content: text("content"),
    image: jsonb("image").$type<StoredImage | null>(),
    images: jsonb("images")
      .$type<StoredImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    link: text("link"),
    author_id: integer("author_id").references(() => authors.id, { onDelete: "set null" }),
    category_id: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("articles_kind_path").on(t.kind, t.path),
    index("articles_kind_published").on(t.kind, t.status, t.publication_date),
    index("articles_author").on(t.author_id),
    index("articles_category").on(t.category_id),
  ],
);

/** Shop columns shared by magazine issues and merchandise. */
const sellable = {
  price: integer("price").notNull(),
  original_price: integer("original_price"),
  overseas_price: integer("overseas_price"),
  stock: integer("stock").notNull().default(0),
  max_quantity: integer("max_quantity").notNull().default(10),
  deleted_at: timestamptz("deleted_at"),
};

export const magazines = pgTable("magazines", {
  id: serial("id").primaryKey(),
  ...publishable,
  path: text("path").notNull().unique(),
  issue: integer("issue").notNull().unique(),
  content: text("content"),
  toc: jsonb("toc")
    .$type<TocEntry[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  cover: jsonb("cover").$type<StoredImage | null>(),
  images: jsonb("images")
    .$type<StoredImage[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  ...sellable,
});

export const merchandise = pgTable("merchandise", {
  id: serial("id").primaryKey(),
  ...publishable,
  path: text("path").notNull().unique(),
  content: text("content"),
  images: jsonb("images")
    .$type<StoredImage[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  ...sellable,
});

export const ebookPlatforms = pgTable("ebook_platforms", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  description: text("description"),
  sort: integer("sort").notNull().default(0),
  status: smallint("status").notNull().default(1),
});

export const ebooks = pgTable("ebooks", {
  id: serial("id").primaryKey(),
  ...publishable,
  path: text("path").notNull().unique(),
  magazine_id: integer("magazine_id").references(() => magazines.id, { onDelete: "set null" }),
  cover: jsonb("cover").$type<StoredImage | null>(),
  links: jsonb("links")
    .$type<EbookLink[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/**
 * Messages sent through the contact form. Not content: the demo seed leaves them alone. The sender's
 * address is not kept; it only counts towards the rate limit while the request runs.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    topic: text("topic").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile"),
    message: text("message").notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [index("contact_messages_created").on(t.created_at)],
);
