// Opens a migrated database of its own for the enclosing suite and an API on top of it.
import type { ApiError } from "@shiyi/contracts";
import { startMailCatcher, type MailCatcher } from "@shiyi/mail-catcher";
import { afterAll, beforeAll, expect } from "vitest";
import { createApi, type Api, type ApiOptions } from "../src/app.ts";
import type { Database } from "../src/db/client.ts";
import { createLogger } from "../src/lib/logger.ts";
import { createMailer, type Mailer } from "../src/mail/mailer.ts";
import type { DatabaseTarget } from "./databases.ts";
import type { AuthConfig } from "../src/env.ts";
import { createEcpaySimulator } from "@shiyi/ecpay/simulator";
import { z } from "zod";
import { shopConfig, shopVariables, type ShopConfig } from "../src/shop-config.ts";

/** Sign-in settings of the test API; social.test.ts adds a local OAuth provider of its own (`localOAuth`). */
export const testAuthConfig: AuthConfig = {
  jwtSecret: "test-jwt-secret-of-at-least-thirty-two-characters",
  clientSecret: "test-client-secret",
  accessTokenTtlSeconds: 900,
  siteUrl: "http://site.test",
  apiUrl: "http://site.test/api",
  social: {},
};

/** Where the test API finds the ECPay simulator (requests to it never leave the process). */
export const testSimulatorBase = "http://ecpay.test/_ecpay";

/** Routes requests under `base` to `app` in-process; anything else is refused. */
export const inProcessFetch =
  (
    routes: () => Record<string, { fetch: (request: Request) => Response | Promise<Response> }>,
  ): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    for (const [base, app] of Object.entries(routes())) {
      if (request.url.startsWith(`${base}/`)) {
        const url = new URL(request.url);
        const path = url.pathname.slice(new URL(base).pathname.length) + url.search;
        return app.fetch(new Request(new URL(path, "http://in-process"), request));
      }
    }
    throw new TypeError(`fetch refused in tests: ${request.url}`);
  };

/** The shop of the test API: ECPay in simulator mode, the local captcha, the defaults. */
export const testShopConfig = (
  overrides: Record<string, string> = {},
  fetch?: typeof globalThis.fetch,
): ShopConfig =>
  shopConfig(z.object(shopVariables).parse(overrides), { simulatorBase: testSimulatorBase, fetch });

export type ApiResponse<T> = { status: number; headers: Headers; body: T };

export type ApiClient = {
  /** A GET; `headers` add to (or replace) the JSON Accept. */
  get<T>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  getHtml(path: string, headers?: Record<string, string>): Promise<ApiResponse<string>>;
  /** A GET whose answer is kept as bytes (PDF). */
  getBytes(path: string, headers?: Record<string, string>): Promise<ApiResponse<Uint8Array>>;
  /** A form POST as ECPay sends notifications; the answer as text. */
  postForm(path: string, fields: Record<string, string>): Promise<ApiResponse<string>>;
  /** A JSON POST; `headers` add to (or replace) the JSON Accept and Content-Type. */
  post<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** A JSON PATCH; `headers` as for `post`. */
  patch<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** A DELETE; `headers` add to (or replace) the JSON Accept. */
  delete<T>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** A DELETE with a JSON body (what confirms it); `headers` as for `post`. */
  deleteJson<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** Any method (HEAD, OPTIONS, PUT, …), with `init`'s body and headers if given; the answer as text. */
  send(method: string, path: string, init?: RequestInit): Promise<ApiResponse<string>>;
};

export type ApiHarness = ApiClient & {
  /** The suite's database, for builders; valid from `beforeAll` on. */
  readonly db: Database;
  /** The suite's own SMTP catcher, where everything the API sends arrives. */
  readonly mail: MailCatcher;
  /**
   * Resolves when every mail the suite's API has started to send has been accepted or refused:
   * after it, a mail that is not in the catcher was not sent.
   */
  mailSettled(): Promise<void>;
  /**
   * Another API on the suite's database, mailing to the same catcher, with options of its own:
   * a clock a test moves by hand, a failing mailer, a logger that keeps what it is told. Its rate
   * limits start empty. Call it inside a test.
   */
  withOptions(options: Partial<Omit<ApiOptions, "db" | "auth">>): ApiClient;
  /** The ECPay simulator wired to this API both ways, and the shop configuration that names it. */
  readonly ecpay: { simulator: ReturnType<typeof createEcpaySimulator>; shop: ShopConfig };
  /** What the suite's API was built with, for the background jobs that take the same (the payment sweeper). */
  readonly options: ApiOptions;
  /** The suite's options with a shop whose calls to ECPay are listed by path, in `calls`. */
  countingEcpay(): { options: ApiOptions; calls: string[] };
};

