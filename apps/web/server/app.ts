import { readdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import {
  compressResponses,
  createApi,
  healthCheck,
  localOAuthProvider,
  securityHeaders,
  shopConfig,
  unroutedAnswer,
  type Database,
  type Logger,
  type MailService,
  type OrderDeps,
  type RateLimitStore,
  type ServingState,
} from "@shiyi/api";
import { createEcpaySimulator } from "@shiyi/ecpay/simulator";
import { messages } from "@shiyi/contracts/messages";
import type { MediaStore } from "@shiyi/media-store";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { isbot } from "isbot";
import { createRequestHandler, type ServerBuild } from "react-router";
import type * as entry from "../app/entry.server.tsx";
import type { ApiFetch } from "../app/lib/api.server.ts";
import { deferModuleScripts } from "./defer-scripts.ts";
import type { WebConfig } from "./env.ts";
import { imageRoutes } from "./images.ts";
import { hasDotSegment, ownPath } from "./own-path.ts";
import { cachePublicPages } from "./page-cache.ts";
import { cachePublicReads, publicReadTtlMs } from "./read-cache.ts";
import { requestLog } from "./request-log.ts";

/** Public HTML may be cached by a CDN for five minutes and served stale for a day while it refreshes. */
export const publicPageCache = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
const immutable = "public, max-age=31536000, immutable";
/** The methods a page answers. */
const pageMethods = "GET, HEAD, POST";
/** Bounds of the micro-cache of rendered pages: an article page is about 45 KB, 10 KB gzipped. */
const pageCacheLimits = { maxEntries: 1000, maxBytes: 32 * 2 ** 20 };
/** The largest body a page's form may post: the API's own limit, which the form is passed on to. */
const maxPageFormBytes = 512 * 1024;

export type WebServerOptions = {
  config: WebConfig;
  build: ServerBuild;
  clientDir: string;
  logger: Logger;
  /** The pictures served at /media and made to size at /_ipx: a folder, or a bucket (decision 021). */
  media: MediaStore;
  /** The database for the in-process API; absent when API_BASE_URL points elsewhere. */
  db?: Database;
  /** The in-process API's mail (with the local catcher's inbox when SMTP_URL is unset); absent likewise. */
  mail?: Pick<MailService, "mailer" | "inbox">;
  /** Where the in-process API counts attempts (Redis when REDIS_URL is set); default: this process. */
  rateLimitStore?: RateLimitStore;
  /** Given what the in-process API's payment jobs need, once it is built (main.ts starts the payment sweeper). */
  startPaymentJobs?: (deps: OrderDeps) => void;
  /** Whether the process is shutting down (main.ts's SIGTERM handler sets it), for /_health. */
  serving?: ServingState;
};

/**
 * One process serves everything by default: the API at /api, the image proxy at /_ipx, hashed
 * assets, and the React Router site, whose loaders reach the API in-process; without SMTP_URL
 * (never in production), the local mail catcher's inbox at /_mail; for social providers without
 * keys (never in production), the local OAuth provider at /_oauth.
 */
export function createWebServer({
  config,
  build,
  clientDir,
  logger,
  db,
  mail,
  media: mediaStore,
  rateLimitStore,
  startPaymentJobs,
  serving = { draining: false },
}: WebServerOptions) {
  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use("*", securityHeaders({ https: config.publicUrl.startsWith("https:") }));
  // For the load balancer, before the page log and caches: 503 while shutting down, or when the
  // in-process API's database does not answer.
  app.get("/_health", healthCheck({ db, state: serving }));
  let apiFetch: ApiFetch;
  let apiBaseUrl: string;
  if (config.apiBaseUrl) {
    apiFetch = (request) => fetch(request);
    apiBaseUrl = config.apiBaseUrl;
  } else {
    if (!db || !mail) throw new Error("The in-process API needs a database and a mailer");
    // ECPay in simulator mode (never in production): the stand-in at /_ecpay, reached in-process
    // both ways (the API's calls to ECPay, the simulator's notifications to the API).
    const simulatorBase = `${config.publicUrl}/_ecpay`;
    let simulatorFetch: typeof fetch | undefined;
    const inProcess =
      (prefix: string, target: () => typeof fetch | undefined): typeof fetch =>
      (input, init) => {
        const request = new Request(input, init);
        const handler = target();
        if (handler && request.url.startsWith(`${prefix}/`)) {
          const url = new URL(request.url);
          const path = url.pathname.slice(new URL(prefix).pathname.length) + url.search;
          return handler(new Request(new URL(path, "http://in-process"), request));
        }
        return fetch(request);
      };
    const shop = shopConfig(config.shop, {
      simulatorBase,
      fetch: inProcess(simulatorBase, () => simulatorFetch),
    });
    const orderDeps: OrderDeps = { db, logger, mailer: mail.mailer, auth: config.auth, shop };
    const api = createApi({ ...orderDeps, rateLimitStore, trustedProxies: config.trustedProxies });
    startPaymentJobs?.(orderDeps);
    app.route("/api", api);
    // A path the API does not know is the API's JSON 404 (405 for a known path and another
    // method), not the site's page.
    app.all("/api/*", unroutedAnswer(api.routes, "/api"));
    if (shop.mode === "simulator") {
      const simulator = createEcpaySimulator({
        merchants: [shop.payment],
        logisticsMerchants: [shop.logistics],
        invoiceMerchants: [shop.invoice],
        fetch: inProcess(
          config.auth.apiUrl,
          () => (input, init) => Promise.resolve(api.fetch(new Request(input, init))),
        ),
      });
      simulatorFetch = (input, init) => Promise.resolve(simulator.fetch(new Request(input, init)));
      app.route("/_ecpay", simulator);
    }
    if (mail.inbox) app.route("/_mail", mail.inbox);
    // The local OAuth provider for Google, Facebook and LINE without keys (never in production).
    const oauth = localOAuthProvider(config.auth);
    if (oauth) app.route("/_oauth", oauth);
    apiBaseUrl = "http://in-process/api";
    apiFetch = (request) => {
      const url = new URL(request.url);
      return Promise.resolve(
        api.fetch(new Request(new URL(url.pathname.slice(4) + url.search, url), request)),
      );
    };
  }

  apiFetch = cachePublicReads(apiFetch, { ttlMs: publicReadTtlMs, maxEntries: 1000 });

  // Compression is applied per kind of answer: for pages it sits inside the page cache, so that a
  // page is kept as it was sent.
  const compressed = compressResponses();
  // Scripts and stylesheets go as the build compressed them (Brotli, gzip; vite/precompress.ts).
  app.use(
    "/assets/*",
    compressed,
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("cache-control", immutable),
    }),
  );
  app.route(
    "/",
    imageRoutes({ media: mediaStore, clientDir, logger, compressed, trustedProxies: config.trustedProxies }),
  );

  // The build's other public files (favicon.svg, og/…) are routed by their names, listed once here:
  // a catch-all lookup would cost every page request a failed stat() of the client folder.
  const servePublicFile = serveStatic({
    root: clientDir,
    onFound: (_path, c) => c.header("cache-control", "public, max-age=3600"),
  });
  for (const entry of readdirSync(clientDir, { withFileTypes: true })) {
    app.use(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, compressed, servePublicFile);
  }

  // Browsers ask for /favicon.ico wherever a page names no icon (the API's reference, the stand-ins).
  app.get("/favicon.ico", (c) => {
    c.header("cache-control", "public, max-age=86400");
    return c.redirect("/favicon.svg", 301);
  });

  app.use("*", requestLog(logger));
  // Anonymous reads of public pages are rendered once per few seconds (decision 007).
  if (config.pageCacheTtlMs > 0) {
    app.use("*", cachePublicPages({ ttlMs: config.pageCacheTtlMs, ...pageCacheLimits }));
  }
  app.use("*", compressed);

  // ECPay sends the browser back to the order's result page with a cross-site form POST
  // (OrderResultURL, ClientRedirectURL). React Router refuses actions from another origin (its
  // CSRF check), and the POST carries none of the SameSite=Lax session cookies anyway: its body is
  // not read, and the browser goes on to the page as a GET, which carries them.
  app.post("/cart/result", (c) => {
    const number = c.req.query("number") ?? "";
    return c.redirect(/^\d{6,20}$/.test(number) ? `/cart/result?number=${number}` : "/cart", 303);
  });
  // The same for a gift (GET /donate-ecpay's OrderResultURL and ClientRedirectURL).
  app.post("/support-us/result", (c) => {
    const number = c.req.query("number") ?? "";
    return c.redirect(/^\d{6,20}$/.test(number) ? `/support-us/result?number=${number}` : "/support-us", 303);
  });

  // A page's form is a few kilobytes (the largest, the local cart merged at login, a few hundred):
  // a bigger body is refused before it is read, as the API refuses its own.
  app.post("*", bodyLimit({ maxSize: maxPageFormBytes, onError: (c) => c.text(messages.tooLarge, 413) }));

  // React Router takes a form only from the request's own origin. Behind a proxy that ends TLS the
  // request arrives as http://, while the browser's Origin is the public https:// one: the public
  // host is allowed too, or no form of the site could be sent.
  const publicOrigin = new URL(config.publicUrl).origin;
  const handle = createRequestHandler(
    { ...build, allowedActionOrigins: [...(build.allowedActionOrigins || []), new URL(publicOrigin).host] },
    config.mode,
  );
  const { createLoadContext, errorPageHeader } = build.entry.module as unknown as typeof entry;
  app.all("*", async (c) => {
    // Pages are read (GET, HEAD) and their forms posted (POST); nothing else reaches React Router.
    if (c.req.method === "OPTIONS") return c.body(null, 204, { allow: pageMethods });
    if (!["GET", "HEAD", "POST"].includes(c.req.method)) {
      return c.text("此頁面不支援這個操作", 405, { allow: pageMethods });
    }
    // One address per page: /News/ and /news are /news (the site's paths are lower case), and
    // /news/%2e%2e is / (the URL reads it so already; the target as sent still says otherwise).
    const pathname = new URL(c.req.url).pathname;
    const own =
      c.req.method === "POST"
        ? null
        : hasDotSegment(requestTarget(c.env) ?? "")
          ? (ownPath(pathname) ?? pathname)
          : ownPath(pathname);
    if (own) return c.redirect(own + new URL(c.req.url).search, 301);
    // React Router refuses a form from another site itself (its CSRF check), with an English 400
    // and an error in the log: the same test, made first, answers in zh-TW.
    if (c.req.method === "POST" && fromAnotherSite(c.req.raw, publicOrigin)) {
      return c.text("此頁面不接受其他網站送出的表單", 403);
    }
    const requestId = c.get("requestId");
    const context = createLoadContext({
      apiFetch,
      apiBaseUrl,
      publicUrl: config.publicUrl,
      apiPublicUrl: config.auth.apiUrl,
      captchaSiteKey: config.captchaSiteKey,
      requestId,
      forwardedFor: forwardedFor(c.req.header("x-forwarded-for"), c.env),
      request: c.req.raw,
      clientSecret: config.auth.clientSecret,
      logError: (error, message) => logger.error({ err: error, requestId, path: c.req.path }, message),
    });
    const response = await deferModuleScripts(await wrongMethodInZh(await handle(c.req.raw, context)));
    // Search-engine and preview bots get the status only of an error page; the error is logged, not
    // rendered. A form's reply with a 4xx status is no error page, whoever sent it.
    const errorPage = response.headers.has(errorPageHeader);
    response.headers.delete(errorPageHeader);
    if (errorPage && isbot(c.req.header("user-agent"))) {
      logger.warn({ requestId, status: response.status, path: c.req.path }, "error page withheld from a bot");
      return new Response(null, { status: response.status });
    }
    // Said here, on the page's own headers: compressResponses() would otherwise add it through
    // c.header(), which makes the answer anew around its body.
    if (!/accept-encoding/i.test(response.headers.get("vary") ?? "")) {
      response.headers.append("vary", "Accept-Encoding");
    }
    if (hasSession(c.req.raw.headers) || response.headers.has("set-cookie")) {
      // A member's page (or one that changes the session) is theirs alone: never shared, never stored.
      response.headers.set("cache-control", "private, no-store");
    } else if (
      // HEAD says what GET would (RFC 9110 §9.3.2): its headers are GET's.
      (c.req.method === "GET" || c.req.method === "HEAD") &&
      response.status === 200 &&
      !response.headers.has("cache-control")
    ) {
      response.headers.set("cache-control", publicPageCache);
      // A visitor's page is everyone's, but not a member's: a shared cache keyed on the address
      // alone would hand this page (its header signed out) to a member too.
      response.headers.append("vary", "Cookie");
    } else if (response.status >= 400 && !response.headers.has("cache-control")) {
      // An error page is not kept: a scheduled item's 404 would outlive its publication, as the
      // API's own 404s are not kept for the same reason.
      response.headers.set("cache-control", "no-store");
    }
    return response;
  });

  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, "unhandled web error");
    return c.text("伺服器發生錯誤！請稍後再試", 500);
  });

  return app;
}

