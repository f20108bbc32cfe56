import type { Article, ArticleKind, ArticleSummary, Category, Item, Paginated } from "@shiyi/contracts";
import { data, redirect, type RouterContextProvider } from "react-router";
import { getOr404 } from "./api.server.ts";
import { proxyBodyImages } from "./article-html.ts";
import { toCard, withRelatedCards } from "./cards.ts";
import { apiContext } from "./context.ts";
import { articleMeta, pageMeta, type PageMetaArgs } from "./seo.server.ts";

/** Items per page on the site's lists. */
export const webPageSize = 12;

/**
 * A list shown whole on one page (magazines, authors, e-books, policies): its page 1 is itself, and
 * any other page is not there (404), as past the last page of a paged list.
 */
export function onePageOnly(url: URL) {
  const page = url.searchParams.get("page");
  if (page !== null && page !== "1") throw data("找不到相關頁面", { status: 404 });
}

export function pageFrom(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null) return 1;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1) throw data("找不到相關頁面", { status: 404 });
  return Number(raw);
}

export async function loadArticleList(options: {
  kind: Extract<ArticleKind, "news" | "columns" | "features">;
  request: Request;
  context: Readonly<RouterContextProvider>;
  category?: string;
}) {
  const api = options.context.get(apiContext);
  const page = pageFrom(options.request);
  const [list, categories] = await Promise.all([
    getOr404(
      api.get<Paginated<ArticleSummary>>(`/${options.kind}`, {
        page,
        limit: webPageSize,
        category: options.category,
      }),
    ),
    api.get<Paginated<Category>>(`/cate/${options.kind}`),
  ]);
  if (page > list.meta.last_page) throw data("找不到相關頁面", { status: 404 });
  const category = options.category
    ? categories.data.find((item) => item.path === options.category)
    : undefined;
  if (options.category && !category) throw data("找不到相關頁面", { status: 404 });
  return {
    list: { ...list, data: list.data.map(toCard) },
    categories: categories.data,
    category: category ?? null,
  };
}

export async function loadArticle(
  context: Readonly<RouterContextProvider>,
  kind: ArticleKind,
  path: string,
): Promise<Article> {
  const api = context.get(apiContext);
  const { data: article } = await getOr404(
    api.get<Item<Article>>(`/${kind === "policy" ? "article/policy" : kind}/${encodeURIComponent(path)}`),
  );
  return { ...article, content: article.content ? proxyBodyImages(article.content) : null };
}

const sectionNames = { news: "新聞", columns: "專欄", features: "專題" } as const;

/**
 * A detail page asked for by another name than its own (the item's id, say, which the API also
 * finds it by): moved for good to its own address, query kept, so that an item has one URL. A path
 * of digits alone is left where it is: the API reads digits as an id, so it would not lead back.
 */
export function redirectToOwnPath(url: URL, asked: string, own: string, section: string) {
  if (asked === own || /^\d+$/.test(own)) return;
  throw redirect(`/${section}/${encodeURIComponent(own)}${url.search}`, 301);
}

/** What a section page's loader is given, of React Router's loader arguments. */
type SectionLoaderArgs = PageMetaArgs & { request: Request; params: { path: string } };

/** A news or columns category page: the list, the category, and its metadata. */
export async function loadCategoryPage(args: SectionLoaderArgs, kind: "news" | "columns") {
  const list = await loadArticleList({
    kind,
    request: args.request,
    context: args.context,
    category: args.params.path,
  });
  const { category } = list;
  const meta = await pageMeta(args, {
    page: kind,
    feed: kind,
    title: category ? `${category.name}｜${sectionNames[kind]}` : undefined,
    description: category?.description,
    pageNumber: list.list.meta.current_page,
  });
  return { ...list, meta };
}

/**
 * A news, column or feature page: the article, its breadcrumb (with the category where it has
 * pages), and its metadata (the article with its author as a Person, as `type`).
 */
export async function loadArticlePage(
  args: SectionLoaderArgs,
  kind: keyof typeof sectionNames,
  type: "Article" | "NewsArticle",
) {
  const article = await loadArticle(args.context, kind, args.params.path);
  redirectToOwnPath(args.url, args.params.path, article.path, kind);
  const categoryCrumb =
    article.category && kind !== "features"
      ? [{ name: article.category.name, path: `/${kind}/category/${article.category.path}` }]
      : [];
  const crumbs = [
    { name: "首頁", path: "/" },
    { name: sectionNames[kind], path: `/${kind}` },
    ...categoryCrumb,
    { name: article.title, path: `/${kind}/${article.path}` },
  ];
  const meta = await articleMeta(args, { section: kind, type }, { article, crumbs });
  return { article: withRelatedCards(article), crumbs, meta };
}