/** Requests to an API as the web sends them: JSON in, JSON out. */
function clientOf(app: () => Api): ApiClient {
  const request = (path: string, init: RequestInit = {}) =>
    app().request(path, { ...init, headers: { accept: "application/json", ...init.headers } });
  const send = async <T>(method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const response = await request(path, {
      method,
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "application/json", ...headers },
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as T };
  };
  const withoutBody = async <T>(method: string, path: string, headers: Record<string, string>) => {
    const response = await request(path, { method, headers });
    return { status: response.status, headers: response.headers, body: (await response.json()) as T };
  };
  return {
    get: <T>(path: string, headers: Record<string, string> = {}) => withoutBody<T>("GET", path, headers),
    async getBytes(path: string, headers: Record<string, string> = {}) {
      const response = await request(path, { headers: { accept: "*/*", ...headers } });
      return {
        status: response.status,
        headers: response.headers,
        body: new Uint8Array(await response.arrayBuffer()),
      };
    },
    async getHtml(path: string, headers: Record<string, string> = {}) {
      const response = await request(path, { headers: { ...headers, accept: "text/html" } });
      return { status: response.status, headers: response.headers, body: await response.text() };
    },
    async postForm(path: string, fields: Record<string, string>) {
      const response = await request(path, {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "*/*" },
        redirect: "manual",
      });
      return { status: response.status, headers: response.headers, body: await response.text() };
    },
    post: <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
      send<T>("POST", path, body, headers),
    patch: <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
      send<T>("PATCH", path, body, headers),
    delete: <T>(path: string, headers: Record<string, string> = {}) =>
      withoutBody<T>("DELETE", path, headers),
    deleteJson: <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
      send<T>("DELETE", path, body, headers),
    async send(method: string, path: string, init: RequestInit = {}) {
      const response = await request(path, { ...init, method });
      return { status: response.status, headers: response.headers, body: await response.text() };
    },
  };
}

/** Registers `beforeAll`/`afterAll` that open and close the target; call it inside a `describe`. */
export function useApi(target: DatabaseTarget, seed?: (db: Database) => Promise<void>): ApiHarness {
  let opened: { db: Database; close(): Promise<void> } | undefined;
  let options: ApiOptions | undefined;
  let api: Api | undefined;
  let catcher: MailCatcher | undefined;
  let ecpay: ApiHarness["ecpay"] | undefined;
  const sending = new Set<Promise<void>>();

  beforeAll(async () => {
    opened = await target.open();
    catcher = await startMailCatcher({ port: 0 });
    const logger = createLogger("silent");
    const smtp = createMailer({ smtpUrl: catcher.smtpUrl, from: "食藝誌 <no-reply@shiyi.test>", logger });
    const mailer: Mailer = {
      send(mail) {
        const sent = smtp.send(mail);
        const settled = sent.then(
          () => undefined,
          () => undefined,
        );
        sending.add(settled);
        void settled.then(() => sending.delete(settled));
        return sent;
      },
    };
    const routes = () => ({
      [testSimulatorBase]: started(ecpay).simulator,
      [testAuthConfig.apiUrl]: started(api),
    });
    const shop = testShopConfig({}, inProcessFetch(routes));
    options = { db: opened.db, logger, mailer, auth: testAuthConfig, shop };
    api = createApi(options);
    const simulator = createEcpaySimulator({
      merchants: [shop.payment],
      logisticsMerchants: [shop.logistics],
      invoiceMerchants: [shop.invoice],
      fetch: inProcessFetch(routes),
      retryDelaysMs: [5, 5, 5],
    });
    ecpay = { simulator, shop };
    await seed?.(opened.db);
  });
  afterAll(async () => {
    await Promise.all([opened?.close(), catcher?.close()]);
  });

  const started = <T>(value: T | undefined) => {
    if (value === undefined) throw new Error("useApi: the suite's beforeAll has not run");
    return value;
  };

  return {
    ...clientOf(() => started(api)),
    get db() {
      return started(opened).db;
    },
    get mail() {
      return started(catcher);
    },
    async mailSettled() {
      while (sending.size > 0) await Promise.all(sending);
    },
    get ecpay() {
      return started(ecpay);
    },
    get options() {
      return started(options);
    },
    countingEcpay() {
      const calls: string[] = [];
      const { shop } = started(options);
      const fetch: typeof globalThis.fetch = (input, init) => {
        calls.push(new URL(input instanceof Request ? input.url : input).pathname);
        return shop.fetch(input, init);
      };
      return { options: { ...started(options), shop: { ...shop, fetch } }, calls };
    },
    withOptions(overrides) {
      const app = createApi({ ...started(options), ...overrides });
      return clientOf(() => app);
    },
  };
}

/** A JSON 404 `{ message }` without public caching. */
export function expectNotFound(response: ApiResponse<unknown>) {
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = response.body as ApiError;
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  expect(response.headers.get("cache-control") ?? "").not.toMatch(/s-maxage/);
}

/** A 422 `{ message, errors }` naming the offending field. */
export function expectInvalid(response: ApiResponse<unknown>, field?: string) {
  expect(response.status).toBe(422);
  const body = response.body as ApiError;
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.errors).toBeTypeOf("object");
  if (field) expect(body.errors?.[field]?.length, `errors.${field}`).toBeGreaterThan(0);
  expect(response.headers.get("cache-control") ?? "").not.toMatch(/s-maxage/);
}

/** A 200 a CDN may keep for a while and serve stale while it refreshes. */
export function expectPublicCache(response: ApiResponse<unknown>) {
  expect(response.status).toBe(200);
  const cacheControl = response.headers.get("cache-control") ?? "";
  expect(cacheControl).toMatch(/(^|[ ,])public([ ,]|$)/);
  expect(cacheControl).toMatch(/s-maxage=\d+/);
  expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
}
