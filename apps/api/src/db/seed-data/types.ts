/** Shapes of the demo content; seed.ts turns them into rows and image jobs. */

export type Section = "news" | "columns" | "features";

export type CategorySeed = { path: string; name: string; description: string };

export type AuthorSeed = {
  path: string;
  name: string;
  /** Romanized name, printed on the portrait. */
  latin: string;
  title: string;
  description: string;
  content: string;
};

export type ArticleSeed = {
  path: string;
  title: string;
  info_title?: string;
  description: string;
  /** Body HTML; figures inside it reference images under /media that the seed also generates. */
  content: string;
  /** Category path within the article's section. */
  category?: string;
  /** Author path. */
  author?: string;
  /** Publication date, YYYY-MM-DD (Taiwan time). */
  date: string;
  imageAlt: string;
  /** 0 keeps the article unpublished. */
  status?: 0 | 1;
  /** Publishes the article this many days after the seed runs. */
  startInDays?: number;
};

export type MagazineSeed = {
  issue: number;
  path: string;
  title: string;
  info_title: string;
  description: string;
  content: string;
  toc: { title: string; author?: string; page?: number }[];
  /** Short lines printed on the cover. */
  coverLines: string[];
  date: string;
  price: number;
  original_price?: number;
  overseas_price: number;
  stock: number;
};

export type MerchSeed = {
  path: string;
  title: string;
  info_title: string;
  description: string;
  content: string;
  motif: "tote" | "notebook" | "mug" | "card";
  imageAlts: [string, string];
  price: number;
  original_price?: number;
  overseas_price?: number;
  stock: number;
  date: string;
  /** What the buyer chooses (顏色): a cart line names one value of each. */
  options?: { name: string; values: string[] }[];
};

export type PageSeed = {
  path: string;
  title: string;
  info_title?: string;
  description: string;
  content: string;
  sort: number;
  /** Lead image alt text; no image when absent. */
  imageAlt?: string;
  link?: string;
};
