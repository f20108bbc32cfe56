import { Link } from "react-router";
import type { ArticleCardData } from "../lib/cards.ts";
import { formatDate } from "../lib/format.ts";
import { Image } from "./image.tsx";
import { Phrased } from "./phrased.tsx";

type Variant = "lead" | "standard" | "compact";

export function ArticleCard({
  article,
  basePath,
  variant = "standard",
  priority = false,
  headingLevel = 2,
}: {
  article: ArticleCardData;
  basePath: string;
  variant?: Variant;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const href = `${basePath}/${article.path}`;
  const { date } = article;
  if (variant === "compact") {
    return (
      <article className="border-t border-rule py-5">
        <p className="text-xs text-muted">
          {article.category?.name && <span className="mr-3 text-primary">{article.category.name}</span>}
          <time dateTime={date}>{formatDate(date)}</time>
        </p>
        <Heading className="mt-2 font-serif text-lg font-semibold leading-snug tracking-wide">
          <Link to={href} prefetch="intent" className="hover:text-primary">
            <Phrased text={article.title} />
          </Link>
        </Heading>
      </article>
    );
  }
  const lead = variant === "lead";
  return (
    <article
      className={`group ${lead ? "grid gap-6 md:grid-cols-[1.4fr_1fr] md:items-end" : "flex flex-col"}`}
    >
      {article.image && (
        <Link
          to={href}
          prefetch="intent"
          tabIndex={-1}
          aria-hidden="true"
          className="block overflow-hidden bg-paper-deep"
        >
          <Image
            src={article.image.url}
            alt=""
            width={lead ? 760 : 400}
            height={lead ? 475 : 250}
            sizes={lead ? "100vw md:60vw xl:760px" : "100vw sm:50vw lg:33vw xl:400px"}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            className="aspect-[16/10] h-auto w-full object-cover transition-transform duration-700 group-hover:scale-[1.02]"
          />
        </Link>
      )}
      <div className={lead ? "md:pb-4" : "mt-4"}>
        <p className="text-xs tracking-wider text-muted">
          {article.category?.name && <span className="mr-3 text-primary">{article.category.name}</span>}
          <time dateTime={date}>{formatDate(date)}</time>
        </p>
        <Heading
          className={`mt-2 font-serif font-bold leading-snug tracking-wide ${lead ? "text-2xl md:text-3xl" : "text-xl"}`}
        >
          <Link to={href} prefetch="intent" className="hover:text-primary">
            <Phrased text={article.title} />
          </Link>
        </Heading>
        {article.description && (
          <p
            className={`mt-3 text-sm leading-7 text-ink-soft ${lead ? "md:text-base md:leading-8" : "line-clamp-3"}`}
          >
            {article.description}
          </p>
        )}
        {article.author && <p className="mt-3 text-xs text-muted">文／{article.author.name}</p>}
      </div>
    </article>
  );
}
