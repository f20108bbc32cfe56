import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { articlePageMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/features-detail";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return articlePageMeta(
    siteFromMatches(matches),
    location,
    { section: "features", type: "Article" },
    loaderData,
  );
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadArticlePage(context, "features", params.path);
}

export default function FeaturesDetail({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleDetailView
      article={loaderData.article}
      basePath="/features"
      crumbs={loaderData.crumbs}
      categoryLinks={false}
    />
  );
}
