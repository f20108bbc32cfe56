import type { Ebook, Paginated } from "@shiyi/contracts";
import { Image } from "../components/image.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { apiContext } from "../lib/context.ts";
import { formatDate } from "../lib/format.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/ebooks";
import { Phrased } from "../components/phrased.tsx";
import { ExternalLink } from "../components/ui/external-link.tsx";
import { onePageOnly } from "../lib/articles.server.ts";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  onePageOnly(url);
  const { data: ebooks } = await context.get(apiContext).get<Paginated<Ebook>>("/ebooks");
  const platforms = [
    ...new Map(
      ebooks.flatMap((ebook) => ebook.links.map((link) => [link.platform.id, link.platform])),
    ).values(),
  ];
  return { ebooks, platforms, meta: await pageMeta({ url, context }, { page: "ebooks" }) };
}

export default function Ebooks({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.ebooks;
  return (
    <div className="container-page">
      <PageHeading kicker={page.info_title} title={page.title} description={page.description}>
        {loaderData.platforms.length > 0 && (
          <div className="mt-8">
            <p className="text-sm text-ink-soft">《食藝》同步發行於以下數位平台：</p>
            <ul className="mt-3 flex flex-wrap gap-3">
              {loaderData.platforms.map((platform) => (
                <li key={platform.id}>
                  <ExternalLink
                    href={platform.url}
                    className="inline-flex min-h-11 items-center border border-rule bg-paper px-4 text-sm hover:border-ink"
                  >
                    {platform.name}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </div>
        )}
      </PageHeading>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-12 pt-12 sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-8 lg:gap-y-14">
        {loaderData.ebooks.map((ebook, index) => (
          <li key={ebook.id} className="flex flex-col">
            {ebook.cover && (
              <Image
                src={ebook.cover.url}
                alt={`${ebook.title} 電子書封面`}
                width={280}
                height={373}
                sizes="50vw sm:33vw lg:25vw xl:280px"
                loading={index < 4 ? "eager" : "lazy"}
                className="aspect-[3/4] h-auto w-full bg-paper-deep object-cover"
              />
            )}
            {/* Two columns on a phone: a clause of eight characters (春天的野菜與山蔬) fits a line from 320 px. */}
            <h2 className="mt-4 font-serif text-[0.9375rem] font-semibold leading-snug xs:text-lg">
              <Phrased text={ebook.title} />
            </h2>
            {ebook.publication_date && (
              <p className="mt-1 text-xs text-muted">
                <time dateTime={ebook.publication_date}>{formatDate(ebook.publication_date)}</time>
              </p>
            )}
            {ebook.links.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-x-4 text-sm" aria-label={`${ebook.title} 購買平台`}>
                {ebook.links.map((link) => (
                  <li key={link.platform.id}>
                    <ExternalLink
                      href={link.url}
                      className="inline-block py-2 text-primary underline-offset-4 hover:underline"
                    >
                      {link.platform.name}
                      <span className="sr-only">：{ebook.title}</span>
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
