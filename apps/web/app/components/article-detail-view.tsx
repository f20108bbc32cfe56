import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ArticlePageData } from "../lib/cards.ts";
import { displayDate, formatDate, latinLang } from "../lib/format.ts";
import { ArticleCard } from "./article-card.tsx";
import { Breadcrumb, type Crumb } from "./breadcrumb.tsx";
import { imageMeta } from "../lib/image.ts";
import { Image } from "./image.tsx";
import { Phrased } from "./phrased.tsx";

const leadWidth = 1160;

/**
 * The lead picture keeps its own proportions, between a portrait 4:5 and a panorama 21:9; without
 * usable metadata it takes the 16:10 of a magazine spread.
 */
function leadHeight(image: Parameters<typeof imageMeta>[0]) {
  const ratio = imageMeta(image).ratio || 16 / 10;
  return Math.round(leadWidth / Math.min(21 / 9, Math.max(4 / 5, ratio)));
}

/** A long read: title block, lead picture, the body at a print measure, author, neighbours. */
export function ArticleDetailView({
  article,
  basePath,
  crumbs,
  categoryLinks = true,
  scrollAnchor = false,
  opening,
}: {
  article: ArticlePageData;
  basePath: string;
  crumbs: Crumb[];
  /** Sections without category pages show the category as plain text. */
  categoryLinks?: boolean;
  /** News and columns land on the article after a navigation (SPEC §2). */
  scrollAnchor?: boolean;
  /**
   * The page's own opening in place of the title block and the picture under it (a feature's
   * picture across the page, feature-opening.tsx): kept in the section's own chunk.
   */
  opening?: ReactNode;
}) {
  if (opening) {
    return (
      <article id="article-layout" data-scroll-anchor={scrollAnchor ? "default" : undefined} className="pb-8">
        {opening}
        <ArticleBody article={article} basePath={basePath} />
      </article>
    );
  }
  const category =
    article.category &&
    (categoryLinks ? (
      <Link to={`${basePath}/category/${article.category.path}`}>{article.category.name}</Link>
    ) : (
      article.category.name
    ));
  return (
    <article id="article-layout" data-scroll-anchor={scrollAnchor ? "default" : undefined} className="pb-8">
      <header className="container-page max-w-4xl pt-10 text-center md:pt-14">
        <div className="flex justify-center">
          <Breadcrumb items={crumbs} />
        </div>
        {category && <p className="kicker mt-8">{category}</p>}
        <h1 className="mt-4 font-serif text-[1.75rem] font-bold leading-snug sm:text-3xl sm:tracking-wide md:text-[2.6rem] md:leading-[1.35]">
          <Phrased text={article.title} />
        </h1>
        {article.info_title && (
          <p
            className="mt-4 font-serif text-lg text-ink-soft md:text-xl"
            lang={latinLang(article.info_title)}
          >
            {article.info_title}
          </p>
        )}
        <p className="mt-6 text-sm text-muted">
          <Byline article={article} linkClassName="text-ink hover:text-primary" />
        </p>
      </header>
      {article.image && (
        <figure className="mx-auto mt-10 max-w-6xl md:px-8">
          <Image
            src={article.image.url}
            // Its description is the caption under it, read there once.
            alt=""
            width={leadWidth}
            height={leadHeight(article.image)}
            sizes="100vw xl:1160px"
            loading="eager"
            fetchPriority="high"
            className="h-auto w-full object-cover"
          />
          {article.image.alt && (
            <figcaption className="container-page mt-3 text-xs text-muted md:px-0">
              {article.image.alt}
            </figcaption>
          )}
        </figure>
      )}
      <ArticleBody article={article} basePath={basePath} />
    </article>
  );
}

/** 文／author · date, the author linked to their page. */
export function Byline({ article, linkClassName }: { article: ArticlePageData; linkClassName: string }) {
  const date = displayDate(article);
  return (
    <>
      {article.author && (
        <>
          文／
          <Link to={`/author/${article.author.path}`} className={linkClassName}>
            {article.author.name}
          </Link>
          <span className="mx-3" aria-hidden="true">
            ·
          </span>
        </>
      )}
      <time dateTime={date}>{formatDate(date)}</time>
    </>
  );
}

/** The article's text at a print measure, its author, its neighbours and what to read next. */
function ArticleBody({ article, basePath }: { article: ArticlePageData; basePath: string }) {
  return (
    <>
      <div className="container-page mt-12 max-w-[44rem]">
        {article.description && (
          <p className="border-b border-rule pb-8 font-serif text-lg leading-9 text-ink-soft">
            {article.description}
          </p>
        )}
        {article.content && (
          <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: article.content }} />
        )}
        {article.author && (
          <aside aria-label="作者" className="mt-16 flex gap-5 border-y border-rule py-8">
            {article.author.avatar && (
              <Image
                src={article.author.avatar.url}
                alt=""
                width={72}
                height={72}
                preset="avatar"
                className="h-18 w-18 shrink-0 rounded-full"
              />
            )}
            <div>
              <p className="font-serif text-lg font-semibold">
                <Link to={`/author/${article.author.path}`} className="hover:text-primary">
                  {article.author.name}
                </Link>
              </p>
              {article.author.title && <p className="text-xs text-muted">{article.author.title}</p>}
              {article.author.description && (
                <p className="mt-2 text-sm leading-7 text-ink-soft">{article.author.description}</p>
              )}
            </div>
          </aside>
        )}
        {(article.previous || article.next) && (
          <nav aria-label="上一篇與下一篇" className="mt-10 grid gap-6 text-sm sm:grid-cols-2">
            {article.previous ? (
              <Link to={`${basePath}/${article.previous.path}`} rel="prev" className="group">
                <span className="text-xs text-muted">上一篇</span>
                <span className="mt-1 block font-serif text-base group-hover:text-primary">
                  <Phrased text={article.previous.title} />
                </span>
              </Link>
            ) : (
              <span />
            )}
            {article.next && (
              <Link to={`${basePath}/${article.next.path}`} rel="next" className="group sm:text-right">
                <span className="text-xs text-muted">下一篇</span>
                <span className="mt-1 block font-serif text-base group-hover:text-primary">
                  <Phrased text={article.next.title} />
                </span>
              </Link>
            )}
          </nav>
        )}
      </div>
      {article.related.length > 0 && (
        <section aria-labelledby="related-heading" className="container-page mt-20">
          <h2
            id="related-heading"
            className="border-b border-ink pb-3 font-serif text-xl font-bold tracking-[0.2em]"
          >
            延伸閱讀
          </h2>
          <div className="mt-8 grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
            {article.related.map((item) => (
              <ArticleCard key={item.id} article={item} basePath={basePath} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
