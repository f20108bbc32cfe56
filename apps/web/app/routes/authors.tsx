import type { AuthorSummary, Paginated } from "@shiyi/contracts";
import { Link } from "react-router";
import { Image } from "../components/image.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { apiContext } from "../lib/context.ts";
import { pageHeading, pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/authors";
import { onePageOnly } from "../lib/articles.server.ts";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  onePageOnly(url);
  const fallback = {
    title: "作者",
    infoTitle: "Authors",
    description: "為《食藝》書寫的主廚、研究者、記者與經營者。",
  };
  const [{ data: authors }, heading, meta] = await Promise.all([
    context.get(apiContext).get<Paginated<AuthorSummary>>("/authors"),
    pageHeading({ url, context }, fallback),
    pageMeta({ url, context }, { fallback }),
  ]);
  return { authors, heading, meta };
}

export default function Authors({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page">
      <PageHeading
        kicker={loaderData.heading.infoTitle}
        title={loaderData.heading.title}
        description={loaderData.heading.description}
      />
      <ul id="author-nav" className="grid gap-x-8 gap-y-14 pt-12 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.authors.map((author, index) => (
          <li key={author.id} className="group relative flex gap-5">
            {author.avatar && (
              <Image
                src={author.avatar.url}
                alt=""
                width={96}
                height={96}
                preset="avatar"
                loading={index < 6 ? "eager" : "lazy"}
                className="h-24 w-24 shrink-0 rounded-full"
              />
            )}
            <div>
              <h2 className="font-serif text-xl font-semibold group-hover:text-primary">
                {/* The whole card is the link's target (::after), the name its accessible name. */}
                <Link to={`/author/${author.path}`} className="after:absolute after:inset-0">
                  {author.name}
                </Link>
              </h2>
              {author.title && <p className="mt-1 text-xs text-muted">{author.title}</p>}
              {author.description && (
                <p className="mt-2 text-sm leading-7 text-ink-soft">{author.description}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
