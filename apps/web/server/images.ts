import { readdirSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { clientNetwork, proxyList, type Logger } from "@shiyi/api";
import { messages } from "@shiyi/contracts/messages";
import { MediaStoreError, rememberStats, type MediaInfo, type MediaStore } from "@shiyi/media-store";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createIPX, createIPXWebServer, ipxFSStorage, ipxHttpStorage, type IPXStorage } from "ipx";
import { notModified, notModifiedAnswer } from "./conditional.ts";
import { cacheProcessedImages } from "./image-cache.ts";
import { allowedImageModifiers } from "./image-modifiers.ts";
import { limitConcurrency, QueueFull } from "./limit.ts";
import { publicReadTtlMs } from "./read-cache.ts";

const imageMaxAgeMs = 86_400_000;
const imageCache = `public, max-age=${imageMaxAgeMs / 1000}, s-maxage=604800, stale-while-revalidate=86400`;
/** Bounds of the processed images kept in memory: a card's picture is 5–40 KB in webp. */
const imageCacheLimits = { maxEntries: 5000, maxBytes: 64 * 2 ** 20 };
const imageMessages = {
  400: "圖片參數不正確",
  403: "不允許的圖片來源",
  404: "找不到這張圖片",
  502: "暫時無法取得圖片",
  503: "圖片處理忙碌中，請稍後再試",
};

/**
 * Who asked for a picture to be made (the client's address), carried on the request to the image
 * workers, whose line is shared by client in rotation (limitConcurrency).
 */
const imageClientHeader = "x-shiyi-image-client";
/** Pictures one client may have waiting to be made; one more is answered 503 at once. */
const maxImagesWaitingPerClient = 48;

/** How many pictures sharp makes at once. */
const imageWorkers = 2;

/** Only these two remote hosts may be proxied, under the /youtube and /vimeo aliases. */
const remoteImageAliases = { "/youtube": "https://img.youtube.com", "/vimeo": "https://i.vimeocdn.com" };
/** Whether a source (`youtube/vi/…`, without its leading slash) is a remote host's, by its alias. */
const isRemoteSource = (id: string) => /^(?:youtube|vimeo)(?:[/\\]|$)/.test(id);

export type ImageRoutesOptions = {
  /** The pictures: a folder, or a bucket (decision 021). */
  media: MediaStore;
  /** The build's public files (og/…, favicon.svg), which may be sources too. */
  clientDir: string;
  logger: Logger;
  /** The compression of the site's other answers, for /media. */
  compressed: MiddlewareHandler;
  /** Public proxies in front of the site (TRUSTED_PROXIES), whose X-Forwarded-For is believed. */
  trustedProxies?: readonly string[];
};

/**
 * The pictures: as stored at /media/<key>, and made to size by IPX at /_ipx/<modifiers>/<source>
 * (decision 005), from the media store, the build's public files, or the two video-thumbnail hosts.
 */
