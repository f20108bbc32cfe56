import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { articlePageMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/columns-detail";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return articlePageMeta(
    siteFromMatches(matches),
    location,
    { section: "columns", type: "Article" },
    loaderData,
  );
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadArticlePage(context, "columns", params.path);
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
