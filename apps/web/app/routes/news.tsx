import { ArticleListView } from "../components/article-list-view.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/news";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const list = await loadArticleList({ kind: "news", request, context });
  return {
    ...list,
    meta: await pageMeta(
      { url, context },
      { page: "news", feed: "news", pageNumber: list.list.meta.current_page },
    ),
  };
}

export default function NewsList({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.news;
  return (
    <ArticleListView
      kicker={page.info_title}
      title={page.title}
      description={page.description}
      basePath="/news"
      {...loaderData}
    />
  );
}
