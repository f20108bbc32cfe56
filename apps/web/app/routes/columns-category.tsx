import { ArticleListView } from "../components/article-list-view.tsx";
import { loadCategoryPage } from "../lib/articles.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/columns-category";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader(args: Route.LoaderArgs) {
  return loadCategoryPage(args, "columns");
}

export default function ColumnsCategory({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.columns;
  return <ArticleListView kicker={page.info_title} title={page.title} basePath="/columns" {...loaderData} />;
}
