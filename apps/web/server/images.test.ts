import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLogger } from "@shiyi/api";
import { folderStore, s3Store, type MediaStore } from "@shiyi/media-store";
import { startS3StandIn, type S3StandIn } from "@shiyi/media-store/stand-in";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageRoutes } from "./images.ts";

const credentials = { accessKeyId: "SHIYITESTKEY", secretAccessKey: "stand-in-secret", region: "auto" };
let standIn: S3StandIn;
let dir: string;
let picture: Uint8Array;

beforeAll(async () => {
  standIn = await startS3StandIn({ bucket: "pictures", ...credentials });
  dir = await mkdtemp(path.join(tmpdir(), "shiyi-images-"));
  await writeFile(
    path.join(dir, "logo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>',
  );
  const pixels = { width: 400, height: 300, channels: 3 as const, background: "#b4623c" };
  picture = new Uint8Array(await sharp({ create: pixels }).jpeg().toBuffer());
});
afterAll(async () => {
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The image routes in a site whose other paths answer "page 404", as the pages do. */
function site(media: MediaStore) {
  const app = new Hono();
  const passThrough = async (_c: unknown, next: () => Promise<void>) => next();
  app.route(
    "/",
    imageRoutes({ media, clientDir: dir, logger: createLogger("silent"), compressed: passThrough }),
  );
  app.all("*", (c) => c.text("page 404", 404));
  return app;
}

const stores: [string, () => MediaStore][] = [
  ["a bucket", () => s3Store({ endpoint: standIn.endpoint, bucket: "pictures", ...credentials })],
  ["a folder", () => folderStore(path.join(dir, "media"))],
];

describe.each(stores)("pictures kept in %s", (_, storeOf) => {
  it("are served as stored at /media, with validators, and revalidated without their bytes", async () => {
    const media = storeOf();
    await media.write("news/market.jpg", picture, "image/jpeg");
    const app = site(media);
    const response = await app.request("/media/news/market.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=86400/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(picture);
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);

    const again = await app.request("/media/news/market.jpg", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await app.request("/media/news/market.jpg", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(picture.byteLength));
    expect(head.headers.get("etag")).toBe(etag);
    expect(await head.text()).toBe("");
  });

  it("are made to size at /_ipx", async () => {
    const media = storeOf();
    await media.write("columns/soup.jpg", picture, "image/jpeg");
    const response = await site(media).request("/_ipx/f_webp,w_100/media/columns/soup.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const made = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect([made.format, made.width, made.height]).toEqual(["webp", 100, 75]);
  });

  it("answer a missing picture as missing, and nothing outside the store", async () => {
    const app = site(storeOf());
    const page = await app.request("/media/news/none.jpg");
    expect([page.status, await page.text()]).toEqual([404, "page 404"]);
    const escape = await app.request("/media/..%2Flogo.svg");
    expect([escape.status, await escape.text()]).toEqual([404, "page 404"]);
    const image = await app.request("/_ipx/w_100/media/news/none.jpg");
    expect(image.status).toBe(404);
    expect(await image.json()).toEqual({ message: "找不到這張圖片" });
    // The build's public files stay sources.
    expect((await app.request("/_ipx/w_64/logo.svg")).status).toBe(200);
    // A remote alias alone names no picture: the host is not asked for its front page.
    for (const alias of ["/_ipx/_/youtube", "/_ipx/w_64/vimeo/", "/_ipx/_/youtube//"]) {
      const remote = await app.request(alias);
      expect([remote.status, await remote.json()], alias).toEqual([404, { message: "找不到這張圖片" }]);
    }
  });
});

describe("pictures in a bucket", () => {
  it("answer a HEAD from the picture's description, without fetching its bytes", async () => {
    const media = s3Store({ endpoint: standIn.endpoint, bucket: "pictures", ...credentials });
    await media.write("news/head.jpg", picture, "image/jpeg");
    const gets = standIn.requests.GET ?? 0;
    const head = await site(media).request("/media/news/head.jpg", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(picture.byteLength));
    expect(standIn.requests.GET ?? 0).toBe(gets);
  });

  it("are asked of the bucket once while a made size is served from memory", async () => {
    const media = s3Store({ endpoint: standIn.endpoint, bucket: "pictures", ...credentials });
    await media.write("features/table.jpg", picture, "image/jpeg");
    const app = site(media);
    const calls = () => (standIn.requests.HEAD ?? 0) + (standIn.requests.GET ?? 0);
    const first = await app.request("/_ipx/f_webp,w_200/media/features/table.jpg");
    expect(first.headers.get("x-cache")).toBe("MISS");
    const before = calls();
    for (let i = 0; i < 3; i++) {
      const kept = await app.request("/_ipx/f_webp,w_200/media/features/table.jpg");
      expect(kept.headers.get("x-cache")).toBe("HIT");
    }
    expect(calls()).toBe(before);
  });

  it("answer 502 with a zh-TW message when the bucket refuses, and say nothing of it", async () => {
    const refused = s3Store({
      endpoint: standIn.endpoint,
      bucket: "pictures",
      ...credentials,
      secretAccessKey: "old",
    });
    const app = site(refused);
    for (const url of ["/media/news/market.jpg", "/_ipx/w_100/media/news/market.jpg"]) {
      const response = await app.request(url);
      expect(response.status, url).toBe(502);
      expect(response.headers.get("cache-control"), url).toBe("no-store");
      expect(await response.json(), url).toEqual({ message: "暫時無法取得圖片" });
    }
  });
});
