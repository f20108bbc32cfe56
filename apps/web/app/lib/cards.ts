import type { Article, ArticleSummary } from "@shiyi/contracts";
import { displayDate } from "./format.ts";

/**
 * What an article card shows (`ArticleCard`): a loader hands its page only this of each summary,
 * so the author's bio and portrait, the category's description and the spare dates of every card
 * stay on the server instead of travelling in the page's data a second time.
 */
export type ArticleCardData = {
  id: number;
  path: string;
  title: string;
  /** The English title of a feature (info_title), shown under its headline in the features list. */
  subtitle?: string | null;
  description: string | null;
  image: { url: string } | null;
  /** The date shown: publication date, else start, else creation (`displayDate`). */
  date: string;
  category: { name: string } | null;
  author: { name: string } | null;
};

export function toCard(article: ArticleSummary): ArticleCardData {
  return {
    id: article.id,
    path: article.path,
    title: article.title,
    ...(article.kind === "features" ? { subtitle: article.info_title } : {}),
    description: article.description,
    image: article.image && { url: article.image.url },
    date: displayDate(article),
    category: article.category && { name: article.category.name },
    author: article.author && { name: article.author.name },
  };
}

/** An article page's data: the article, with its related stories as cards. */
export type ArticlePageData = Omit<Article, "related"> & { related: ArticleCardData[] };

export function withRelatedCards(article: Article): ArticlePageData {
  return { ...article, related: article.related.map(toCard) };
}
