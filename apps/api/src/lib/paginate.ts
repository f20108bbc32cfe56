import type { PaginationMeta } from "@shiyi/contracts";

export function pageWindow(page: number, limit: number) {
  return { limit, offset: (page - 1) * limit };
}

export function paginationMeta(total: number, page: number, limit: number): PaginationMeta {
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 || (page - 1) * limit >= total ? null : (page - 1) * limit + 1;
  return {
    current_page: page,
    last_page: lastPage,
    per_page: limit,
    total,
    from,
    to: from === null ? null : Math.min(total, page * limit),
  };
}
