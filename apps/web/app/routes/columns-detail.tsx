import { ArticleDetailView } from "../components/article-detail-view.tsx";
import { loadArticle } from "../lib/articles.server.ts";
import { articleJsonLd, breadcrumbJsonLd, buildMeta, siteFromMatches } from "../lib/seo.ts";
import { displayDate } from "../lib/format.ts";
import type { Route } from "./+types/columns-detail";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  const { article, crumbs } = loaderData;
  return buildMeta(site, location, {
    page: "columns",
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
  const article = await loadArticle(context, "columns", params.path);
  const crumbs = [
    { name: "首頁", path: "/" },
    { name: "專欄", path: "/columns" },
    ...(article.category
      ? [{ name: article.category.name, path: `/columns/category/${article.category.path}` }]
      : []),
    { name: article.title, path: `/columns/${article.path}` },
  ];
  return { article, crumbs };
}

export default function ColumnsDetail({ loaderData }: Route.ComponentProps) {
  return <ArticleDetailView article={loaderData.article} basePath="/columns" crumbs={loaderData.crumbs} />;
}
