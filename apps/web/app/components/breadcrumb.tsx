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
    <nav
      aria-label="導覽路徑"
      id={id}
      data-scroll-anchor={scrollAnchor}
      className="min-w-0 max-w-full text-xs text-muted"
    >
      {/* One line: the current page (a long title, shown again just below) is cut short to fit. */}
      <ol className="flex items-center gap-2">
        {items.map((item, index) => (
          <li
            key={item.path}
            className={`flex items-center gap-2 ${index === items.length - 1 ? "min-w-0" : "shrink-0"}`}
          >
            {index > 0 && <span aria-hidden="true">/</span>}
            {index === items.length - 1 ? (
              <span aria-current="page" className="truncate text-ink-soft">
                {item.name}
              </span>
            ) : (
              <Link to={item.path} className="-my-2 inline-block py-2 hover:text-primary">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
