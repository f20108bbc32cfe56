/**
 * Numbers and rules of the page-loading behaviours (SPEC §2, §4, §9): the loading screen, the
 * scroll after navigation and the lazy-image refresh.
 */

/** The loading screen: shown once (first load), loaded 100 ms after start-up or 550 ms after a page ends. */
export const loadingScreen = { once: true, initialDuration: 100, duration: 550, max: 92 } as const;

/** Pages that never show the loading screen: they are landing pages of redirects and mails. */
export const loadingScreenExcludedPaths = [
  "/auth",
  "/auth/reset-password",
  "/auth/confirmation",
  "/cart/result",
  "/support-us/result",
] as const;

const trimSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

export function isLoadingScreenExcluded(pathname: string) {
  return (loadingScreenExcludedPaths as readonly string[]).includes(trimSlash(pathname));
}

/** The screen's counter climbs by a tenth of what is left each tick (at least 1), topping out at 92. */
export function nextLoadingPercent(percent: number, max: number = loadingScreen.max) {
  return Math.min(max, percent + Math.max(1, Math.round((max - percent) / 10)));
}

/** Where a section's pages scroll to after a navigation: an element with `data-scroll-anchor`. */
export type ScrollSection = "default" | "cart" | "magazines";

/**
 * Offsets above the anchor (SPEC §9): 140 by default, 120 for the cart, 60 for magazines; the second
 * configuration (80) is the compact header below the lg breakpoint, where 140 would overshoot.
 */
export const scrollOffsets = { default: 140, cart: 120, magazines: 60, compact: 80 } as const;

export const scrollDelay = 550;

export function scrollOffsetFor(section: string | undefined, compact: boolean) {
  if (section === "cart") return scrollOffsets.cart;
  if (section === "magazines") return scrollOffsets.magazines;
  return compact ? scrollOffsets.compact : scrollOffsets.default;
}

/** The lg breakpoint (SPEC §9): the menu and header switch here. */
export const menuBreakpoint = 992;

/** How often the browser asks whether a new build is out. */
export const versionPollMs = 60_000;

/** Images listen for this to check again whether they are near the viewport. */
export const lazyRefreshEvent = "lazy:refresh";

export function refreshLazyImages() {
  window.dispatchEvent(new Event(lazyRefreshEvent));
}
