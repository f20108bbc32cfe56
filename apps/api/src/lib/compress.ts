import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Encoding = "br" | "gzip";

/** Below this, compression saves less than its framing and a round of work costs. */
const threshold = 1024;
/**
 * Brotli's quality for answers made per request: 5 makes an article page an eighth smaller than
 * gzip's default does (11.1 against 12.7 KB) for about a third more work; 6 and up gain little more
 * for much more. The top qualities are for files compressed once (the build's).
 */
const brotliQuality = 5;

/**
 * The encoding to answer with, by the request's Accept-Encoding (RFC 9110 §12.5.3): Brotli when it
 * is accepted at least as gladly as gzip, else gzip, else none. `*` stands for what is not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined | null): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  const [br, gz] = [weight("br"), weight("gzip")];
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : undefined;
}

/**
 * Compresses text answers (pages, JSON, feeds) with Brotli or gzip, as the client accepts; Hono's
 * own `compress()` knows only gzip and deflate. The body is read whole and compressed off the main
 * thread (zlib's thread pool), so the answer goes out with its length: every answer compressed
 * here is one that is sent at once anyway (no event streams: their type is not compressible).
 * Answers already encoded, partial, to HEAD, marked `no-transform`, or under 1 KB go as they are;
 * every compressible one says `Vary: Accept-Encoding`.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let { res } = c;
    const type = res.headers.get("content-type");
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      [204, 206, 304].includes(res.status) ||
      res.headers.has("content-encoding") ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("cache-control") ?? "")
    ) {
      return;
    }
    const vary = res.headers.get("vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) {
      // Through Hono, which copies an answer whose headers cannot change (a fetch()'s).
      c.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    res = c.res;
    const length = res.headers.get("content-length");
    if (length !== null && Number(length) < threshold) return;
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!encoding) return;

    const body = new Uint8Array(await res.arrayBuffer());
    // The body was read: the answer is made again from its bytes, compressed or not.
    const encoded =
      body.byteLength < threshold
        ? undefined
        : encoding === "br"
          ? await brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              },
            })
          : await gzipped(body);
    // Hono copies the previous answer's headers onto a new one: they are set after it.
    c.res = new Response(encoded ?? body, res);
    c.res.headers.set("content-length", String((encoded ?? body).byteLength));
    if (!encoded) return;
    c.res.headers.set("content-encoding", encoding);
    // The bytes differ from the plain answer's: a strong validator would claim otherwise.
    const etag = c.res.headers.get("etag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("etag", `W/${etag}`);
  };
}
