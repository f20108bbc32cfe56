import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { bodyHeaders, notModified, notModifiedAnswer } from "./conditional.ts";
import { Lru } from "./lru.ts";

export type PageCacheOptions = {
  /** How long a rendered page is reused at most; a shorter `s-maxage` of the page wins. */
  ttlMs: number;
  /** Bounds of the memory used: past either, the least recently used pages are dropped. */
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
};

/** What `X-Cache` says: served from memory, rendered now, or not eligible (a write, a member). */
export type CacheState = "HIT" | "MISS" | "BYPASS";

type Entry = {
  stored: number;
  expires: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
};

/** Headers of one exchange, never of a stored page (the server adds its own Date). */
const perRequestHeaders = new Set(["x-request-id", "date", "age", "x-cache"]);

/**
 * A request may be answered with a page rendered for someone else only when it carries nothing
 * that could say who is asking: no cookie of any name, and no Authorization. Any cookie counts as
 * a session's, so that the members' httpOnly auth cookies to come are covered whatever they are
 * called; a cookie that personalises nothing would have to be named here explicitly.
 */
export const isAnonymous = (headers: Headers) => !headers.has("cookie") && !headers.has("authorization");

/**
 * How long a shared cache may keep this response, or undefined when it may not: only a 200 that
 * says `public` with an `s-maxage`, sets no cookie, and varies on nothing but Accept-Encoding
 * (which is part of the key).
 */
export function sharedLifetimeMs(response: Response): number | undefined {
  if (response.status !== 200 || response.headers.has("set-cookie")) return undefined;
  const directives = new Map(
    (response.headers.get("cache-control") ?? "").split(",").map((directive) => {
      const [name = "", value] = directive.trim().toLowerCase().split("=", 2);
      return [name, value] as const;
    }),
  );
  if (!directives.has("public") || ["private", "no-store", "no-cache"].some((d) => directives.has(d))) {
    return undefined;
  }
  const sMaxAge = Number(directives.get("s-maxage"));
  if (!(sMaxAge > 0)) return undefined;
  const vary = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
  // Cookie too: the cache serves and stores only requests that carry none, one variant of it.
  if (vary.some((name) => !["", "accept-encoding", "cookie"].includes(name))) return undefined;
  return sMaxAge * 1000;
}

/**
 * A micro-cache of rendered public pages, in the manner of nginx's micro-caching: an anonymous GET
 * of a page that the site itself marks shareable is rendered once and answered from memory for a
 * few seconds, keyed by path, query and Accept-Encoding (it sits outside compression, so a page
 * is kept as sent). Concurrent misses for one key wait for a single render. Each process keeps its
 * own; losing it costs only a render. HEAD is answered from a stored GET but never stores.
 * See docs/decisions/007-micro-caching-rendered-pages.md.
 */
export function cachePublicPages({
  ttlMs,
  maxEntries,
  maxBytes,
  now = Date.now,
}: PageCacheOptions): MiddlewareHandler {
  const entries = new Lru<Entry>({ maxEntries, maxBytes });
  const inFlight = new Map<string, Promise<Entry | undefined>>();

  const respond = (entry: Entry, state: "HIT" | "MISS", head: boolean, asked: Headers) => {
    const headers = new Headers(entry.headers);
    headers.set("x-cache", state);
    // As any shared cache must (RFC 9111 §5.1), so that a CDN in front counts the time spent here.
    if (state === "HIT") headers.set("age", String(Math.floor((now() - entry.stored) / 1000)));
    // A browser (max-age=0) or a CDN (past s-maxage) that asks again with the page's ETag has it.
    if (notModified(asked, headers)) return notModifiedAnswer(headers);
    if (!head) return new Response(entry.body, { status: entry.status, headers });
    headers.set("content-length", String(entry.body.byteLength));
    return new Response(null, { status: entry.status, headers });
  };

  return async (c, next) => {
    const method = c.req.method;
    const head = method === "HEAD";
    if ((method !== "GET" && !head) || !isAnonymous(c.req.raw.headers)) {
      await next();
      c.res.headers.set("x-cache", "BYPASS" satisfies CacheState);
      return;
    }

    const url = c.req.url;
    const pathAndQuery = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const key = `${pathAndQuery}\n${c.req.header("accept-encoding") ?? ""}`;
    const cached = entries.get(key);
    const asked = c.req.raw.headers;
    if (cached && cached.expires > now()) return respond(cached, "HIT", head, asked);
    if (cached) entries.delete(key);

    // A HEAD has no body to keep: unless a GET is being rendered, it is rendered as usual (without
    // a body) and stores nothing. No await comes before a render is registered in flight, so that
    // concurrent misses find it.
    const pending = inFlight.get(key);
    if (head || pending) {
      const shared = await pending?.catch(() => undefined);
      if (shared) return respond(shared, "HIT", head, asked);
      // Not shareable after all (an error, a private page): this request renders its own.
      await next();
      c.res.headers.set("x-cache", "MISS" satisfies CacheState);
      return;
    }

    const render = (async (): Promise<Entry | undefined> => {
      await next();
      const lifetimeMs = sharedLifetimeMs(c.res);
      if (lifetimeMs === undefined) return undefined;
      const body = new Uint8Array(await c.res.arrayBuffer());
      const stored = now();
      const headers = [...c.res.headers].filter(([name]) => !perRequestHeaders.has(name));
      // A validator for what is kept, its bytes as sent (one per encoding). A page's bytes hold the
      // nonce of its render (decision 023), so its validator is that render's: a revalidation is
      // answered 304 while that render is the one kept (here, or by a CDN), and no cache can pair
      // one render's body with another's policy. Feeds and the sitemap render deterministically,
      // and keep theirs across renders.
      if (!c.res.headers.has("etag"))
        headers.push(["etag", `W/"${createHash("sha1").update(body).digest("base64url")}"`]);
      const entry: Entry = {
        stored,
        expires: stored + Math.min(ttlMs, lifetimeMs),
        status: c.res.status,
        headers,
        body,
      };
      entries.set(key, entry, body.byteLength);
      return entry;
    })();
    inFlight.set(key, render);
    let entry: Entry | undefined;
    try {
      entry = await render;
    } finally {
      inFlight.delete(key);
    }
    // The body was read to be stored: the response is rebuilt from the stored bytes.
    if (entry) {
      c.res = respond(entry, "MISS", false, asked);
      // Hono copies the rendered answer's headers onto the one assigned: a 304 keeps no body's.
      if (c.res.status === 304) for (const name of bodyHeaders) c.res.headers.delete(name);
    } else c.res.headers.set("x-cache", "MISS" satisfies CacheState);
  };
}