/**
 * A form posted from another site: an `Origin` that is neither the request's own nor the site's
 * public one (`null` included). A request without the header is a same-origin one.
 */
function fromAnotherSite(request: Request, publicOrigin: string): boolean {
  const origin = request.headers.get("origin");
  if (origin === null || origin === publicOrigin) return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/**
 * React Router answers a file, feed or redirect route (a route without a page) asked with a method
 * it has no function for, as a 400 (no loader) or a 405 (no action) whose body is its own English
 * `{"message":"Unexpected Server Error"}`. Here they are the 405 every page gives, with the method
 * the route does take.
 */
async function wrongMethodInZh(response: Response): Promise<Response> {
  if ((response.status !== 400 && response.status !== 405) || !isJson(response)) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown } | null;
  if (body?.message !== "Unexpected Server Error") return response;
  const allow = response.status === 400 ? "POST" : "GET, HEAD";
  return new Response("此頁面不支援這個操作", {
    status: 405,
    headers: { allow, "content-type": "text/plain; charset=UTF-8", "cache-control": "no-store" },
  });
}

const isJson = (response: Response) =>
  /^application\/json\b/.test(response.headers.get("content-type") ?? "");

/** Whether the request carries a member's session cookies (an access or a refresh token). */
function hasSession(headers: Headers) {
  const cookie = headers.get("cookie");
  return cookie !== null && /(?:^|;\s*)shiyi_(?:at|rt)=[^;]/.test(cookie);
}

/** The request's target as the client sent it, before the URL resolved its dot segments. */
const requestTarget = (env: unknown) => (env as { incoming?: { url?: string } } | undefined)?.incoming?.url;

/** The chain the API reads a client's address from: what proxies said, then who connected to us. */
function forwardedFor(header: string | undefined, env: unknown): string | undefined {
  const peer = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
  return [header, peer].filter(Boolean).join(", ") || undefined;
}

export const defaultClientDir = (webDir: string) => path.join(webDir, "build", "client");
