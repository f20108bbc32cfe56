import { useEffect, useRef } from "react";
import { createPath, useLocation, useNavigation, useNavigationType } from "react-router";
import {
  menuBreakpoint,
  refreshLazyImages,
  scrollDelay,
  scrollOffsetFor,
  versionPollMs,
} from "./page-loading.ts";
import { onReaderInput, scrollToElement } from "./smooth-scroll.ts";

/**
 * What happens around every page transition (SPEC §2, §4): the focus on the new page's heading,
 * the scroll to its anchor, the lazy-image refresh, the new-version check and the reload after a
 * failed chunk load.
 */
export function usePageBehaviours() {
  useAfterNewPage();
  useLazyRefresh();
  useNewVersionReload();
  useChunkFailureReload();
}

/**
 * After a new page (not back/forward, not a #hash): focus on its heading, and the glide to its
 * anchor a moment later.
 */
function useAfterNewPage() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const shown = useRef(location.pathname + ownSearch(location.search));
  useEffect(() => {
    // A form posted to an index route (/member's) answers at `?index`, React Router's name for that
    // route's action: the address bar shows the page's own address again.
    const search = ownSearch(location.search);
    if (search !== location.search) {
      window.history.replaceState(window.history.state, "", location.pathname + search + location.hash);
    }
    // A form's reply on its own page (a refusal, say) is no new page: the focus and the scroll
    // stay with the form's message, not glide back to the page's head.
    const address = location.pathname + search;
    const samePage = shown.current === address;
    shown.current = address;
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === "POP" || location.hash || samePage) return;
    focusNewPage();
    return scrollToAnchorSoon();
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);
}

/** A location's query without React Router's `index`, which names an index route's action. */
export function ownSearch(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has("index")) return search;
  params.delete("index");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/**
 * A page reached by a link starts with focus on its heading (the one marked `data-arrival-focus`,
 * where the page marks one), as a full page load would start at the top: a keyboard or
 * screen-reader user hears the new page and tabs on from its start, not from the link they pressed
 * (a page number at the foot of the last page, say). Focus a page put somewhere itself (a form's
 * success message) stays.
 */
function focusNewPage() {
  const active = document.activeElement;
  const leftBehind =
    !active || active === document.body || active.closest("a") !== null || !active.isConnected;
  if (!leftBehind) return;
  const main = document.getElementById("main");
  // A page under a heading all its pages share (會員中心) names itself by its own heading.
  const target =
    main?.querySelector<HTMLElement>("[data-arrival-focus]") ??
    main?.querySelector<HTMLElement>("h1") ??
    main;
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/**
 * Waits 550 ms and glides to the page's `data-scroll-anchor` element, at the section's offset;
 * unless the reader has begun on the page in the meantime (scrolled, touched, pressed a key or a
 * pointer): the page then stays theirs. Returns the cancel.
 */
function scrollToAnchorSoon() {
  const timer = setTimeout(() => {
    stopListening();
    const anchor = document.querySelector<HTMLElement>("[data-scroll-anchor]");
    if (!anchor) return;
    const compact = innerWidth < menuBreakpoint;
    scrollToElement(anchor, { offset: scrollOffsetFor(anchor.dataset.scrollAnchor, compact) });
  }, scrollDelay);
  const stopListening = onReaderInput(() => clearTimeout(timer));
  return () => {
    clearTimeout(timer);
    stopListening();
  };
}

/** After a transition, at its end and 550 ms later, lazy images check their distance again. */
function useLazyRefresh() {
  const location = useLocation();
  useEffect(() => {
    refreshLazyImages();
    const timer = setTimeout(refreshLazyImages, scrollDelay);
    return () => clearTimeout(timer);
  }, [location.key]);
}

/**
 * Polls the server's build id; once it differs from ours, the next navigation is a full page load,
 * so nobody keeps running an old bundle against a new server.
 */
function useNewVersionReload() {
  const stale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (stale.current || stopped) return;
      try {
        const response = await fetch("/_version", {
          headers: { accept: "application/json" },
          cache: "no-store",
        });
        if (!response.ok) return;
        const { version } = (await response.json()) as { version?: string };
        if (version && version !== __BUILD_ID__) stale.current = true;
      } catch {
        // Offline or between deployments: the next poll asks again.
      }
    };
    const timer = setInterval(check, versionPollMs);
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  useEffect(() => {
    if (stale.current && navigation.state === "loading" && navigation.location) {
      window.location.assign(createPath(navigation.location));
    }
  }, [navigation.state, navigation.location]);
}

const reloadGuardKey = "chunk-reload-at";

/** A script chunk that fails to load (usually a deployment removed it) reloads the page, once a minute at most. */
function useChunkFailureReload() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      const last = Number(sessionStorage.getItem(reloadGuardKey) ?? 0);
      if (Date.now() - last < 60_000) return;
      event.preventDefault();
      sessionStorage.setItem(reloadGuardKey, String(Date.now()));
      window.location.reload();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);
}
