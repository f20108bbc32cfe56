import type { ArticlePageData } from "../lib/cards.ts";
import { Byline } from "./article-detail-view.tsx";
import { Breadcrumb, type Crumb } from "./breadcrumb.tsx";
import { CoverPicture } from "./cover-picture.tsx";
import { Phrased } from "./phrased.tsx";
import { latinLang } from "../lib/format.ts";

/**
 * A feature opens as a magazine opens one: its lead picture across the page, as tall as the first
 * screen allows, with the kicker, title, English title and byline set on it, the caption under it.
 */
export function FeatureOpening({
  article,
  crumbs,
}: {
  article: ArticlePageData & { image: NonNullable<ArticlePageData["image"]> };
  crumbs: Crumb[];
}) {
  return (
    <>
      <div className="container-page pt-6 md:pt-8">
        <Breadcrumb items={crumbs} />
      </div>
      <header className="relative mt-5 bg-ink text-paper md:mt-6 [&_:focus-visible]:outline-paper">
        <CoverPicture
          src={article.image.url}
          // The rest of the first screen under the site's header and the breadcrumb: the opening
          // shows whole, byline included (on a wide window the header has the line of 作者, 購物須知
          // and 條款政策 above it). Its caption is under it.
          className="h-[max(440px,calc(100svh-11rem))] max-h-[760px] opacity-85 lg:h-[max(440px,calc(100svh-13rem))]"
        />
        <div className="container-page absolute inset-x-0 bottom-0 pb-10 md:pb-16">
          <p className="kicker text-paper">
            專題
            {article.category && (
              <>
                <span aria-hidden="true" className="mx-2">
                  ·
                </span>
                {article.category.name}
              </>
            )}
          </p>
          <h1 className="mt-4 max-w-4xl font-serif text-[1.875rem] font-bold leading-snug tracking-wide sm:text-4xl md:text-[3.25rem] md:leading-[1.3]">
            <Phrased text={article.title} />
          </h1>
          {article.info_title && (
            <p
              className="mt-3 font-serif text-lg text-paper/85 md:text-2xl"
              lang={latinLang(article.info_title)}
            >
              {article.info_title}
            </p>
          )}
          <p className="mt-5 text-sm text-paper/80">
            <Byline article={article} linkClassName="text-paper hover:underline" />
          </p>
        </div>
      </header>
      {article.image.alt && <p className="container-page mt-3 text-xs text-muted">{article.image.alt}</p>}
    </>
  );
}
