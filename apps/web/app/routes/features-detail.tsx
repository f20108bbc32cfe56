import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticlePage } from "../lib/articles.server.ts";
import { articleMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/features-detail";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const page = await loadArticlePage(context, "features", params.path);
  return {
    ...page,
    meta: await articleMeta({ url, context }, { section: "features", type: "Article" }, page),
  };
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
