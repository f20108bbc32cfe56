import { ArticleListView } from "../components/article-list-view.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/columns-category";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const list = await loadArticleList({ kind: "columns", request, context, category: params.path });
  const { category } = list;
  const meta = await pageMeta(
    { url, context },
    {
      page: "columns",
      feed: "columns",
      title: category ? `${category.name}｜專欄` : undefined,
      description: category?.description,
    },
  );
  return { ...list, meta };
}

export default function ColumnsCategory({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.columns;
  return <ArticleListView kicker={page.info_title} title={page.title} basePath="/columns" {...loaderData} />;
}
