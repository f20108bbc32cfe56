import type { Item, Paginated, SeoEntry, Settings } from "@shiyi/contracts";
import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetchers,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage, errorTitle } from "./components/error-page.tsx";
import { LoadingBar } from "./components/loading-bar.tsx";
import { LoadingScreen, LoadingScreenNoScript } from "./components/loading-screen.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { ConfirmProvider } from "./components/ui/confirm-dialog.tsx";
import { ToastProvider } from "./components/ui/toast.tsx";
import { apiContext, siteConfigContext } from "./lib/context.ts";
import { pageLoadingBar } from "./lib/loading-indicator.ts";
import type { SiteData } from "./lib/seo.ts";
import { usePageBehaviours } from "./lib/use-page-behaviours.ts";

export function meta({ error, loaderData }: Route.MetaArgs) {
  if (!error) return [];
  const name = loaderData?.settings.name ?? "食藝誌";
  return [{ title: `${errorTitle(error)}｜${name}` }, { name: "robots", content: "noindex" }];
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: Route.LoaderArgs): Promise<SiteData> {
  const api = context.get(apiContext);
  const [settings, seo] = await Promise.all([
    api.get<Item<Settings>>("/settings"),
    api.get<Paginated<SeoEntry>>("/article/seo"),
  ]);
  return { settings: settings.data, seo: seo.data, publicUrl: context.get(siteConfigContext).publicUrl };
}

export function Layout({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<SiteData>("root");
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
        <LoadingScreenNoScript />
      </head>
      <body className="flex min-h-dvh flex-col">
        <LoadingScreen name={site?.settings.name ?? "食藝誌"} />
        <ToastProvider>
          <ConfirmProvider>
            <PageBehaviours />
            <SiteHeader name={site?.settings.name ?? "食藝誌"} />
            <main id="main" className="flex-1">
              {children}
            </main>
            {site && <SiteFooter settings={site.settings} />}
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
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
