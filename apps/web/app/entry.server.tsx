import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { newNonce, scriptPolicy } from "@shiyi/contracts/content-security-policy";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { createApiClient, type ApiFetch } from "./lib/api.server.ts";
import { apiContext, errorLogContext, siteConfigContext, type ErrorLog } from "./lib/context.ts";
import { NonceContext } from "./lib/nonce.ts";
import { createTokenRefresher, RequestSession, sessionContext } from "./lib/session.server.ts";

export type LoadContextOptions = {
  apiFetch: ApiFetch;
  apiBaseUrl: string;
  publicUrl: string;
  /** The API's address for browsers (`PUBLIC_URL/api`, or API_BASE_URL when it runs apart). */
  apiPublicUrl: string;
  /** reCAPTCHA's site key; unset, the local stand-in (see SiteConfig). */
  captchaSiteKey?: string;
  requestId: string;
  /** The browser's address chain (`X-Forwarded-For` as received, then the socket's peer), for rate limits. */
  forwardedFor?: string;
  /** The request, for the session's cookies and the path to come back to after a new login. */
  request: Request;
  /** The secret of client 13 (SPEC §9), presented when refreshing; it never leaves this server. */
  clientSecret: string;
  /** Where loaders' and the render's failures are logged (the server's JSON log, with the request id). */
  logError?: ErrorLog;
};

/**
 * The values every loader receives, built inside the bundle so that the context keys and error
 * classes the server hands over are the very ones the bundled routes read.
 */
export function createLoadContext(options: LoadContextOptions): RouterContextProvider {
  const context = new RouterContextProvider();
  const client = {
    baseUrl: options.apiBaseUrl,
    fetch: options.apiFetch,
    requestId: options.requestId,
    forwardedFor: options.forwardedFor,
  };
  const session = new RequestSession({
    cookieHeader: options.request.headers.get("cookie"),
    requestUrl: options.request.url,
    formPage: options.request.method === "POST" ? options.request.headers.get("referer") : null,
    siteOrigin: new URL(options.publicUrl).origin,
    secure: options.publicUrl.startsWith("https:"),
    refreshTokens: createTokenRefresher({
      post: createApiClient(client).post,
      clientSecret: options.clientSecret,
    }),
  });
  if (options.logError) context.set(errorLogContext, options.logError);
  context.set(sessionContext, session);
  context.set(apiContext, createApiClient({ ...client, session }));
  context.set(siteConfigContext, {
    publicUrl: options.publicUrl,
    apiPublicUrl: options.apiPublicUrl,
    captchaSiteKey: options.captchaSiteKey,
  });
  return context;
}

export const streamTimeout = 5_000;

/**
 * Set on a document whose route errored, so that the error page is rendered (a form's reply with
 * a 4xx status is not one): the server withholds such pages from bots (SPEC §2) and drops it.
 */
export const errorPageHeader = "x-shiyi-error-page";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (routerContext.staticHandlerContext.errors) responseHeaders.set(errorPageHeader, "1");
  // Only the scripts this render writes may run (decision 023).
  const nonce = newNonce();
  responseHeaders.set("Content-Security-Policy", scriptPolicy(nonce));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // A part of the page that is ready is written in its place, however long the page before
        // it: React otherwise moves it to the end of a long page, to be put back by a script, and
        // a browser without scripts never shows it (the footer's newsletter form).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) loadContext.get(errorLogContext)(error, "page render failed");
        },
      },
    );
  });
}

/** Errors thrown by loaders and rendering; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A request the site refuses (a method a route does not take, say) is the asker's error: its
  // status is in the request log, and only the server's own failures are logged as errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.get(errorLogContext)(error, "page loader or render failed");
};
