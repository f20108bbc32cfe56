import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/features-detail";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader(args: Route.LoaderArgs) {
  return loadArticlePage(args, "features", "Article");
}

export default function FeaturesDetail({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleDetailView
      article={loaderData.article}
      basePath="/features"
      crumbs={loaderData.crumbs}
      categoryLinks={false}
      opener="cover"
    />
  );
}
