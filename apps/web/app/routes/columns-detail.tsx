import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { articleMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/columns-detail";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const page = await loadArticlePage(context, "columns", params.path);
  return {
    ...page,
    meta: await articleMeta({ url, context }, { section: "columns", type: "Article" }, page),
  };
}

export default function ColumnsDetail({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleDetailView
      article={loaderData.article}
      basePath="/columns"
      crumbs={loaderData.crumbs}
      scrollAnchor
    />
  );
}
