import type { Article, ArticleSummary, Item, Paginated } from "@shiyi/contracts";
import { Image } from "../components/image.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { proxyBodyImages } from "../lib/article-html.ts";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/about";
import { Phrased } from "../components/phrased.tsx";
import { latinLang } from "../lib/format.ts";

export const meta: Route.MetaFunction = loaderMeta;

/** The about page is the "about" content blocks, in their editorial order. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const { data: blocks } = await api.get<Paginated<ArticleSummary>>("/article/about");
  const sections = await Promise.all(
    blocks.map(async (block) => {
      const { data } = await api.get<Item<Article>>(`/article/content/${block.id}`);
      return { ...data, content: data.content ? proxyBodyImages(data.content) : null };
    }),
  );
  return { sections, meta: await pageMeta({ url, context }, { page: "about" }) };
}

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.about;
  return (
    <div className="container-page">
      <PageHeading kicker={page.info_title} title={page.title} description={page.description} />
      {loaderData.sections.map((section, index) => (
        <section
          key={section.id}
          aria-labelledby={`about-${section.id}`}
          className="grid gap-x-16 gap-y-8 border-b border-rule py-14 last:border-0 lg:grid-cols-[1fr_1.2fr]"
        >
          {/* The heading leads, above both columns; the picture changes sides from section to section. */}
          <header className="lg:col-span-2">
            {/* The page's own kicker (About) is not said again over its first section. */}
            {section.info_title && section.info_title.toLowerCase() !== page.info_title.toLowerCase() && (
              <p className="kicker" lang={latinLang(section.info_title)}>
                {section.info_title}
              </p>
            )}
            <h2
              id={`about-${section.id}`}
              className="mt-3 font-serif text-2xl font-bold tracking-[0.12em] md:text-3xl"
            >
              <Phrased text={section.title} />
            </h2>
          </header>
          {/* Beside a long text the picture stays in view as the text is read (lg: sticky). */}
          {section.image && (
            <Image
              src={section.image.url}
              alt={section.image.alt ?? ""}
              width={560}
              height={350}
              sizes="100vw lg:45vw xl:608px"
              loading={index === 0 ? "eager" : "lazy"}
              className={`aspect-[16/10] h-auto w-full object-cover lg:sticky lg:top-8 lg:self-start ${index % 2 === 1 ? "lg:order-2" : ""}`}
            />
          )}
          {section.content && (
            <div
              className={`prose-article ${section.image ? "" : "max-w-[42rem] lg:col-span-2"}`}
              dangerouslySetInnerHTML={{ __html: section.content }}
            />
          )}
        </section>
      ))}
    </div>
  );
}
