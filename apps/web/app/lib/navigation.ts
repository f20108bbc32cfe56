/** The main navigation of SPEC §2: path and English subtitle, with the zh-TW label shown first. */
export const mainNavigation = [
  { to: "/features", label: "專題", subtitle: "Featured" },
  { to: "/news", label: "新聞", subtitle: "News" },
  { to: "/magazines", label: "雜誌", subtitle: "Magazines" },
  { to: "/columns", label: "專欄", subtitle: "Columns" },
  { to: "/about", label: "關於", subtitle: "About" },
  { to: "/contact", label: "聯絡", subtitle: "Contact" },
  { to: "/support-us", label: "支持", subtitle: "Support Us" },
  { to: "/ebooks", label: "電子書", subtitle: "Ebooks" },
] as const;

export const secondaryNavigation = [
  { to: "/author", label: "作者", subtitle: "Authors" },
  { to: "/policy/shopping-notice", label: "購物須知", subtitle: "Notice" },
  { to: "/policy", label: "條款政策", subtitle: "Policy" },
] as const;

/**
 * Of the menu's paths, the one the page at `pathname` belongs to: the longest that is the path or
 * a section above it. On /policy/shopping-notice that is 購物須知, not 條款政策 as well.
 */
export function currentMenuPath(pathname: string, paths: readonly string[]): string | undefined {
  const within = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  return paths.filter(within).sort((a, b) => b.length - a.length)[0];
}

/** The footer's menu, where the header's 選單 leads before scripts run (and without them). */
export const siteMenuId = "site-menu";
