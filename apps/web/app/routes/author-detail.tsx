import type { ArticleSummary, Author, Item, Paginated } from "@shiyi/contracts";
import { ArticleCard } from "../components/article-card.tsx";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { Image } from "../components/image.tsx";
import { getOr404 } from "../lib/api.server.ts";
import { redirectToOwnPath } from "../lib/articles.server.ts";
import { toCard } from "../lib/cards.ts";
import { apiContext } from "../lib/context.ts";
import { breadcrumbJsonLd, pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/author-detail";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const { data: author } = await getOr404(
    api.get<Item<Author>>(`/authors/${encodeURIComponent(params.path)}`),
  );
  redirectToOwnPath(url, params.path, author.path, "author");
  const [columns, news, features] = await Promise.all(
    (["columns", "news", "features"] as const).map((kind) =>
      api.get<Paginated<ArticleSummary>>(`/${kind}`, { author: author.path, limit: 24 }),
    ),
  );
  const crumbs = [
    { name: "首頁", path: "/" },
    { name: "作者", path: "/author" },
    { name: author.name, path: `/author/${author.path}` },
  ];
  const meta = await pageMeta({ url, context }, (site, location) => ({
    title: author.name,
    infoTitle: author.title,
    description: author.description,
    image: author.avatar,
    imageFit: "whole",
    detail: true,
    type: "profile",
    jsonLd: [
      {
        "@type": "ProfilePage",
        mainEntity: {
          "@type": "Person",
          name: author.name,
          jobTitle: author.title ?? undefined,
          description: author.description ?? undefined,
          url: `${site.publicUrl}${location.pathname}`,
        },
      },
      breadcrumbJsonLd(site.publicUrl, crumbs),
    ],
  }));
  return {
    author,
    crumbs,
    meta,
    writing: [
      { kind: "columns", title: "專欄", items: columns!.data.map(toCard) },
      { kind: "features", title: "專題", items: features!.data.map(toCard) },
      { kind: "news", title: "新聞", items: news!.data.map(toCard) },
    ].filter((group) => group.items.length > 0),
  };
}

export default function AuthorDetail({ loaderData }: Route.ComponentProps) {
  const { author, crumbs, writing } = loaderData;
  return (
    <div className="container-page pt-8">
      <Breadcrumb items={crumbs} />
      <header
        id="author-nav"
        data-scroll-anchor="default"
        className="mt-10 grid gap-8 border-b border-rule pb-12 md:grid-cols-[200px_1fr] md:gap-12"
      >
        {author.avatar && (
          <Image
            src={author.avatar.url}
            alt={`${author.name}的肖像`}
            width={200}
            height={200}
            preset="avatar"
            loading="eager"
            className="h-40 w-40 rounded-full md:h-50 md:w-50"
          />
        )}
        <div>
          <p className="kicker" lang="en">
            Author
          </p>
          <h1 className="mt-2 font-serif text-4xl font-bold tracking-[0.15em]">{author.name}</h1>
          {author.title && <p className="mt-2 text-sm text-muted">{author.title}</p>}
          {author.content ? (
            <div
              className="prose-article mt-6 max-w-2xl"
              dangerouslySetInnerHTML={{ __html: author.content }}
            />
          ) : (
            author.description && (
              <p className="mt-6 max-w-2xl leading-8 text-ink-soft">{author.description}</p>
            )
          )}
        </div>
      </header>
      {writing.length === 0 && <p className="py-16 text-center text-ink-soft">這位作者的文章即將刊出。</p>}
      {writing.map((group) => (
        <section key={group.kind} aria-label={group.title} className="pt-14">
          <h2 className="border-b border-ink pb-3 font-serif text-xl font-bold tracking-[0.2em]">
            {group.title}
          </h2>
          <div className="mt-8 grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
            {group.items.map((item) => (
              <ArticleCard key={item.id} article={item} basePath={`/${group.kind}`} headingLevel={3} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
