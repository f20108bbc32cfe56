import { memo, useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { useNonce } from "../lib/nonce.ts";
import { isLoadingScreenExcluded, loadingScreen } from "../lib/page-loading.ts";
import { Logo } from "./logo.tsx";

declare global {
  interface Window {
    /** Set by the loading screen's inline script, before React has loaded. */
    __loadingScreen?: { start(): void; finish(): void; cover(): void; readonly percent: number };
  }
}

const id = "loading-screen";
/** The page under the screen: header, main and footer (root.tsx). */
export const pageId = "page";
/**
 * If the app never starts (scripts blocked by an extension, or lost on a bad connection), the page
 * the server sent, readable without them, is revealed anyway after this long.
 */
const failOpenMs = 6_000;

/**
 * Runs before any bundle: counts up to 92 every 100 ms and swallows wheel and touch input on the
 * screen (clicks land on the screen itself), so the percentage moves while the scripts download.
 * React later calls finish() (SPEC §4: loaded after the initial duration or at page end).
 * While it shows, the page under it is inert: the keyboard and screen readers cannot reach what
 * the eye cannot see. The page is made inert by a script at its own start (LoadingScreenCover),
 * as this one runs before the page has been parsed; without JavaScript it never is.
 * The element is looked up on each call: React makes it anew when the page changes between the
 * app and the error page, and an inline script it inserts again does not run again.
 */
const script = `(function(){var id=${JSON.stringify(id)},max=${loadingScreen.max},p=0,t=0,h=0,seen=null;
function block(e){e.preventDefault()}
function screen(){var el=document.getElementById(id);if(el&&el!==seen){seen=el;
["wheel","touchstart","touchmove"].forEach(function(type){el.addEventListener(type,block,{passive:false})})}return el}
function render(){var el=screen();if(!el)return;var n=el.querySelector("[data-percent]");if(n)n.textContent=String(p);el.setAttribute("aria-valuenow",String(p))}
function cover(){var el=screen(),page=document.getElementById(${JSON.stringify(pageId)});if(page)page.inert=!!el&&!el.hidden&&el.getAttribute("data-state")==="loading"}
function start(){var el=screen();if(!el)return;clearInterval(t);clearTimeout(h);p=0;el.hidden=false;el.setAttribute("data-state","loading");render();cover();
t=setInterval(function(){p=Math.min(max,p+Math.max(1,Math.round((max-p)/10)));render();if(p>=max)clearInterval(t)},100)}
function finish(){var el=screen();if(!el||el.getAttribute("data-state")!=="loading")return;clearInterval(t);p=100;render();el.setAttribute("data-state","done");cover();
h=setTimeout(function(){var el=screen();if(el)el.hidden=true},matchMedia("(prefers-reduced-motion: reduce)").matches?0:400)}
window.__loadingScreen={start:start,finish:finish,cover:cover,get percent(){return p}};
var el=screen();if(el&&el.getAttribute("data-state")==="loading"){start();setTimeout(finish,${failOpenMs})}})()`;

/**
 * Whether the document's first screen has been mounted in this browser. A screen React makes
 * later (the page switched between the app and the error page) starts hidden: the document is
 * already loaded. On the server every request is a first load.
 */
let documentLoaded = false;

/**
 * The full-screen loading screen (SPEC §2): the masthead and a percentage. It is in the server's
 * HTML so it covers the page from the first paint until the app has started. Without JavaScript a
 * <noscript> style in the document head hides it.
 */
export const LoadingScreen = memo(function LoadingScreen({ name }: { name: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const nonce = useNonce();
  // What the server rendered: the first page decides whether the screen starts shown.
  const [initiallyShown] = useState(
    () => !(typeof document !== "undefined" && documentLoaded) && !isLoadingScreenExcluded(location.pathname),
  );

  useEffect(() => {
    documentLoaded = true;
  }, []);
  const loading = navigation.state === "loading";
  const target = navigation.location?.pathname;

  useEffect(() => {
    const timer = setTimeout(() => window.__loadingScreen?.finish(), loadingScreen.initialDuration);
    return () => clearTimeout(timer);
  }, []);

  // With the once setting off, each page load shows the screen again (except on excluded pages).
  useEffect(() => {
    if (loadingScreen.once) return;
    if (loading && target && !isLoadingScreenExcluded(target)) window.__loadingScreen?.start();
    if (!loading) {
      const timer = setTimeout(() => window.__loadingScreen?.finish(), loadingScreen.duration);
      return () => clearTimeout(timer);
    }
  }, [loading, target]);

  return (
    <>
      <div
        id={id}
        role="progressbar"
        aria-label="網站載入中"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={0}
        data-state={initiallyShown ? "loading" : "done"}
        hidden={!initiallyShown}
        suppressHydrationWarning
        className="loading-screen fixed inset-0 z-[1000] flex flex-col items-center justify-center gap-5 bg-paper text-ink"
      >
        <Logo className="h-16 w-16" />
        <p className="font-serif text-lg font-bold tracking-[0.3em]">{name}</p>
        <p className="font-serif text-sm tabular-nums tracking-widest text-muted">
          <span data-percent suppressHydrationWarning>
            0
          </span>
          %
        </p>
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} suppressHydrationWarning />
    </>
  );
});

/** The first thing in the page under the screen: makes the page inert while the screen shows. */
export function LoadingScreenCover() {
  return (
    <script
      nonce={useNonce()}
      dangerouslySetInnerHTML={{ __html: "window.__loadingScreen&&window.__loadingScreen.cover()" }}
      suppressHydrationWarning
    />
  );
}

/** For the document head: without JavaScript nothing would ever lift the screen. */
export function LoadingScreenNoScript() {
  return (
    <noscript>
      <style>{`#${id},.${scriptsOnly}{display:none}`}</style>
    </noscript>
  );
}

/** A class for what only scripts can make true (a cart being read in the browser): hidden without them. */
export const scriptsOnly = "scripts-only";
