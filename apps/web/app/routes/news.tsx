import { ArticleListView } from "../components/article-list-view.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import { buildMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/news";

export function meta({ matches, location }: Route.MetaArgs) {
  return buildMeta(siteFromMatches(matches), location, { page: "news", feed: "news" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadArticleList({ kind: "news", request, context });
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
