import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticle } from "../lib/articles.server.ts";
import { articleJsonLd, breadcrumbJsonLd, buildMeta, siteFromMatches } from "../lib/seo.ts";
import { displayDate } from "../lib/format.ts";
import type { Route } from "./+types/features-detail";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  const { article, crumbs } = loaderData;
  return buildMeta(site, location, {
    page: "features",
    data: article,
    detail: true,
    type: "article",
    jsonLd: [
      articleJsonLd(site.publicUrl, "Article", {
        title: article.title,
        description: article.description,
        image: article.image,
        published: displayDate(article),
        modified: article.updated_at,
        path: location.pathname,
        author: article.author,
      }),
      breadcrumbJsonLd(site.publicUrl, crumbs),
    ],
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const article = await loadArticle(context, "features", params.path);
  const crumbs = [
    { name: "首頁", path: "/" },
    { name: "專題", path: "/features" },
    { name: article.title, path: `/features/${article.path}` },
  ];
  return { article, crumbs };
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
