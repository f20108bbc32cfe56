import type { CartLine, Item, PublicSettings } from "@shiyi/contracts";
import { loggedOut, sessionExpired } from "@shiyi/contracts/session-messages";
import { useEffect, useEffectEvent, useRef, type ReactNode } from "react";
import { CartSync } from "./components/cart/cart-sync.tsx";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useFetchers,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage, errorTitle } from "./components/error-page.tsx";
import { LoadingBar } from "./components/loading-bar.tsx";
import {
  LoadingScreen,
  LoadingScreenCover,
  LoadingScreenNoScript,
  pageId,
} from "./components/loading-screen.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { ConfirmProvider, useConfirm } from "./components/ui/confirm-dialog.tsx";
import { showToast, ToastProvider } from "./components/ui/toast.tsx";
import { pieceCount } from "./lib/cart/local-cart.ts";
import { useLocalCart } from "./lib/cart/use-local-cart.ts";
import { apiContext, siteConfigContext } from "./lib/context.ts";
import { pageLoadingBar } from "./lib/loading-indicator.ts";
import type { SiteData } from "./lib/site.ts";
import { getMember, sessionContext, type Notice } from "./lib/session.server.ts";
import { usePageBehaviours } from "./lib/use-page-behaviours.ts";

/**
 * What the root knows of the visitor: the member's name and the pieces in their server cart for the
 * header (a visitor's cart is counted in the browser), and a one-shot notice.
 */
type Visitor = { member: { name: string } | null; cartCount: number | null; notice?: Notice };
type RootData = SiteData & Visitor & { settings: PublicSettings };

/**
 * Every request starts the session (SPEC §4: no access token but a refresh token → exchange it)
 * and leaves with the cookies it changed.
 */
const sessionMiddleware: Route.MiddlewareFunction = async ({ context }, next) => {
  const session = context.get(sessionContext);
  await session.start();
  const response = await next();
  for (const cookie of session.setCookieHeaders) response.headers.append("set-cookie", cookie);
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export function meta({ error, loaderData }: Route.MetaArgs) {
  if (!error) return [];
  const name = loaderData?.settings.name ?? "食藝誌";
  return [{ title: `${errorTitle(error)}｜${name}` }, { name: "robots", content: "noindex" }];
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const api = context.get(apiContext);
  const [settings, member, cart] = await Promise.all([
    api.get<Item<PublicSettings>>("/settings"),
    getMember(context),
    getMember(context).then((member) => (member ? api.get<{ data: CartLine[] }>("/cart") : null)),
  ]);
  return {
    settings: settings.data,
    publicUrl: context.get(siteConfigContext).publicUrl,
    member: member && { name: member.name },
    cartCount: cart && pieceCount(cart.data),
    notice: context.get(sessionContext).takeNotice(),
  };
}

/** Signing in and out happens on /auth and /member pages: entering or leaving them re-reads who is here. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Showing a visitor's local cart reads, never changes, what the root knows.
  if (formAction === "/cart/preview") return false;
  const sessionPath = (url: URL) => /^\/(?:auth|member)(?:\/|$)/.test(url.pathname);
  return defaultShouldRevalidate || sessionPath(currentUrl) || sessionPath(nextUrl);
}

export function Layout({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<RootData>("root");
  const localLines = useLocalCart();
  const member = site?.member ?? null;
  const cartCount = member ? (site?.cartCount ?? null) : localLines && pieceCount(localLines);
  return (
    <html lang="zh-Hant-TW">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f1" />
        {/* With a precedence React writes the stylesheet before the script preloads, so it is not queued behind them. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        <link
          rel="search"
          type="application/opensearchdescription+xml"
          href="/opensearch.xml"
          title={site?.settings.name ?? "食藝誌"}
        />
        <LoadingScreenNoScript />
      </head>
      <body className="flex min-h-dvh flex-col">
        <LoadingScreen name={site?.settings.name ?? "食藝誌"} />
        <ToastProvider>
          <ConfirmProvider>
            <PageBehaviours />
            {/* Laid out as if it were not there; inert while the loading screen covers it (the
                attribute is the screen's script's, hence no hydration warning for it). */}
            <div id={pageId} className="contents" suppressHydrationWarning>
              <LoadingScreenCover />
              <SiteHeader name={site?.settings.name ?? "食藝誌"} member={member} cartCount={cartCount} />
              {/* A target the skip link moves the focus to, not only the view (Safari and VoiceOver). */}
              <main id="main" tabIndex={-1} className="flex-1 outline-none">
                {children}
              </main>
              {site && <SiteFooter settings={site.settings} />}
            </div>
          </ConfirmProvider>
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The loading bars and the behaviours every page transition shares (SPEC §2, §4). */
function PageBehaviours() {
  usePageBehaviours();
  const navigating = useNavigation().state !== "idle";
  const working = useFetchers().some((fetcher) => fetcher.state !== "idle");
  return (
    <>
      <LoadingBar active={navigating} label="頁面載入中" options={pageLoadingBar} />
      <LoadingBar active={working} label="處理中" />
    </>
  );
}

export default function App() {
  const { member, notice } = useLoaderData<typeof loader>();
  return (
    <>
      <SessionNotice notice={notice} />
      <SessionSync who={member ? `member:${member.name}` : "visitor"} />
      {member && <KeepAlive />}
      <CartSync member={Boolean(member)} />
      <Outlet />
    </>
  );
}

/**
 * SPEC §4: after a session could not be refreshed, the login page opens with this dialog. After
 * the logout button, the page it leads to says so.
 */
function SessionNotice({ notice }: { notice: Notice | undefined }) {
  const confirm = useConfirm();
  useEffect(() => {
    if (notice === "signed-out") showToast({ type: "success", message: loggedOut });
    if (notice !== "session-expired") return;
    void confirm({
      title: sessionExpired.title,
      message: sessionExpired.message,
      hideCancel: true,
    });
  }, [notice, confirm]);
  return null;
}

/**
 * Signing in or out in one tab shows in the site's other tabs at once: the tab whose visitor changed
 * says so on a channel, and the others read who is here again (a tab that already agrees does not).
 */
function SessionSync({ who }: { who: string }) {
  const { revalidate } = useRevalidator();
  const channel = useRef<BroadcastChannel | null>(null);
  const onMessage = useEffectEvent((event: MessageEvent) => {
    if ((event.data as { who?: unknown } | null)?.who !== who) void revalidate();
  });
  useEffect(() => {
    if (typeof BroadcastChannel !== "function") return;
    const opened = new BroadcastChannel("shiyi_session");
    opened.onmessage = (event) => onMessage(event);
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
    };
  }, []);
  const previous = useRef(who);
  useEffect(() => {
    if (previous.current === who) return;
    previous.current = who;
    channel.current?.postMessage({ who });
  }, [who]);
  return null;
}

/** SPEC §4: when the tab becomes visible while logged in, the member's own record is fetched. */
function KeepAlive() {
  const { load } = useFetcher();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void load("/auth/session");
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [load]);
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
