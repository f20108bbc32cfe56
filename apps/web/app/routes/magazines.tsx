import type { MagazineSummary, MerchSummary, Paginated } from "@shiyi/contracts";
import { Link } from "react-router";
import { MagazineCover } from "../components/magazine-cover.tsx";
import { MerchCard } from "../components/merch-card.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { apiContext } from "../lib/context.ts";
import { formatPrice, latinLang } from "../lib/format.ts";
import { OriginalPrice } from "../components/original-price.tsx";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/magazines";
import { Phrased } from "../components/phrased.tsx";
import { onePageOnly } from "../lib/articles.server.ts";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ context, url }: Route.LoaderArgs) {
  onePageOnly(url);
  const api = context.get(apiContext);
  const [{ data: magazines }, { data: merch }] = await Promise.all([
    api.get<Paginated<MagazineSummary>>("/magazines"),
    api.get<Paginated<MerchSummary>>("/merch"),
  ]);
  return { magazines, merch, meta: await pageMeta({ url, context }, { page: "magazines" }) };
}

export default function Magazines({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.magazines;
  const [latest, ...back] = loaderData.magazines;
  return (
    <div className="container-page">
      <PageHeading kicker={page.info_title} title={page.title} description={page.description} />
      {latest && (
        <section
          aria-label="最新一期"
          className="grid gap-10 border-b border-rule py-12 md:grid-cols-[minmax(0,360px)_1fr] md:items-center md:gap-16"
        >
          <Link to={`/magazines/${latest.path}`} className="block">
            <MagazineCover
              magazine={latest}
              width={360}
              sizes="100vw md:360px"
              priority
              className="shadow-[0_24px_48px_-20px_rgba(29,27,24,0.55)]"
            />
          </Link>
          <div>
            <p className="kicker">最新一期　No. {latest.issue}</p>
            <h2 className="mt-3 font-serif text-3xl font-bold leading-snug tracking-wide md:text-4xl">
              <Link to={`/magazines/${latest.path}`} className="hover:text-primary">
                <Phrased text={latest.title} />
              </Link>
            </h2>
            {latest.info_title && (
              <p className="mt-2 font-serif text-lg text-ink-soft" lang={latinLang(latest.info_title)}>
                {latest.info_title}
              </p>
            )}
            {latest.description && (
              <p className="mt-5 max-w-xl leading-8 text-ink-soft">{latest.description}</p>
            )}
            <p className="mt-6 flex flex-wrap items-baseline gap-x-3">
              <span className="font-serif text-xl">{formatPrice(latest.price)}</span>
              <OriginalPrice price={latest.price} original={latest.original_price} />
            </p>
          </div>
        </section>
      )}
      <section aria-label="過往期數">
        <h2 className="pt-12 font-serif text-xl font-bold tracking-[0.2em]">過往期數</h2>
        <ul className="mt-8 grid grid-cols-2 gap-x-6 gap-y-12 sm:grid-cols-3 lg:grid-cols-4">
          {back.map((magazine) => (
            <li key={magazine.id}>
              <Link to={`/magazines/${magazine.path}`} className="group block">
                <MagazineCover
                  magazine={magazine}
                  decorative
                  width={280}
                  sizes="50vw sm:33vw lg:25vw xl:280px"
                  className="transition-transform duration-500 group-hover:-translate-y-1"
                />
                <p className="mt-4 text-xs text-muted">第 {magazine.issue} 期</p>
                <h3 className="mt-1 font-serif text-lg font-semibold leading-snug group-hover:text-primary">
                  <Phrased text={magazine.title} />
                </h3>
                <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm text-ink-soft">
                  <span>{formatPrice(magazine.price)}</span>
                  <OriginalPrice
                    price={magazine.price}
                    original={magazine.original_price}
                    className="text-xs text-muted"
                  />
                  {magazine.stock <= 0 && <span className="ml-2 text-primary">已售完</span>}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {loaderData.merch.length > 0 && (
        <section id="merch" aria-labelledby="merch-heading" className="mt-20 border-t border-rule pb-8">
          <h2 id="merch-heading" className="pt-12 font-serif text-xl font-bold tracking-[0.2em]">
            選物
          </h2>
          <ul className="mt-8 grid gap-x-6 gap-y-12 sm:grid-cols-2 sm:gap-y-14 xl:grid-cols-4">
            {loaderData.merch.map((item) => (
              <li key={item.id}>
                <MerchCard item={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
