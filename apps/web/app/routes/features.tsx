import { ArticleListView } from "../components/article-list-view.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import { buildMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/features";

export function meta({ matches, location }: Route.MetaArgs) {
  return buildMeta(siteFromMatches(matches), location, { page: "features", feed: "features" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadArticleList({ kind: "features", request, context });
}

export default function FeaturesList({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.features;
  return (
    <ArticleListView
      kicker={page.info_title}
      title={page.title}
      description={page.description}
      basePath="/features"
      {...loaderData}
      categories={[]}
    />
  );
}