export function imageRoutes({
  media: mediaStore,
  clientDir,
  logger,
  compressed,
  trustedProxies,
}: ImageRoutesOptions) {
  const app = new Hono();
  const proxies = proxyList(trustedProxies);
  // A bucket is asked which version of a picture it holds at most once per picture in this time,
  // as long as the API's reads are kept: a replaced picture shows everywhere within 10 s.
  const media = mediaStore.remote ? rememberStats(mediaStore, { ttlMs: publicReadTtlMs }) : mediaStore;
  /** The media store's key of a source named "media/<key>"; undefined for the build's public files. */
  const mediaKey = (id: string) => (id.startsWith("media/") ? id.slice("media/".length) : undefined);
  const publicFiles = ipxFSStorage({ dir: clientDir });
  // IPX names a source "/media/…" or "/og/…": the first from the media store, the rest from the build.
  const imageStorage: IPXStorage = {
    name: "shiyi",
    async getMeta(id, options) {
      const key = mediaKey(id.replace(/^\//, ""));
      if (key === undefined) return publicFiles.getMeta(id, options);
      const info = await media.stat(key);
      return info && { mtime: info.modified };
    },
    async getData(id, options) {
      const key = mediaKey(id.replace(/^\//, ""));
      if (key === undefined) return publicFiles.getData(id, options);
      return (await media.read(key))?.body.buffer;
    },
  };
  const ipx = createIPX({
    storage: imageStorage,
    httpStorage: ipxHttpStorage({
      domains: Object.values(remoteImageAliases).map((url) => new URL(url).host),
    }),
    alias: remoteImageAliases,
  });
  // A local image is a picture of the media store or one of the build's public files: nothing else
  // on the machine (DATA_DIR holds the database) is a source, not even to tell which files exist. A
  // remote one is named by its alias only, never by its address (`https://img.youtube.com/…`).
  const imageSources = new Set([
    "media",
    ...readdirSync(clientDir),
    ...Object.keys(remoteImageAliases).map((alias) => alias.slice(1)),
  ]);
  /** The source that "/<modifiers>/<source…>" names, decoded as IPX reads it, if it may be read. */
  const imageSource = (pathname: string): string | undefined => {
    let id: string;
    try {
      id = decodeURIComponent(pathname.split("/").slice(2).join("/"));
    } catch {
      return undefined;
    }
    const segments = id.split(/[/\\]/);
    // A remote alias alone (`/youtube`, `/youtube/`) names the host's front page, not a picture.
    const aliasOnly = isRemoteSource(id) && !segments.slice(1).some(Boolean);
    return imageSources.has(segments[0] ?? "") && !segments.includes("..") && !aliasOnly ? id : undefined;
  };
  // Two pictures made at a time (the machine's cores are the pages' too); the rest wait in line.
  const makeImage = limitConcurrency(createIPXWebServer(ipx), imageWorkers, {
    keyOf: (request) => request.headers.get(imageClientHeader) ?? "",
    maxWaitingPerKey: maxImagesWaitingPerClient,
  });
  const images = cacheProcessedImages(makeImage, {
    ...imageCacheLimits,
    // A source is looked up where IPX looks (the media store, the build's public files); a remote
    // picture is made again after a day, as long as browsers keep it.
    async sourceVersion(url) {
      const id = imageSource(url.pathname);
      if (id === undefined) return undefined;
      if (isRemoteSource(id)) return { version: "remote", ttlMs: imageMaxAgeMs };
      const key = mediaKey(id);
      if (key !== undefined) {
        const info = await media.stat(key);
        return info && { version: info.etag, ttlMs: imageMaxAgeMs };
      }
      const file = await stat(path.join(clientDir, id)).catch(() => undefined);
      return file?.isFile() ? { version: `${file.mtimeMs}:${file.size}`, ttlMs: imageMaxAgeMs } : undefined;
    },
  });
  app.get("/_ipx/*", async (c) => {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice("/_ipx".length);
    // IPX takes nothing from the query, and would read it as part of the source's path
    // (`media/a?/../../pglite`): it is dropped, so that IPX reads only the path judged here.
    url.search = "";
    // "/<modifiers>/<source…>", judged as IPX reads it: decoded, so `media/..%2Fpglite` is no way out.
    if (imageSource(url.pathname) === undefined) return c.json({ message: imageMessages[404] }, 404);
    if (!allowedImageModifiers(url.pathname.split("/")[1] ?? "")) {
      return c.json({ message: imageMessages[400] }, 400);
    }
    const request = new Request(url, c.req.raw);
    // The queue's share per client: counted as the rate limits count (a visitor behind a CDN, an
    // IPv6 client by its /64).
    request.headers.set(imageClientHeader, clientNetwork(c, proxies) ?? "");
    let response: Response;
    try {
      response = await images(request);
    } catch (error) {
      if (error instanceof QueueFull) {
        c.header("retry-after", "2");
        c.header("cache-control", "no-store");
        return c.json({ message: imageMessages[503] }, 503);
      }
      return mediaUnreachable(c, error);
    }
    if (response.status >= 400) return imageFailure(c, response);
    // A 304 Not Modified carries the lifetime a 200 would have (RFC 9110 §15.4.5).
    const headers = new Headers(response.headers);
    headers.set("cache-control", imageCache);
    return new Response(response.body, { status: response.status, headers });
  });

  /**
   * IPX answers a modifier it cannot use (w_0, q_abc: sharp's "Expected …"), a remote source that
   * answered 404 and one it could not reach all with a 500, in English. Here: 400, 404 and 502, each
   * with a zh-TW message; its own 403 and 404 keep their status; anything else stays a 500, logged.
   */
  async function imageFailure(c: Context, response: Response) {
    const detail = await response.text();
    const status =
      response.status < 500
        ? response.status
        : /Expected |Unsupported |Invalid /.test(detail)
          ? 400
          : /: 404 /.test(detail)
            ? 404
            : /fetch failed|media store answered|aborted due to timeout/i.test(detail)
              ? 502
              : 500;
    const message = imageMessages[status as keyof typeof imageMessages] ?? messages.fallback;
    if (status >= 500) logger.warn({ path: c.req.path, detail }, "image not served");
    return c.json({ message }, status as ContentfulStatusCode);
  }

  // The pictures as stored, from the media store. One it does not hold goes on to the 404 page.
  const mediaHeaders = (info: MediaInfo) =>
    new Headers({
      "content-type": info.contentType,
      etag: info.etag,
      "last-modified": info.modified.toUTCString(),
      "cache-control": imageCache,
    });
  const withLength = (headers: Headers, size: number) => {
    headers.set("content-length", String(size));
    return headers;
  };
  app.get("/media/*", compressed, async (c, next) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice("/media/".length));
    } catch {
      return next();
    }
    try {
      // A HEAD, and a browser's revalidation, are answered from the picture's description, without
      // its bytes.
      const head = c.req.method === "HEAD";
      if (head || c.req.header("if-none-match") || c.req.header("if-modified-since")) {
        const info = await media.stat(key);
        if (!info) return next();
        if (notModified(c.req.raw.headers, mediaHeaders(info))) return notModifiedAnswer(mediaHeaders(info));
        if (head) return new Response(null, { headers: withLength(mediaHeaders(info), info.size) });
      }
      const file = await media.read(key);
      if (!file) return next();
      return new Response(file.body, { headers: withLength(mediaHeaders(file), file.size) });
    } catch (error) {
      return mediaUnreachable(c, error);
    }
  });

  /** A media store out of reach (a bucket refusing, a network failing): 502, logged; anything else is a fault. */
  function mediaUnreachable(c: Context, error: unknown) {
    const network =
      error instanceof Error && /fetch failed|TimeoutError|AbortError/.test(`${error.message} ${error.name}`);
    if (!(error instanceof MediaStoreError) && !network) throw error;
    logger.error({ err: error, path: c.req.path }, "media store unreachable");
    c.header("cache-control", "no-store");
    return c.json({ message: imageMessages[502] }, 502);
  }
  return app;
}
