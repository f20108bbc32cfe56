/**
 * The page's own path when `pathname` is another spelling of it, so that each page has one
 * address; null when it is the page's own. The answer is always a path on this site (one leading
 * slash). The site's sections are lower case (`/News` is `/news`, `/news/Category/x` is
 * `/news/category/x`), and no path ends in a slash. An item's own slug may hold capitals, so what
 * follows a section is kept as sent, percent-escapes included.
 */
export function ownPath(pathname: string): string | null {
  // Runs of slashes are one: `//host/` must never become a redirect to another site.
  const segments = pathname
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "")
    .split("/");
  // A section's name is plain ASCII; anything else (`/%E4%B8%AD`) is no section in other capitals,
  // and lower-casing its percent-escapes would only move a 404 to another address.
  if (segments[1] && /^[A-Za-z0-9-]+$/.test(segments[1])) segments[1] = segments[1].toLowerCase();
  if (segments[2]?.toLowerCase() === "category") segments[2] = "category";
  const own = segments.join("/") || "/";
  return own === pathname ? null : own;
}

/**
 * Whether a request's target as sent (`/news/%2e%2e?x`) holds a `.` or `..` segment, in any spelling.
 * The request's URL has them resolved already (`/news/%2e%2e` reads `/`), so the page would be
 * served at an address of its own; such a target is sent to the path it resolves to.
 */
export const hasDotSegment = (target: string) =>
  /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(target.split(/[?#]/, 1)[0]!);
