import { Link } from "react-router";
import { Image } from "../components/image.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { Pagination } from "../components/pagination.tsx";
import { Phrased } from "../components/phrased.tsx";
import { loadArticleList } from "../lib/articles.server.ts";
import type { ArticleCardData } from "../lib/cards.ts";
import { formatDate, latinLang } from "../lib/format.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/features";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const list = await loadArticleList({ kind: "features", request, context });
  return {
    ...list,
    meta: await pageMeta(
      { url, context },
      { page: "features", feed: "features", pageNumber: list.list.meta.current_page },
    ),
  };
}

/**
 * 專題: the magazine's long reads, each laid out as a spread (a large picture beside its numbered
 * headline, English title and standfirst), the sides alternating as pages do.
 */
export default function FeaturesList({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.features;
  const { list } = loaderData;
  const first = (list.meta.current_page - 1) * list.meta.per_page;
  return (
    <div className="container-page">
      <PageHeading kicker={page.info_title} title={page.title} description={page.description} />
      {list.data.length === 0 ? (
        <p className="py-24 text-center text-ink-soft">目前還沒有文章。</p>
      ) : (
        <>
          <ol className="divide-y divide-rule">
            {list.data.map((feature, index) => (
              <li key={feature.id}>
                <FeatureSpread feature={feature} number={first + index + 1} flipped={index % 2 === 1} />
              </li>
            ))}
          </ol>
          <Pagination meta={list.meta} />
        </>
      )}
    </div>
  );
}

function FeatureSpread({
  feature,
  number,
  flipped,
}: {
  feature: ArticleCardData;
  number: number;
  flipped: boolean;
}) {
  const href = `/features/${feature.path}`;
  const first = number === 1;
  return (
    <article className="group grid gap-6 py-10 md:grid-cols-12 md:items-center md:gap-10 md:py-14">
      {feature.image && (
        <Link
          to={href}
          prefetch="intent"
          tabIndex={-1}
          aria-hidden="true"
          className={`block overflow-hidden bg-paper-deep md:col-span-7 ${flipped ? "md:order-last" : ""}`}
        >
          <Image
            src={feature.image.url}
            alt=""
            width={820}
            height={547}
            sizes="100vw md:58vw xl:700px"
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : undefined}
            className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-700 group-hover:scale-[1.02]"
          />
        </Link>
      )}
      <div className={feature.image ? "md:col-span-5" : "md:col-span-8 md:col-start-3"}>
        <p
          aria-hidden="true"
          className="font-serif text-5xl leading-none text-primary/80 tabular-nums md:text-6xl"
        >
          {String(number).padStart(2, "0")}
        </p>
        <p className="mt-5 text-xs tracking-wider text-muted">
          {feature.category?.name && <span className="mr-3 text-primary">{feature.category.name}</span>}
          <time dateTime={feature.date}>{formatDate(feature.date)}</time>
        </p>
        <h2 className="mt-3 font-serif text-2xl font-bold leading-snug tracking-wide md:text-3xl">
          <Link to={href} prefetch="intent" className="hover:text-primary">
            <Phrased text={feature.title} />
          </Link>
        </h2>
        {feature.subtitle && (
          <p lang={latinLang(feature.subtitle)} className="mt-2 font-serif text-base italic text-ink-soft">
            {feature.subtitle}
          </p>
        )}
        {feature.description && (
          <p className="mt-5 text-[0.9375rem] leading-8 text-ink-soft">{feature.description}</p>
        )}
        {feature.author && <p className="mt-5 text-xs text-muted">文／{feature.author.name}</p>}
      </div>
    </article>
  );
}
