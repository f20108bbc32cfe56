import type { Category, Paginated } from "@shiyi/contracts";
import type { ArticleCardData } from "../lib/cards.ts";
import { NavLink } from "react-router";
import { ArticleCard } from "./article-card.tsx";
import { PageHeading } from "./page-heading.tsx";
import { Pagination } from "./pagination.tsx";

/**
 * A category tab: 44 px tall on touch-sized screens, compact from md up (as the small buttons are),
 * filled when it is the list shown.
 */
const chip = ({ isActive }: { isActive: boolean }) =>
  [
    "inline-flex min-h-11 items-center border px-4 py-1.5 md:min-h-0",
    isActive ? "border-ink bg-ink text-paper" : "border-rule hover:border-ink",
  ].join(" ");

/** A section's list: heading, category tabs, a lead story, then a grid. */
export function ArticleListView({
  kicker,
  title,
  description,
  basePath,
  list,
  categories,
  category,
}: {
  kicker: string;
  title: string;
  description?: string | null;
  basePath: string;
  list: Paginated<ArticleCardData>;
  categories: Category[];
  category: Category | null;
}) {
  const [lead, ...rest] = list.data;
  const showLead = lead && list.meta.current_page === 1;
  const grid = showLead ? rest : list.data;
  return (
    <div className="container-page">
      <PageHeading
        kicker={kicker}
        title={category ? category.name : title}
        description={category?.description ?? description}
      >
        {categories.length > 0 && (
          <nav aria-label="分類" className="mt-8">
            <ul className="flex flex-wrap gap-2 text-sm">
              <li>
                <NavLink to={basePath} end className={chip}>
                  全部
                </NavLink>
              </li>
              {categories.map((item) => (
                <li key={item.id}>
                  <NavLink to={`${basePath}/category/${item.path}`} className={chip}>
                    {item.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </PageHeading>
      {list.data.length === 0 ? (
        <p className="py-24 text-center text-ink-soft">目前還沒有文章。</p>
      ) : (
        <>
          {showLead && (
            <div className="border-b border-rule py-10">
              <ArticleCard article={lead} basePath={basePath} variant="lead" priority />
            </div>
          )}
          <div className="grid gap-x-8 gap-y-14 pt-12 sm:grid-cols-2 lg:grid-cols-3">
            {grid.map((article, index) => (
              <ArticleCard
                key={article.id}
                article={article}
                basePath={basePath}
                priority={!showLead && index < 3}
              />
            ))}
          </div>
          <Pagination meta={list.meta} />
        </>
      )}
    </div>
  );
}
