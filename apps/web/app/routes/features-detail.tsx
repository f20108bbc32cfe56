import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { FeatureOpening } from "../components/feature-opening.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/features-detail";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader(args: Route.LoaderArgs) {
  return loadArticlePage(args, "features", "Article");
}

export default function FeaturesDetail({ loaderData }: Route.ComponentProps) {
  const { article, crumbs } = loaderData;
  // With a picture, the feature opens on it; without one, as any article.
  const image = article.image;
  return (
    <ArticleDetailView
      article={article}
      basePath="/features"
      crumbs={crumbs}
      categoryLinks={false}
      opening={image ? <FeatureOpening article={{ ...article, image }} crumbs={crumbs} /> : undefined}
    />
  );
}
