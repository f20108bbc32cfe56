import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/columns-detail";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader(args: Route.LoaderArgs) {
  return loadArticlePage(args, "columns", "Article");
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
