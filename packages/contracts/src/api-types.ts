import { z } from "./zod.ts";

/** The public API's JSON answers: one schema serves the OpenAPI document, the API's types and its clients'. */

export const imageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string().optional(),
});
export type Image = z.infer<typeof imageSchema>;

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: paginationMetaSchema });
export const itemOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
export type Paginated<T> = { data: T[]; meta: PaginationMeta };
export type Item<T> = { data: T };

export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
/** A 422 of a parameter or a field out of shape: `errors` names each by its path. */
export const validationErrorSchema = apiErrorSchema.extend({
  errors: z.record(z.string(), z.array(z.string())),
});

export const pageKeys = [
  "features",
  "news",
  "magazines",
  "ebooks",
  "columns",
  "about",
  "donate",
  "contact",
  "policy",
] as const;
export type PageKey = (typeof pageKeys)[number];

export const pageTextSchema = z.object({
  title: z.string(),
  info_title: z.string(),
  description: z.string(),
});
export type PageText = z.infer<typeof pageTextSchema>;

export const settingsSchema = z.object({
  name: z.string(),
  company: z.string(),
  title: z.string(),
  description: z.string(),
  pages: z.record(z.enum(pageKeys), pageTextSchema),
  postage: z.number().int(),
  postage_2: z.number().int(),
  postage_3: z.number().int(),
  tel: z.string(),
  fax: z.string(),
  email: z.string(),
  address: z.string(),
  opening_days: z.string(),
  days_off: z.string(),
  hours: z.string(),
  map: z.string(),
  facebook: z.string(),
  messenger: z.string(),
  instagram: z.string(),
  line: z.string(),
  lineSocial: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** What GET /settings answers: the settings, and the shop's figures its pages state. */
export const publicSettingsSchema = settingsSchema.extend({
  /** Minutes an unpaid order holds its stock (the API's ORDER_RESERVATION_MINUTES). */
  order_reservation_minutes: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const seoEntrySchema = z.object({
  id: z.number().int(),
  path: z.string(),
  title: z.string().nullable(),
  info_title: z.string().nullable(),
  description: z.string().nullable(),
  image: z
    .object({
      url: z.string(),
      srcset: z.array(z.object({ url: z.string(), width: z.number().int() })),
    })
    .nullable(),
});
export type SeoEntry = z.infer<typeof seoEntrySchema>;

/** The site's sections; each may have categories (`GET /cate/{key}`), most have none. */
export const categorySections = [
  "news",
  "columns",
  "features",
  "magazines",
  "merch",
  "ebooks",
  "authors",
] as const;
export type CategorySection = (typeof categorySections)[number];
export const isCategorySection = (key: string): key is CategorySection =>
  (categorySections as readonly string[]).includes(key);

export const categorySchema = z.object({
  id: z.number().int(),
  section: z.string(),
  path: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

export const authorSummarySchema = z.object({
  id: z.number().int(),
  path: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  avatar: imageSchema.nullable(),
  updated_at: z.string(),
});
export type AuthorSummary = z.infer<typeof authorSummarySchema>;
export const authorSchema = authorSummarySchema.extend({
  content: z.string().nullable(),
  article_count: z.number().int(),
});
export type Author = z.infer<typeof authorSchema>;

export const articleKinds = ["news", "columns", "features", "policy", "about", "home", "hero"] as const;
export type ArticleKind = (typeof articleKinds)[number];

const dates = {
  publication_date: z.string().nullable(),
  start_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const articleSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(articleKinds),
  path: z.string(),
  title: z.string(),
  info_title: z.string().nullable(),
  description: z.string().nullable(),
  image: imageSchema.nullable(),
  link: z.string().nullable(),
  ...dates,
  author: authorSummarySchema.nullable(),
  category: categorySchema.nullable(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

const articleLinkSchema = z.object({ id: z.number().int(), path: z.string(), title: z.string() });
export const articleSchema = articleSummarySchema.extend({
  content: z.string().nullable(),
  images: z.array(imageSchema),
  previous: articleLinkSchema.nullable(),
  next: articleLinkSchema.nullable(),
  related: z.array(articleSummarySchema),
});
export type Article = z.infer<typeof articleSchema>;

export { productTypes, type ProductType } from "./constants.ts";

const productBase = {
  id: z.number().int(),
  path: z.string(),
  title: z.string(),
  info_title: z.string().nullable(),
  description: z.string().nullable(),
  price: z.number().int(),
  original_price: z.number().int().nullable(),
  overseas_price: z.number().int().nullable(),
  stock: z.number().int(),
  max_quantity: z.number().int(),
  available: z.union([z.literal(0), z.literal(1)]),
  ...dates,
};

export const tocEntrySchema = z.object({
  title: z.string(),
  author: z.string().optional(),
  page: z.number().int().optional(),
});

export const magazineSummarySchema = z.object({
  ...productBase,
  type: z.literal("magazine"),
  issue: z.number().int(),
  cover: imageSchema.nullable(),
});
export type MagazineSummary = z.infer<typeof magazineSummarySchema>;
export const magazineSchema = magazineSummarySchema.extend({
  content: z.string().nullable(),
  toc: z.array(tocEntrySchema),
  images: z.array(imageSchema),
});
export type Magazine = z.infer<typeof magazineSchema>;

/** A choice a piece of merchandise offers (顏色, 尺寸): a cart line's sku names one value of each. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });

export const merchSummarySchema = z.object({
  ...productBase,
  type: z.literal("merch"),
  image: imageSchema.nullable(),
  options: z.array(productOptionSchema),
});
export type MerchSummary = z.infer<typeof merchSummarySchema>;
export const merchSchema = merchSummarySchema.extend({
  content: z.string().nullable(),
  images: z.array(imageSchema),
});
export type Merch = z.infer<typeof merchSchema>;

export const ebookPlatformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  description: z.string().nullable(),
});
export type EbookPlatform = z.infer<typeof ebookPlatformSchema>;
export const ebookSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  title: z.string(),
  info_title: z.string().nullable(),
  description: z.string().nullable(),
  cover: imageSchema.nullable(),
  publication_date: z.string().nullable(),
  links: z.array(z.object({ platform: ebookPlatformSchema, url: z.string() })),
});
export type Ebook = z.infer<typeof ebookSchema>;

export const homeSchema = z.object({
  hero: z.array(articleSummarySchema),
  features: z.array(articleSummarySchema),
  news: z.array(articleSummarySchema),
  columns: z.array(articleSummarySchema),
  magazines: z.array(magazineSummarySchema),
  authors: z.array(authorSummarySchema),
});
export type Home = z.infer<typeof homeSchema>;
export const homeKeys = ["hero", "features", "news", "columns", "magazines", "authors"] as const;
