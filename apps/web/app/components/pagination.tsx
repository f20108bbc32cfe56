import type { PaginationMeta } from "@shiyi/contracts";
import { Link, useLocation } from "react-router";

export function Pagination({ meta }: { meta: PaginationMeta }) {
  const location = useLocation();
  if (meta.last_page <= 1) return null;
  const href = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page === 1) params.delete("page");
    else params.set("page", String(page));
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
  const pages = Array.from({ length: meta.last_page }, (_, index) => index + 1);
  return (
    <nav aria-label="分頁" className="mt-16 flex justify-center">
      <ul className="flex items-center gap-1 text-sm">
        {meta.current_page > 1 && (
          <li>
            <Link to={href(meta.current_page - 1)} rel="prev" className="px-3 py-2 hover:text-primary">
              上一頁
            </Link>
          </li>
        )}
        {pages.map((page) => (
          <li key={page}>
            <Link
              to={href(page)}
              aria-current={page === meta.current_page ? "page" : undefined}
              className={`block min-w-10 px-3 py-2 text-center ${page === meta.current_page ? "bg-ink text-paper" : "hover:text-primary"}`}
            >
              {page}
            </Link>
          </li>
        ))}
        {meta.current_page < meta.last_page && (
          <li>
            <Link to={href(meta.current_page + 1)} rel="next" className="px-3 py-2 hover:text-primary">
              下一頁
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
