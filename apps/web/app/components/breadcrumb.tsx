import { Link } from "react-router";

export type Crumb = { name: string; path: string };

export function Breadcrumb({
  items,
  id,
  scrollAnchor,
}: {
  items: Crumb[];
  id?: string;
  scrollAnchor?: string;
}) {
  return (
    <nav aria-label="導覽路徑" id={id} data-scroll-anchor={scrollAnchor} className="text-xs text-muted">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map((item, index) => (
          <li key={item.path} className="flex items-center gap-2">
            {index > 0 && <span aria-hidden="true">/</span>}
            {index === items.length - 1 ? (
              <span aria-current="page" className="text-ink-soft">
                {item.name}
              </span>
            ) : (
              <Link to={item.path} className="hover:text-primary">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
