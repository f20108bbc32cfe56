import { mkdtemp, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createIPX, createIPXWebServer, ipxFSStorage } from "ipx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webpWidth } from "../../../test/image-size.ts";
import { cacheProcessedImages, type ImageCacheOptions } from "./image-cache.ts";

let dir: string;

/** A 64×48 picture of one colour (SVG, which the proxy rasterises), written where it reads its sources. */
async function picture(name: string, colour: string) {
  const file = path.join(dir, name);
  await writeFile(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="${colour}"/></svg>`,
  );
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "shiyi-image-cache-"));
  await picture("red.svg", "#c0392b");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The real IPX over the temporary folder, counted, behind the cache; versions as app.ts tells them. */
function proxy(options: Partial<ImageCacheOptions> = {}) {
  const ipx = createIPXWebServer(createIPX({ storage: ipxFSStorage({ dir }) }));
  const clock = { now: 0 };
  const made: string[] = [];
  const images = cacheProcessedImages(
    (request) => {
      made.push(new URL(request.url).pathname);
      return ipx(request);
    },
    {
      maxEntries: 100,
      maxBytes: 1_000_000,
      now: () => clock.now,
      async sourceVersion(url) {
        const file = await stat(path.join(dir, url.pathname.split("/").slice(2).join("/"))).catch(
          () => undefined,
        );
        return file && { version: `${file.mtimeMs}:${file.size}`, ttlMs: 60_000 };
      },
      ...options,
    },
  );
  const get = async (pathname: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = await images(new Request(`http://site${pathname}`, { method, headers }));
    return { response, body: new Uint8Array(await response.arrayBuffer()) };
  };
  return { get, made, clock };
}

const width = webpWidth;

