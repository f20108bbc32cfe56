import { notModified, notModifiedAnswer } from "./conditional.ts";
import { Lru, type LruLimits } from "./lru.ts";

/** Which version of its source an image was made from, and how long it may be reused. */
export type SourceVersion = { version: string; ttlMs: number };

export type ImageCacheOptions = LruLimits & {
  /**
   * The version of the source the request names (a local file's modification time and size), so
   * that an image made from a replaced file is made again; undefined when there is no such source,
   * whose answer (an error) is never kept.
   */
  sourceVersion: (url: URL) => Promise<SourceVersion | undefined>;
  now?: () => number;
};

type Entry = {
  expires: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
};

/** What makes an answer conditional: the processing behind a miss is asked without them. */
const conditionalHeaders = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "range"];

/**
 * Processed images kept in memory. Resizing and encoding a picture costs sharp tens of milliseconds,
 * and a page names dozens of them (each width of each srcset, each placeholder): without this, every
 * reader whose browser does not have them yet, and every CDN edge, had them made again. An image is
 * kept per path (the modifiers and the source) and source version; concurrent requests for one wait
 * for a single processing; the least recently used go first past the bounds. Only a 200 that varies
 * on nothing is kept (f_auto answers by the Accept header). Conditional requests are answered from
 * the kept validators (RFC 9110 §13.2.2: If-None-Match first, else If-Modified-Since).
 */
export function cacheProcessedImages(
  processImage: (request: Request) => Promise<Response>,
  { sourceVersion, now = Date.now, ...limits }: ImageCacheOptions,
) {
  const entries = new Lru<Entry>(limits);
  type Made = { entry: Entry } | { response: Response };
  const inFlight = new Map<string, Promise<Made>>();

  async function make(url: URL, key: string, ttlMs: number, headers: Headers): Promise<Made> {
    const plain = new Headers(headers);
    for (const name of conditionalHeaders) plain.delete(name);
    const response = await processImage(new Request(url, { headers: plain }));
    if (response.status !== 200 || response.headers.has("vary")) return { response };
    const body = new Uint8Array(await response.arrayBuffer());
    const entry: Entry = { expires: now() + ttlMs, headers: [...response.headers], body };
    entries.set(key, entry, body.byteLength);
    return { entry };
  }

  return async (request: Request): Promise<Response> => {
    const head = request.method === "HEAD";
    if (request.method !== "GET" && !head) return processImage(request);
    const url = new URL(request.url);
    const source = await sourceVersion(url);
    if (!source) return processImage(request);

    const key = `${url.pathname}\n${source.version}`;
    const kept = entries.get(key);
    if (kept && kept.expires > now()) return respond(kept, request, head, "HIT");
    if (kept) entries.delete(key);

    let pending = inFlight.get(key);
    const first = !pending;
    if (!pending) {
      pending = make(url, key, source.ttlMs, request.headers).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const made = await pending;
    if ("entry" in made) return respond(made.entry, request, head, "MISS");
    // Not kept (an error, an answer by Accept): the first asker has it, the others ask their own.
    return first ? made.response : processImage(request);
  };
}

function respond(entry: Entry, request: Request, head: boolean, state: "HIT" | "MISS") {
  const headers = new Headers(entry.headers);
  if (notModified(request.headers, headers)) return notModifiedAnswer(headers);
  headers.set("x-cache", state);
  headers.set("content-length", String(entry.body.byteLength));
  return new Response(head ? null : entry.body, { status: 200, headers });
}
