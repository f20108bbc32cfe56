import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/news-detail";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader(args: Route.LoaderArgs) {
  return loadArticlePage(args, "news", "NewsArticle");
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
