import { stockNote } from "@shiyi/contracts/cart-rules";
import type { Item, Magazine } from "@shiyi/contracts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { AddToCart } from "../components/cart/add-to-cart.tsx";
import { MagazineCover } from "../components/magazine-cover.tsx";
import { getOr404 } from "../lib/api.server.ts";
import { redirectToOwnPath } from "../lib/articles.server.ts";
import { proxyBodyImages } from "../lib/article-html.ts";
import { apiContext } from "../lib/context.ts";
import { formatDate, formatPrice, latinLang } from "../lib/format.ts";
import { OriginalPrice } from "../components/original-price.tsx";
import { breadcrumbJsonLd, jsonLdImage, pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/magazines-detail";
import { Phrased } from "../components/phrased.tsx";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { data: magazine } = await getOr404(
    context.get(apiContext).get<Item<Magazine>>(`/magazines/${encodeURIComponent(params.path)}`),
  );
  redirectToOwnPath(url, params.path, magazine.path, "magazines");
  const crumbs = [
    { name: "首頁", path: "/" },
    { name: "雜誌", path: "/magazines" },
    { name: `第 ${magazine.issue} 期`, path: `/magazines/${magazine.path}` },
  ];
  const meta = await pageMeta({ url, context }, (site, location) => ({
    page: "magazines",
    data: { ...magazine, image: magazine.cover },
    imageFit: "whole",
    detail: true,
    jsonLd: [
      {
        "@type": "Product",
        name: `《食藝》第 ${magazine.issue} 期：${magazine.title}`,
        description: magazine.description ?? undefined,
        image: jsonLdImage(site.publicUrl, magazine.cover, "whole"),
        sku: `magazine-${magazine.issue}`,
        brand: { "@type": "Brand", name: site.settings.name },
        offers: {
          "@type": "Offer",
          price: magazine.price,
          priceCurrency: "TWD",
          availability: magazine.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          url: `${site.publicUrl}${location.pathname}`,
        },
      },
      breadcrumbJsonLd(site.publicUrl, crumbs),
    ],
  }));
  return {
    magazine: { ...magazine, content: magazine.content ? proxyBodyImages(magazine.content) : null },
    crumbs,
    meta,
  };
}

export default function MagazineDetail({ loaderData }: Route.ComponentProps) {
  const { magazine, crumbs } = loaderData;
  const soldOut = magazine.stock <= 0;
  return (
    <div className="container-page pt-8">
      <Breadcrumb items={crumbs} id="magazine-breadcrumb" scrollAnchor="magazines" />
      <article className="mt-8 grid gap-10 md:grid-cols-[minmax(0,420px)_1fr] md:gap-16">
        {/* The cover stays beside the text and the contents as they scroll by. */}
        <div className="md:sticky md:top-8 md:self-start">
          <MagazineCover
            magazine={magazine}
            width={420}
            sizes="100vw md:420px"
            priority
            className="shadow-[0_24px_48px_-20px_rgba(29,27,24,0.55)]"
          />
        </div>
        <div>
          <p className="kicker" lang="en">
            No. {magazine.issue}
          </p>
          <h1 className="mt-3 font-serif text-3xl font-bold leading-snug tracking-wide md:text-4xl">
            <Phrased text={magazine.title} />
          </h1>
          {magazine.info_title && (
            <p className="mt-2 font-serif text-lg text-ink-soft" lang={latinLang(magazine.info_title)}>
              {magazine.info_title}
            </p>
          )}
          {magazine.publication_date && (
            <p className="mt-3 text-sm text-muted">
              出刊 <time dateTime={magazine.publication_date}>{formatDate(magazine.publication_date)}</time>
            </p>
          )}
          <dl className="mt-8 grid grid-cols-[auto_1fr] items-baseline gap-x-6 gap-y-2 border-y border-rule py-6 text-sm">
            <dt className="text-muted">售價</dt>
            <dd>
              <span className="font-serif text-2xl text-ink">{formatPrice(magazine.price)}</span>
              <OriginalPrice
                price={magazine.price}
                original={magazine.original_price}
                className="ml-3 text-muted"
              />
            </dd>
            {magazine.overseas_price && (
              <>
                <dt className="text-muted">海外售價</dt>
                <dd>{formatPrice(magazine.overseas_price)}</dd>
              </>
            )}
            <dt className="text-muted">庫存</dt>
            <dd className={soldOut ? "text-primary" : ""}>{stockNote(magazine.stock)}</dd>
          </dl>
          <AddToCart item={magazine} className="mt-8" />
          {magazine.description && (
            <p className="mt-8 font-serif text-lg leading-9 text-ink-soft">{magazine.description}</p>
          )}
          {magazine.content && (
            <div className="prose-article mt-6" dangerouslySetInnerHTML={{ __html: magazine.content }} />
          )}
        </div>
      </article>
      {magazine.toc.length > 0 && (
        <section aria-labelledby="toc-heading" className="mt-20 max-w-3xl md:ml-[calc(min(420px,40%)+4rem)]">
          <h2
            id="toc-heading"
            className="border-b border-ink pb-3 font-serif text-xl font-bold tracking-[0.3em]"
          >
            本期目錄
          </h2>
          <ol className="mt-4">
            {magazine.toc.map((entry, index) => (
              <li key={index} className="flex items-baseline gap-4 border-b border-rule py-4">
                {entry.page !== undefined && (
                  <span className="w-10 shrink-0 font-serif text-sm text-primary tabular-nums">
                    {String(entry.page).padStart(3, "0")}
                  </span>
                )}
                <span className="flex-1 font-serif text-base leading-7">
                  <Phrased text={entry.title} />
                </span>
                {entry.author && <span className="shrink-0 text-xs text-muted">{entry.author}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
