import { ArticleListView } from "../components/article-list-view.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import { buildMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/columns";

export function meta({ matches, location }: Route.MetaArgs) {
  return buildMeta(siteFromMatches(matches), location, { page: "columns", feed: "columns" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadArticleList({ kind: "columns", request, context });
}

export default function ColumnsList({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.columns;
  return (
    <ArticleListView
      kicker={page.info_title}
      title={page.title}
      description={page.description}
      basePath="/columns"
      {...loaderData}
    />
  );
}
