import type { Home, Item } from "@shiyi/contracts";
import { Link } from "react-router";
import { ArticleCard } from "../components/article-card.tsx";
import { CoverPicture } from "../components/cover-picture.tsx";
import { Image } from "../components/image.tsx";
import { MagazineCover } from "../components/magazine-cover.tsx";
import { toCard } from "../lib/cards.ts";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/home";
import { Phrased } from "../components/phrased.tsx";
import { latinLang } from "../lib/format.ts";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { data } = await context.get(apiContext).get<Item<Home>>("/home");
  return {
    ...data,
    features: data.features.map(toCard),
    news: data.news.map(toCard),
    columns: data.columns.map(toCard),
    meta: await pageMeta({ url, context }, { home: true, feed: "news" }),
  };
}

function SectionHeading({ title, subtitle, to }: { title: string; subtitle: string; to: string }) {
  return (
    <div className="flex items-end justify-between border-b border-ink pb-3">
      <h2 className="font-serif text-2xl font-bold tracking-[0.2em]">
        {title}
        <span
          aria-hidden="true"
          className="ml-3 align-middle font-sans text-[0.65rem] font-normal uppercase tracking-[0.25em] text-muted"
        >
          {subtitle}
        </span>
      </h2>
      <Link to={to} className="-my-3 inline-block py-3 text-sm text-ink-soft hover:text-primary">
        看更多<span className="sr-only">{title}</span>
        <span aria-hidden="true"> →</span>
      </Link>
    </div>
  );
}

export default function HomePage({ loaderData, matches }: Route.ComponentProps) {
  const { settings } = siteFromMatches(matches);
  const { hero, features, news, columns, magazines, authors } = loaderData;
  const [cover, ...moreHero] = hero;
  const latestIssue = magazines[0];
  // A new site before its first piece is published (a deployment loads no demo content).
  const nothingYet = [hero, features, news, columns, magazines, authors].every((list) => list.length === 0);
  return (
    <>
      <h1 className="sr-only">
        {/* The site's title may carry its name already (食藝誌｜…): said once. */}
        {settings.title.startsWith(settings.name) ? settings.title : `${settings.name}｜${settings.title}`}
      </h1>
      {cover?.image && (
        <section aria-label="焦點" className="relative bg-ink text-paper [&_:focus-visible]:outline-paper">
          <CoverPicture src={cover.image.url} className="h-[68vh] min-h-[420px] opacity-80 md:h-[78vh]" />
          <div className="container-page absolute inset-x-0 bottom-0 pb-12 md:pb-16">
            {cover.info_title && (
              <p className="kicker text-paper" lang={latinLang(cover.info_title)}>
                {cover.info_title}
              </p>
            )}
            <p className="mt-3 max-w-3xl font-serif text-3xl font-bold leading-snug tracking-wide md:text-5xl md:leading-tight">
              <Link
                to={cover.link ?? "/features"}
                className="hover:underline decoration-1 underline-offset-8"
              >
                <Phrased text={cover.title} />
              </Link>
            </p>
            {cover.description && (
              <p className="mt-4 max-w-2xl leading-8 text-paper/85">
                <Phrased text={cover.description} running />
              </p>
            )}
          </div>
        </section>
      )}
      {moreHero.length > 0 && (
        <section aria-label="編輯推薦" className="border-b border-rule bg-paper-deep">
          <ul className="container-page grid gap-4 py-5 text-sm md:grid-cols-2 lg:grid-cols-4">
            {moreHero.map((item) => (
              <li key={item.id}>
                <Link to={item.link ?? "/"} className="font-serif leading-7 hover:text-primary">
                  <span aria-hidden="true" className="mr-2 text-primary">
                    ◆
                  </span>
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="container-page space-y-20 pt-16 md:space-y-28 md:pt-20">
        {features.length > 0 && (
          <section aria-label="專題">
            <SectionHeading title="專題" subtitle="Featured" to="/features" />
            <div className="mt-10 space-y-14">
              <ArticleCard article={features[0]!} basePath="/features" variant="lead" headingLevel={3} />
              <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
                {features.slice(1).map((item) => (
                  <ArticleCard key={item.id} article={item} basePath="/features" headingLevel={3} />
                ))}
              </div>
            </div>
          </section>
        )}

        {nothingYet && (
          <p className="border-y border-rule py-16 text-center font-serif text-lg tracking-[0.12em] text-ink-soft">
            內容準備中，敬請期待。
          </p>
        )}

        <div className="grid gap-16 lg:grid-cols-[1.6fr_1fr]">
          {news.length > 0 && (
            <section aria-label="新聞">
              <SectionHeading title="新聞" subtitle="News" to="/news" />
              <div className="mt-8 grid gap-10 sm:grid-cols-2">
                {news.slice(0, 2).map((item) => (
                  <ArticleCard key={item.id} article={item} basePath="/news" headingLevel={3} />
                ))}
              </div>
              <div className="mt-8">
                {news.slice(2).map((item) => (
                  <ArticleCard
                    key={item.id}
                    article={item}
                    basePath="/news"
                    variant="compact"
                    headingLevel={3}
                  />
                ))}
              </div>
            </section>
          )}
          {latestIssue && (
            <section aria-label="最新一期" className="bg-paper-deep p-8">
              <p className="kicker" lang="en">
                Latest Issue
              </p>
              <p className="mt-2 font-serif text-sm text-muted">第 {latestIssue.issue} 期</p>
              <Link to={`/magazines/${latestIssue.path}`} className="mt-6 block">
                <MagazineCover
                  magazine={latestIssue}
                  width={364}
                  sizes="75vw md:640px lg:290px xl:364px"
                  className="mx-auto shadow-[0_18px_40px_-18px_rgba(29,27,24,0.55)]"
                />
              </Link>
              <h2 className="mt-6 text-center font-serif text-xl font-bold">
                <Link to={`/magazines/${latestIssue.path}`} className="hover:text-primary">
                  <Phrased text={latestIssue.title} />
                </Link>
              </h2>
              {latestIssue.description && (
                <p className="mt-3 line-clamp-3 text-center text-sm leading-7 text-ink-soft">
                  {latestIssue.description}
                </p>
              )}
              <p className="mt-6 text-center">
                <Link
                  to="/magazines"
                  className="inline-block border border-ink px-6 py-2 text-sm tracking-[0.2em] hover:bg-ink hover:text-paper"
                >
                  所有期數
                </Link>
              </p>
            </section>
          )}
        </div>

        {columns.length > 0 && (
          <section aria-label="專欄">
            <SectionHeading title="專欄" subtitle="Columns" to="/columns" />
            <div className="mt-10 grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
              {columns.map((item) => (
                <ArticleCard key={item.id} article={item} basePath="/columns" headingLevel={3} />
              ))}
            </div>
          </section>
        )}

        {authors.length > 0 && (
          <section aria-label="作者">
            <SectionHeading title="作者" subtitle="Authors" to="/author" />
            <ul className="mt-10 grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-6">
              {authors.map((author) => (
                <li key={author.id} className="text-center">
                  <Link to={`/author/${author.path}`} className="group block">
                    {author.avatar && (
                      <Image
                        src={author.avatar.url}
                        alt=""
                        width={120}
                        height={120}
                        preset="avatar"
                        className="mx-auto h-24 w-24 rounded-full transition md:h-28 md:w-28"
                      />
                    )}
                    <span className="mt-3 block font-serif font-semibold group-hover:text-primary">
                      {author.name}
                    </span>
                    {author.title && <span className="mt-1 block text-xs text-muted">{author.title}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
