import { ArticleListView } from "../components/article-list-view.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import { buildMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/news-category";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const category = loaderData?.category;
  return buildMeta(siteFromMatches(matches), location, {
    page: "news",
    feed: "news",
    title: category ? `${category.name}｜新聞` : undefined,
    description: category?.description,
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadArticleList({ kind: "news", request, context, category: params.path });
}

export default function NewsCategory({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.news;
  return <ArticleListView kicker={page.info_title} title={page.title} basePath="/news" {...loaderData} />;
}
