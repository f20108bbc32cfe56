import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { articleMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/news-detail";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const page = await loadArticlePage(context, "news", params.path);
  return {
    ...page,
    meta: await articleMeta({ url, context }, { section: "news", type: "NewsArticle" }, page),
  };
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
