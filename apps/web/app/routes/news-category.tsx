import { ArticleListView } from "../components/article-list-view.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/news-category";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const list = await loadArticleList({ kind: "news", request, context, category: params.path });
  const { category } = list;
  const meta = await pageMeta(
    { url, context },
    {
      page: "news",
      feed: "news",
      title: category ? `${category.name}｜新聞` : undefined,
      description: category?.description,
    },
  );
  return { ...list, meta };
}

export default function NewsCategory({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.news;
  return <ArticleListView kicker={page.info_title} title={page.title} basePath="/news" {...loaderData} />;
}
