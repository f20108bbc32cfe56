import { describe, expect, it } from "vitest";
import { cachePublicReads } from "./read-cache.ts";

function api(cacheControl: string | null, status = 200) {
  const calls: string[] = [];
  const fetchApi = async (request: Request) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    await Promise.resolve();
    const headers = new Headers({ "content-type": "application/json" });
    if (cacheControl) headers.set("cache-control", cacheControl);
    return new Response(JSON.stringify({ n: calls.length }), { status, headers });
  };
  return { calls, fetchApi };
}

const get = (path: string, init?: RequestInit) => new Request(`http://api.test${path}`, init);

describe("cachePublicReads", () => {
  it("answers repeated public reads from memory until the time is up", async () => {
    let clock = 0;
    const { calls, fetchApi } = api("public, s-maxage=60");
    const fetch = cachePublicReads(fetchApi, { ttlMs: 1000, maxEntries: 10, now: () => clock });
    expect(await (await fetch(get("/news"))).json()).toEqual({ n: 1 });
    expect(await (await fetch(get("/news"))).json()).toEqual({ n: 1 });
    expect((await fetch(get("/news"))).headers.get("cache-control")).toBe("public, s-maxage=60");
    clock = 1001;
    expect(await (await fetch(get("/news"))).json()).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it("parses a kept answer once and hands every reader the same frozen value", async () => {
    const { fetchApi } = api("public, s-maxage=60");
    const fetch = cachePublicReads(fetchApi, { ttlMs: 1000, maxEntries: 10 });
    const first = (await (await fetch(get("/settings"))).json()) as { n: number };
    const second = (await (await fetch(get("/settings"))).json()) as { n: number };
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      first.n = 2;
    }).toThrow(TypeError);
    // The bytes are there too, for a reader that wants them.
    expect(await (await fetch(get("/settings"))).text()).toBe('{"n":1}');
  });

  it("hands out the parsed value under the node server's Response class too", async () => {
    // @hono/node-server replaces the global Response with a class whose methods are read-only.
    const Original = globalThis.Response;
    class LockedResponse extends Original {}
    Object.defineProperty(LockedResponse.prototype, "json", {
      value: Original.prototype.json,
      writable: false,
    });
    globalThis.Response = LockedResponse;
    try {
      const { fetchApi } = api("public, s-maxage=60");
      const fetch = cachePublicReads(fetchApi, { ttlMs: 1000, maxEntries: 10 });
      await fetch(get("/settings"));
      const response = await fetch(get("/settings"));
      expect(response).toBeInstanceOf(LockedResponse);
      expect(await response.json()).toEqual({ n: 1 });
    } finally {
      globalThis.Response = Original;
    }
  });

  it("shares one request among concurrent misses", async () => {
    const { calls, fetchApi } = api("public, s-maxage=60");
    const fetch = cachePublicReads(fetchApi, { ttlMs: 1000, maxEntries: 10 });
    const bodies = await Promise.all([1, 2, 3].map(async () => (await fetch(get("/settings"))).json()));
    expect(bodies).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(calls).toHaveLength(1);
  });

  it("never keeps errors, private answers, writes or authenticated reads", async () => {
    for (const [cacheControl, status, init] of [
      [null, 200, undefined],
      ["private, no-store", 200, undefined],
      ["public, s-maxage=60", 404, undefined],
      ["public, s-maxage=60", 200, { method: "POST" }],
      ["public, s-maxage=60", 200, { headers: { authorization: "Bearer x" } }],
    ] as const) {
      const { calls, fetchApi } = api(cacheControl, status);
      const fetch = cachePublicReads(fetchApi, { ttlMs: 1000, maxEntries: 10 });
      await fetch(get("/x", init));
      await fetch(get("/x", init));
      expect(calls).toHaveLength(2);
    }
  });

  it("works with responses of another Response class, as a remote API's are", async () => {
    // The node server swaps the global Response; answers from fetch() are of the original class.
    class OtherResponse {
      readonly status = 404;
      readonly headers = new Headers({ "content-type": "application/json" });
      async arrayBuffer() {
        return new ArrayBuffer(0);
      }
    }
    const fetch = cachePublicReads(async () => new OtherResponse() as unknown as Response, {
      ttlMs: 1000,
      maxEntries: 2,
    });
    expect((await fetch(get("/missing"))).status).toBe(404);
  });

  it("forgets the oldest entry past its size", async () => {
    const { calls, fetchApi } = api("public");
    const fetch = cachePublicReads(fetchApi, { ttlMs: 1000, maxEntries: 2 });
    for (const path of ["/a", "/b", "/c", "/a"]) await fetch(get(path));
    expect(calls).toEqual(["GET /a", "GET /b", "GET /c", "GET /a"]);
  });
});
