import { ArticleListView } from "../components/article-list-view.tsx";
import { loadCategoryPage } from "../lib/articles.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/news-category";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader(args: Route.LoaderArgs) {
  return loadCategoryPage(args, "news");
}

export default function NewsCategory({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.news;
  return <ArticleListView kicker={page.info_title} title={page.title} basePath="/news" {...loaderData} />;
}
