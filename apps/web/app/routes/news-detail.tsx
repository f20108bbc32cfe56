import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { articlePageMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/news-detail";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return articlePageMeta(
    siteFromMatches(matches),
    location,
    { section: "news", type: "NewsArticle" },
    loaderData,
  );
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadArticlePage(context, "news", params.path);
}

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleDetailView
      article={loaderData.article}
      basePath="/news"
      crumbs={loaderData.crumbs}
      scrollAnchor
    />
  );
}
