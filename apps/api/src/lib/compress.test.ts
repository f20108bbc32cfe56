import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressResponses } from "./compress.ts";

const page = `<!doctype html><html lang="zh-Hant-TW"><body>${"<p>臺灣的餐桌從市場開始。</p>".repeat(200)}</body></html>`;

/** An app whose one route answers `make()`, behind the middleware. */
function appAnswering(make: () => Response) {
  const app = new Hono();
  app.use(compressResponses());
  app.all("*", () => make());
  return app;
}

const html = (body = page, init: ResponseInit = {}) =>
  new Response(body, {
    ...init,
    headers: { "content-type": "text/html; charset=utf-8", ...(init.headers as Record<string, string>) },
  });

describe("chooseEncoding", () => {
  it("prefers Brotli, falls back to gzip, and honours q-values and the wildcard", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("br;q=0.8, gzip;q=0.8")).toBe("br");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("gzip;q=0, *;q=0.5")).toBe("br");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding("*;q=0")).toBeUndefined();
    expect(chooseEncoding("")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe("compressResponses", () => {
  it("sends Brotli or gzip as accepted, with the compressed length, decoding to the page itself", async () => {
    const app = appAnswering(() => html());
    const plain = new TextEncoder().encode(page);
    for (const [accepted, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
    ] as const) {
      const response = await app.request("/", { headers: { "accept-encoding": accepted } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      const body = new Uint8Array(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(body.byteLength));
      expect(body.byteLength).toBeLessThan(plain.byteLength / 4);
      expect(new Uint8Array(decode(body))).toEqual(plain);
    }
    const identity = await app.request("/", { headers: { "accept-encoding": "identity" } });
    expect(identity.headers.has("content-encoding")).toBe(false);
    expect(identity.headers.get("vary")).toBe("Accept-Encoding");
    expect(await identity.text()).toBe(page);
  });

  it("keeps the answer's status, cookies and other headers, and weakens a strong ETag", async () => {
    const app = appAnswering(() => {
      const response = html(page, { status: 404, headers: { etag: '"v1"', vary: "Cookie" } });
      response.headers.append("set-cookie", "a=1; HttpOnly");
      response.headers.append("set-cookie", "b=2; HttpOnly");
      return response;
    });
    const response = await app.request("/", { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.getSetCookie()).toEqual(["a=1; HttpOnly", "b=2; HttpOnly"]);
    expect(response.headers.get("etag")).toBe('W/"v1"');
    expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("leaves alone what gains nothing or must not change", async () => {
    const cases: [string, () => Response, RequestInit?][] = [
      ["a body under 1 KB", () => html("<p>短</p>")],
      ["an image", () => new Response(new Uint8Array(4096), { headers: { "content-type": "image/webp" } })],
      ["an event stream", () => html(page, { headers: { "content-type": "text/event-stream" } })],
      ["an answer already encoded", () => html(page, { headers: { "content-encoding": "gzip" } })],
      [
        "an answer marked no-transform",
        () => html(page, { headers: { "cache-control": "public, no-transform" } }),
      ],
      ["a partial answer", () => html(page, { status: 206 })],
      ["an answer to HEAD", () => html(), { method: "HEAD" }],
    ];
    for (const [what, make, init = {}] of cases) {
      const app = appAnswering(make);
      const response = await app.request("/", { ...init, headers: { "accept-encoding": "br, gzip" } });
      const sent = make();
      expect(response.headers.get("content-encoding"), what).toBe(sent.headers.get("content-encoding"));
      if (init.method !== "HEAD") {
        expect(new Uint8Array(await response.arrayBuffer()), what).toEqual(
          new Uint8Array(await sent.arrayBuffer()),
        );
      }
    }
  });
});
