import type { Home } from "@shiyi/contracts";
import type { Database } from "../db/client.ts";
import { latestArticles } from "./articles.ts";
import { featuredAuthors } from "./authors.ts";
import { latestMagazines } from "./products.ts";

/** How many items each home section shows. */
const sectionSizes = { hero: 5, features: 4, news: 6, columns: 6, magazines: 4, authors: 6 } as const;
export type HomeKey = keyof typeof sectionSizes;

export async function getHomeSection<K extends HomeKey>(db: Database, key: K): Promise<Home[K]> {
  const limit = sectionSizes[key];
  switch (key) {
    case "magazines":
      return (await latestMagazines(db, limit)) as Home[K];
    case "authors":
      return (await featuredAuthors(db, limit)) as Home[K];
    default:
      return (await latestArticles(db, key as "hero" | "features" | "news" | "columns", limit)) as Home[K];
  }
}

export async function getHome(db: Database): Promise<Home> {
  const [hero, features, news, columns, magazines, authors] = await Promise.all([
    getHomeSection(db, "hero"),
    getHomeSection(db, "features"),
    getHomeSection(db, "news"),
    getHomeSection(db, "columns"),
    getHomeSection(db, "magazines"),
    getHomeSection(db, "authors"),
  ]);
  return { hero, features, news, columns, magazines, authors };
}
