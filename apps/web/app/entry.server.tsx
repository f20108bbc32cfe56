import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { createApiClient, type ApiFetch } from "./lib/api.server.ts";
import { apiContext, siteConfigContext } from "./lib/context.ts";

export type LoadContextOptions = {
  apiFetch: ApiFetch;
  apiBaseUrl: string;
  publicUrl: string;
  requestId: string;
  /** The browser's address chain (`X-Forwarded-For` as received, then the socket's peer), for rate limits. */
  forwardedFor?: string;
};

/**
 * The values every loader receives, built inside the bundle so that the context keys and error
 * classes the server hands over are the very ones the bundled routes read.
 */
export function createLoadContext(options: LoadContextOptions): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(
    apiContext,
    createApiClient({
      baseUrl: options.apiBaseUrl,
      fetch: options.apiFetch,
      requestId: options.requestId,
      forwardedFor: options.forwardedFor,
    }),
  );
  context.set(siteConfigContext, { publicUrl: options.publicUrl });
  return context;
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
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
      <ServerRouter context={routerContext} url={request.url} />,
      {
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
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Errors thrown by loaders and rendering; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