describe("cacheProcessedImages", () => {
  it("makes an image once and answers the same bytes from memory after that", async () => {
    const { get, made } = proxy();
    const first = await get("/f_webp,w_32/red.svg");
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("x-cache")).toBe("MISS");
    expect(first.response.headers.get("content-type")).toBe("image/webp");
    expect(width(first.body)).toBe(32);

    const second = await get("/f_webp,w_32/red.svg");
    expect(second.response.headers.get("x-cache")).toBe("HIT");
    expect(second.response.headers.get("content-length")).toBe(String(first.body.byteLength));
    expect(second.body).toEqual(first.body);
    expect(made).toEqual(["/f_webp,w_32/red.svg"]);

    // Each set of modifiers is an image of its own.
    expect(width((await get("/f_webp,w_16/red.svg")).body)).toBe(16);
    expect(made).toHaveLength(2);
  });

  it("makes the image again once its source file is replaced", async () => {
    await picture("swap.svg", "#c0392b");
    const { get, made } = proxy();
    const before = await get("/f_webp,w_8/swap.svg");
    const file = await picture("swap.svg", "#2e86de");
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const after = await get("/f_webp,w_8/swap.svg");
    expect(after.response.headers.get("x-cache")).toBe("MISS");
    expect(after.body).not.toEqual(before.body);
    expect(made).toHaveLength(2);
  });

  it("lets concurrent requests for one image wait for a single processing", async () => {
    const { get, made } = proxy();
    const answers = await Promise.all(Array.from({ length: 6 }, () => get("/f_webp,w_24/red.svg")));
    expect(made).toHaveLength(1);
    expect(new Set(answers.map(({ body }) => body.byteLength)).size).toBe(1);
    expect(answers.every(({ response }) => response.status === 200)).toBe(true);
  });

  it("answers a browser's revalidation with 304 from the kept validators", async () => {
    const { get, made } = proxy();
    const { response } = await get("/f_webp,w_20/red.svg");
    const etag = response.headers.get("etag")!;
    const lastModified = response.headers.get("last-modified")!;
    expect(etag).toBeTruthy();

    const byTag = await get("/f_webp,w_20/red.svg", { "if-none-match": etag });
    expect(byTag.response.status).toBe(304);
    expect(byTag.body.byteLength).toBe(0);
    expect(byTag.response.headers.get("etag")).toBe(etag);
    expect(byTag.response.headers.has("content-type")).toBe(false);

    expect((await get("/f_webp,w_20/red.svg", { "if-modified-since": lastModified })).response.status).toBe(
      304,
    );
    // If-None-Match decides when both are sent (RFC 9110 §13.2.2).
    const otherTag = await get("/f_webp,w_20/red.svg", {
      "if-none-match": '"another"',
      "if-modified-since": lastModified,
    });
    expect(otherTag.response.status).toBe(200);
    expect(width(otherTag.body)).toBe(20);
    expect(made).toHaveLength(1);
  });

  it("asks for the image itself on a miss, even when the browser's request was conditional", async () => {
    const { get, made } = proxy();
    const { response, body } = await get("/f_webp,w_12/red.svg", {
      "if-modified-since": new Date(Date.now() + 86_400_000).toUTCString(),
    });
    // The browser's copy is current: 304; and the image is now kept for the next reader.
    expect(response.status).toBe(304);
    expect(body.byteLength).toBe(0);
    const next = await get("/f_webp,w_12/red.svg");
    expect(next.response.headers.get("x-cache")).toBe("HIT");
    expect(width(next.body)).toBe(12);
    expect(made).toHaveLength(1);
  });

  it("answers HEAD with the image's headers and no body", async () => {
    const { get } = proxy();
    const full = await get("/f_webp,w_10/red.svg");
    const head = await get("/f_webp,w_10/red.svg", {}, "HEAD");
    expect(head.response.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.response.headers.get("content-length")).toBe(String(full.body.byteLength));
  });

  it("keeps no error, and nothing for a source that does not exist", async () => {
    const { get, made } = proxy();
    expect((await get("/f_webp,w_abc/red.svg")).response.status).toBeGreaterThanOrEqual(400);
    expect((await get("/f_webp,w_abc/red.svg")).response.status).toBeGreaterThanOrEqual(400);
    expect((await get("/f_webp,w_32/missing.svg")).response.status).toBe(404);
    expect(made).toEqual(["/f_webp,w_abc/red.svg", "/f_webp,w_abc/red.svg", "/f_webp,w_32/missing.svg"]);
  });

  it("keeps nothing that is chosen by the browser's Accept header", async () => {
    const { get, made } = proxy();
    const avif = await get("/f_auto,w_16/red.svg", { accept: "image/avif,image/webp" });
    expect(avif.response.headers.get("vary")).toMatch(/accept/i);
    const jpeg = await get("/f_auto,w_16/red.svg", { accept: "image/jpeg" });
    expect(jpeg.response.headers.get("content-type")).not.toBe(avif.response.headers.get("content-type"));
    expect(made).toHaveLength(2);
  });

  it("makes an image again once it has been kept for its source's lifetime", async () => {
    const { get, made, clock } = proxy();
    await get("/f_webp,w_30/red.svg");
    clock.now = 59_999;
    expect((await get("/f_webp,w_30/red.svg")).response.headers.get("x-cache")).toBe("HIT");
    clock.now = 60_000;
    expect((await get("/f_webp,w_30/red.svg")).response.headers.get("x-cache")).toBe("MISS");
    expect(made).toHaveLength(2);
  });

  it("drops the least recently used image past its bounds", async () => {
    const { get, made } = proxy({ maxEntries: 2 });
    await get("/f_webp,w_1/red.svg");
    await get("/f_webp,w_2/red.svg");
    await get("/f_webp,w_1/red.svg"); // w_1 is now the most recently used
    await get("/f_webp,w_3/red.svg"); // w_2 goes
    expect((await get("/f_webp,w_1/red.svg")).response.headers.get("x-cache")).toBe("HIT");
    expect((await get("/f_webp,w_2/red.svg")).response.headers.get("x-cache")).toBe("MISS");
    expect(made).toEqual([
      "/f_webp,w_1/red.svg",
      "/f_webp,w_2/red.svg",
      "/f_webp,w_3/red.svg",
      "/f_webp,w_2/red.svg",
    ]);
  });
});
