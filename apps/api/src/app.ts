import { OpenAPIHono } from "@hono/zod-openapi";
import { messages } from "@shiyi/contracts";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import type { ApiEnv } from "./app-env.ts";
import type { Database } from "./db/client.ts";
import type { AuthConfig } from "./env.ts";
import { compressResponses } from "./lib/compress.ts";
import { securityHeaders } from "./lib/security-headers.ts";
import { ApiError } from "./lib/errors.ts";
import { requestIdOf, runForRequest, type Logger } from "./lib/logger.ts";
import { createLoginThrottle } from "./lib/login-throttle.ts";
import { createRateLimiter, MemoryRateLimitStore, type RateLimitStore } from "./lib/rate-limit.ts";
import { cleanJsonBody, fieldErrors, requestSizeLimit } from "./lib/request-body.ts";
import { unroutedAnswer } from "./lib/unrouted.ts";
import { proxyList } from "./lib/client-address.ts";
import type { Mailer } from "./mail/mailer.ts";
import { cartRoutes } from "./routes/cart.ts";
import { donationRoutes } from "./routes/donations.ts";
import { ecpayRoutes } from "./routes/ecpay.ts";
import { orderRoutes } from "./routes/orders.ts";
import { contactRoutes } from "./routes/contact.ts";
import { contentRoutes } from "./routes/content.ts";
import { memberRoutes } from "./routes/members.ts";
import { newsletterRoutes } from "./routes/newsletter.ts";
import { renderReference } from "./routes/reference.ts";
import { searchRoutes } from "./routes/search.ts";
import { socialRoutes } from "./routes/social.ts";
import { withCommonRefusals } from "./routes/specs.ts";
import type { ShopConfig } from "./shop-config.ts";

export type ApiOptions = {
  db: Database;
  logger: Logger;
  /** Outgoing mail (SMTP); tests hand in one that sends to a catcher of their own. */
  mailer: Mailer;
  /** Secrets, token lifetimes and public addresses for member sign-in. */
  auth: AuthConfig;
  /** ECPay, the captcha and the stock hold of the shop. */
  shop: ShopConfig;
  /** Where rate limits count attempts; this process's memory unless a shared store is given. */
  rateLimitStore?: RateLimitStore;
  /** Public proxies in front of the site (TRUSTED_PROXIES): their X-Forwarded-For entries are believed. */
  trustedProxies?: readonly string[];
  /** The time rate limits and the login lockout go by; tests move it by hand instead of waiting. */
  clock?: () => number;
  /**
   * The level of the line logged per request: `info` for the API on its own, whose requests no one
   * else logs; `debug` (the default) in the web's process, whose page line already names the request.
   */
  requestLogLevel?: "info" | "debug";
};

/** Public reads may be served by a CDN for a minute and stale for ten while it refreshes. */
const publicCache = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** The Hono API of SPEC §7; its routes have no prefix, the host decides where to mount it. */
export function createApi({
  db,
  logger,
  mailer,
  auth,
  shop,
  rateLimitStore = new MemoryRateLimitStore(),
  clock = Date.now,
  requestLogLevel = "debug",
  trustedProxies = [],
}: ApiOptions) {
  const rateLimiter = createRateLimiter(rateLimitStore, clock);
  const proxies = proxyList(trustedProxies);
  const loginThrottle = createLoginThrottle(rateLimitStore, clock);
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const errors = fieldErrors(result.error as z.ZodError);
        return c.json({ message: Object.values(errors)[0]?.[0] ?? messages.invalidParams, errors }, 422);
      }
    },
  });

  app.use(async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    c.set("db", db);
    c.set("auth", auth);
    c.set("mailer", mailer);
    c.set("shop", shop);
    c.set("rateLimiter", rateLimiter);
    c.set("loginThrottle", loginThrottle);
    c.set("proxies", proxies);
    c.set("logger", logger.child({ requestId }));
    const started = performance.now();
    await runForRequest(requestId, next);
    c.header("x-request-id", requestId);
    // A public read is cached for a while; a refusal (404, 422, …) not at all, so that an item's
    // 404 before its start time is not kept by a shared cache past it.
    const read = c.req.method === "GET" || c.req.method === "HEAD";
    if (read && !c.res.headers.has("cache-control")) {
      if (c.res.status === 200) c.header("cache-control", publicCache);
      else if (c.res.status >= 400) c.header("cache-control", "no-store");
    }
    c.var.logger[requestLogLevel](
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "api request",
    );
  });

  app.use(securityHeaders({ https: auth.apiUrl.startsWith("https:") }));
  app.use(compressResponses());
  app.use(requestSizeLimit());
  app.use(cleanJsonBody());

  app.route("/", contentRoutes);
  app.route("/", searchRoutes);
  app.route("/", contactRoutes);
  app.route("/", newsletterRoutes);
  app.route("/", memberRoutes);
  app.route("/", socialRoutes);
  app.route("/", cartRoutes);
  app.route("/", orderRoutes);
  app.route("/", donationRoutes);
  app.route("/", ecpayRoutes);

  // The API is served under /api (in the site's process, or alone): the paths below are relative to it.
  const document = {
    openapi: "3.1.0",
    info: {
      title: "食藝誌",
      version: "1.0.0",
      description:
        "食藝誌網站的 JSON API。列表預設 page 1、limit 999、status 1；詳細資料可用 id 或路徑查詢。",
    },
    servers: [{ url: "/api", description: "本站的 API（與網站同一主機）" }],
  };
  let described: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  const describe = () => (described ??= withCommonRefusals(app.getOpenAPI31Document(document)));
  app.get("/openapi.json", (c) => c.json(describe()));
  app.get("/reference", (c) =>
    c.html(renderReference(describe() as unknown as Parameters<typeof renderReference>[0])),
  );

  // Unmounted (tests, other hosts); where the API is mounted, its host routes the rest to the same.
  app.notFound(unroutedAnswer(app.routes));

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) c.header("retry-after", String(error.retryAfterSeconds));
      return c.json(
        { message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
        error.status,
      );
    }
    // Hono's own refusals (a malformed JSON body, a body that is not JSON) say so in English.
    if (error instanceof HTTPException && error.status < 500) {
      const message =
        error.status === 413
          ? messages.tooLarge
          : error.status === 415
            ? // A call that reads JSON was sent something else; one that reads a form, JSON.
              /json/i.test(c.req.header("content-type") ?? "")
              ? messages.formExpected
              : messages.jsonExpected
            : messages.invalidParams;
      return c.json({ message }, error.status);
    }
    c.var.logger?.error({ err: error }, "unhandled API error");
    return c.json({ message: messages.fallback }, 500);
  });

  return app;
}

export type Api = ReturnType<typeof createApi>;
