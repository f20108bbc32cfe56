import { Hono, type Context } from "hono";
import { describe, expect, it } from "vitest";
import { cachePublicPages, sharedLifetimeMs, type PageCacheOptions } from "./page-cache.ts";

const shareable = { "content-type": "text/html; charset=utf-8", "cache-control": "public, s-maxage=300" };

/** A site whose page handler counts its renders; each render's number is in the body. Its pages vary as the site's do. */
function site(
  options: Partial<PageCacheOptions> = {},
  page: (c: Context, render: number) => Response | Promise<Response> = (c, render) =>
    new Response(`${c.req.path} #${render}`, { headers: { ...shareable, vary: "Accept-Encoding, Cookie" } }),
) {
  const clock = { now: 0 };
  let renders = 0;
  const app = new Hono();
  app.use(
    "*",
    cachePublicPages({
      ttlMs: 10_000,
      maxEntries: 100,
      maxBytes: 1_000_000,
      now: () => clock.now,
      ...options,
    }),
  );
  app.all("*", (c) => page(c, ++renders));
  return { app, clock, renders: () => renders };
}

async function get(app: Hono, path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await app.request(path, { method, headers });
  return {
    status: response.status,
    cache: response.headers.get("x-cache"),
    body: await response.text(),
    response,
  };
}

