import { ArticleListView } from "../components/article-list-view.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import { buildMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/columns-category";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const category = loaderData?.category;
  return buildMeta(siteFromMatches(matches), location, {
    page: "columns",
    feed: "columns",
    title: category ? `${category.name}｜專欄` : undefined,
    description: category?.description,
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadArticleList({ kind: "columns", request, context, category: params.path });
}

export default function ColumnsCategory({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.columns;
  return <ArticleListView kicker={page.info_title} title={page.title} basePath="/columns" {...loaderData} />;
}