describe("cachePublicPages", () => {
  it("answers a repeated anonymous GET from memory until the time is up", async () => {
    const { app, clock, renders } = site();
    expect(await get(app, "/news/a")).toMatchObject({ cache: "MISS", body: "/news/a #1" });
    clock.now = 9_999;
    const hit = await get(app, "/news/a");
    expect(hit).toMatchObject({ status: 200, cache: "HIT", body: "/news/a #1" });
    expect(hit.response.headers.get("age")).toBe("9");
    expect(hit.response.headers.get("cache-control")).toBe(shareable["cache-control"]);
    clock.now = 10_000;
    expect(await get(app, "/news/a")).toMatchObject({ cache: "MISS", body: "/news/a #2" });
    expect(renders()).toBe(2);
  });

  it("keeps a page no longer than its own s-maxage", async () => {
    const { app, clock } = site(
      {},
      (c, render) =>
        new Response(`#${render}`, { headers: { "cache-control": "public, max-age=0, s-maxage=1" } }),
    );
    await get(app, "/short");
    clock.now = 999;
    expect((await get(app, "/short")).cache).toBe("HIT");
    clock.now = 1_000;
    expect(await get(app, "/short")).toMatchObject({ cache: "MISS", body: "#2" });
  });

  it("gives a stored page a weak ETag of its bytes, and answers a revalidation with 304", async () => {
    const { app, clock, renders } = site(
      {},
      (c) =>
        new Response(`${c.req.path} as rendered`, { headers: { ...shareable, vary: "Accept-Encoding" } }),
    );
    const first = await get(app, "/about");
    const etag = first.response.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await get(app, "/news")).response.headers.get("etag")).not.toBe(etag);

    for (const state of ["HIT", "MISS"] as const) {
      // MISS: the stored page has expired, and the new render's bytes (so its ETag) are the same.
      if (state === "MISS") clock.now = 20_000;
      const again = await get(app, "/about", { "if-none-match": etag! });
      expect(again).toMatchObject({ status: 304, cache: state, body: "" });
      expect(again.response.headers.get("etag")).toBe(etag);
      expect(again.response.headers.get("cache-control")).toBe(shareable["cache-control"]);
      expect(again.response.headers.get("vary")).toBe("Accept-Encoding");
      expect(again.response.headers.has("content-type")).toBe(false);
      expect(again.response.headers.has("content-length")).toBe(false);
    }
    expect(renders()).toBe(3);
    const stale = await get(app, "/about", { "if-none-match": 'W/"an-older-page"' });
    expect(stale).toMatchObject({ status: 200, cache: "HIT", body: "/about as rendered" });
    expect((await get(app, "/about", { "if-none-match": etag! }, "HEAD")).status).toBe(304);
  });

  it("gives each render of a page, whose nonce is its own, a validator of its own, the policy kept with it", async () => {
    const { app, clock } = site({}, (_c, render) => {
      const nonce = `nonce${render}`;
      return new Response(`<script nonce="${nonce}"></script>`, {
        headers: { ...shareable, "content-security-policy": `script-src 'nonce-${nonce}'` },
      });
    });
    const first = await get(app, "/about");
    const etag = first.response.headers.get("etag")!;
    const again = await get(app, "/about", { "if-none-match": etag });
    expect(again).toMatchObject({ status: 304, cache: "HIT" });
    expect(again.response.headers.get("content-security-policy")).toBe("script-src 'nonce-nonce1'");
    // A new render: the browser's copy (nonce1) is not this one, and is sent whole with its policy.
    clock.now = 20_000;
    const next = await get(app, "/about", { "if-none-match": etag });
    expect(next).toMatchObject({ status: 200, cache: "MISS", body: '<script nonce="nonce2"></script>' });
    expect(next.response.headers.get("content-security-policy")).toBe("script-src 'nonce-nonce2'");
    expect(next.response.headers.get("etag")).not.toBe(etag);
  });

  it("keeps one page per path, query and Accept-Encoding", async () => {
    const { app, renders } = site();
    const variants: Array<[string, Record<string, string>]> = [
      ["/news", {}],
      ["/news?page=2", {}],
      ["/news", { "accept-encoding": "gzip" }],
    ];
    for (const [path, headers] of variants) expect((await get(app, path, headers)).cache).toBe("MISS");
    for (const [path, headers] of variants) expect((await get(app, path, headers)).cache).toBe("HIT");
    expect(renders()).toBe(3);
  });

  it("never answers nor stores for a request that carries a cookie or credentials", async () => {
    const { app, renders } = site();
    await get(app, "/about");
    const members: Record<string, string>[] = [
      { cookie: "session=abc" },
      { cookie: "a=1" },
      { authorization: "Bearer x" },
    ];
    for (const headers of members) {
      const member = await get(app, "/about", headers);
      expect(member.cache).toBe("BYPASS");
      expect(member.body).not.toBe("/about #1");
    }
    // What was rendered for them was not kept: anonymous readers still get the first render.
    expect(await get(app, "/about")).toMatchObject({ cache: "HIT", body: "/about #1" });
    expect(renders()).toBe(4);
  });

  it("lets writes through", async () => {
    const { app, renders } = site();
    expect((await get(app, "/contact", {}, "POST")).cache).toBe("BYPASS");
    expect((await get(app, "/contact", {}, "POST")).cache).toBe("BYPASS");
    expect(renders()).toBe(2);
  });

  it("stores only 200 answers marked public with an s-maxage, setting no cookie, varying on encoding or cookie only", async () => {
    const answers: Array<[number, Record<string, string>]> = [
      [404, shareable],
      [500, shareable],
      [200, { "cache-control": "private, max-age=0" }],
      [200, { "cache-control": "public, s-maxage=300, private" }],
      [200, { "cache-control": "public, s-maxage=300, no-store" }],
      [200, { "cache-control": "no-cache, public, s-maxage=300" }],
      [200, { "cache-control": "public, max-age=3600" }],
      [200, { "cache-control": "max-age=0, s-maxage=300" }],
      [200, { "cache-control": "public, s-maxage=0" }],
      [200, {}],
      [200, { ...shareable, "set-cookie": "seen=1" }],
      [200, { ...shareable, vary: "Accept-Encoding, Accept-Language" }],
      [200, { ...shareable, vary: "*" }],
    ];
    for (const [status, headers] of answers) {
      const { app, renders } = site({}, () => new Response("page", { status, headers }));
      expect((await get(app, "/x")).cache).toBe("MISS");
      expect((await get(app, "/x")).cache).toBe("MISS");
      expect(renders(), `${status} ${JSON.stringify(headers)}`).toBe(2);
    }
  });

  it("renders once for concurrent misses of one page", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { app, renders } = site({}, async (_c, render) => {
      await gate;
      return new Response(`#${render}`, { headers: shareable });
    });
    const pending = Promise.all([1, 2, 3, 4, 5].map(() => get(app, "/news/a")));
    // Let every request reach the cache before the first render finishes.
    await new Promise(setImmediate);
    open();
    const answers = await pending;
    expect(renders()).toBe(1);
    expect(answers.map((a) => a.body)).toEqual(["#1", "#1", "#1", "#1", "#1"]);
    expect(answers.map((a) => a.cache).sort()).toEqual(["HIT", "HIT", "HIT", "HIT", "MISS"]);
  });

  it("lets concurrent requests render their own when the first render cannot be shared", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { app, renders } = site({}, async (_c, render) => {
      await gate;
      return new Response(`#${render}`, { status: 503, headers: shareable });
    });
    const pending = Promise.all([1, 2, 3].map(() => get(app, "/news/a")));
    await new Promise(setImmediate);
    open();
    expect((await pending).map((a) => a.status)).toEqual([503, 503, 503]);
    expect(renders()).toBe(3);
  });

  it("answers HEAD from a stored GET without a body, and stores nothing from a HEAD", async () => {
    const { app, renders } = site();
    expect((await get(app, "/news", {}, "HEAD")).cache).toBe("MISS");
    expect((await get(app, "/news")).cache).toBe("MISS");
    const head = await get(app, "/news", {}, "HEAD");
    expect(head).toMatchObject({ cache: "HIT", body: "" });
    expect(head.response.headers.get("content-length")).toBe(String("/news #2".length));
    expect(renders()).toBe(2);
  });

  it("answers a HEAD that arrives while the GET renders with that render's headers only", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { app, renders } = site({}, async (_c, render) => {
      await gate;
      return new Response(`#${render}`, { headers: shareable });
    });
    const pending = Promise.all([get(app, "/news"), get(app, "/news", {}, "HEAD")]);
    await new Promise(setImmediate);
    open();
    const [page, head] = await pending;
    expect(page).toMatchObject({ cache: "MISS", body: "#1" });
    expect(head).toMatchObject({ cache: "HIT", body: "" });
    expect(head.response.headers.get("content-length")).toBe("2");
    expect(renders()).toBe(1);
  });

  it("does not hand one request's own headers to the next", async () => {
    const { app } = site(
      {},
      (_c, render) =>
        new Response("page", { headers: { ...shareable, "x-request-id": `request-${render}` } }),
    );
    await get(app, "/a");
    expect((await get(app, "/a")).response.headers.has("x-request-id")).toBe(false);
  });

  it("drops the least recently used pages past its number of entries", async () => {
    const { app } = site({ maxEntries: 2 });
    await get(app, "/a");
    await get(app, "/b");
    await get(app, "/a");
    await get(app, "/c");
    expect((await get(app, "/a")).cache).toBe("HIT");
    expect((await get(app, "/c")).cache).toBe("HIT");
    expect((await get(app, "/b")).cache).toBe("MISS");
  });

  it("drops the least recently used pages past its size, and never keeps a page larger than that", async () => {
    const { app } = site({ maxBytes: 20 }, (c) => new Response(c.req.path.slice(1), { headers: shareable }));
    await get(app, "/aaaaaaaaaa");
    await get(app, "/bbbbbbbbbb");
    await get(app, "/cccccccccc");
    expect((await get(app, "/bbbbbbbbbb")).cache).toBe("HIT");
    expect((await get(app, "/cccccccccc")).cache).toBe("HIT");
    expect((await get(app, "/aaaaaaaaaa")).cache).toBe("MISS");
    // Now /cccccccccc and /aaaaaaaaaa are kept; a page too large for the cache displaces neither.
    await get(app, "/xxxxxxxxxxxxxxxxxxxxx");
    expect((await get(app, "/xxxxxxxxxxxxxxxxxxxxx")).cache).toBe("MISS");
    expect((await get(app, "/cccccccccc")).cache).toBe("HIT");
    expect((await get(app, "/aaaaaaaaaa")).cache).toBe("HIT");
  });
});

describe("sharedLifetimeMs", () => {
  const lifetime = (cacheControl: string) =>
    sharedLifetimeMs(new Response("", { headers: { "cache-control": cacheControl } }));

  it("reads s-maxage from a public answer, whatever the case and spacing", () => {
    expect(lifetime("Public,Max-Age=0,  S-MaxAge=300")).toBe(300_000);
  });

  it("has none for an answer without a positive s-maxage", () => {
    for (const cacheControl of [
      "public",
      "public, s-maxage=0",
      "public, s-maxage=soon",
      "public, max-age=60",
    ]) {
      expect(lifetime(cacheControl), cacheControl).toBeUndefined();
    }
  });
});
