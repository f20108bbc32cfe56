/** How long the web keeps the API's public reads (decision 005). */
export const publicReadTtlMs = 10_000;

type Entry = {
  expires: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  /** The body parsed once, frozen, and handed to every reader of this entry. */
  json?: unknown;
};

/** Freezes a parsed JSON value and everything in it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export type ReadCacheOptions = { ttlMs: number; maxEntries: number; now?: () => number };

/**
 * A short-lived cache of the API's public reads, in front of the API client. Only GET answers
 * that the API itself marks `public` are kept, for a few seconds, so a burst of page views costs one
 * query; concurrent misses for the same URL share one request. The CDN in front of the site does
 * the long-term caching; this only spares the database.
 */
export function cachePublicReads(
  fetchApi: (request: Request) => Promise<Response>,
  { ttlMs, maxEntries, now = Date.now }: ReadCacheOptions,
) {
  const entries = new Map<string, Entry>();
  // A tagged result: the global Response class may be replaced by the HTTP server's, so no instanceof.
  type Loaded = { entry: Entry } | { response: Response };
  const inFlight = new Map<string, Promise<Loaded>>();

  // Every page view reads the same few answers (the settings, the SEO entries, the article): their
  // JSON is parsed once per entry, and readers get the same deeply frozen value, so that no loader
  // can change what the next page view reads.
  const toResponse = (entry: Entry) => {
    const response = new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers });
    // Defined, not assigned: the node server's Response class makes `json` read-only.
    Object.defineProperty(response, "json", {
      value: async () => {
        entry.json ??= deepFreeze(JSON.parse(new TextDecoder().decode(entry.body)));
        return entry.json;
      },
    });
    return response;
  };

  async function load(request: Request, key: string): Promise<Loaded> {
    const response = await fetchApi(request);
    const cacheable =
      response.status === 200 && /\bpublic\b/.test(response.headers.get("cache-control") ?? "");
    if (!cacheable) return { response };
    const entry: Entry = {
      expires: now() + ttlMs,
      status: response.status,
      headers: [...response.headers],
      body: await response.arrayBuffer(),
    };
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return { entry };
  }

  return async (request: Request): Promise<Response> => {
    if (request.method !== "GET" || request.headers.has("authorization")) return fetchApi(request);
    const key = request.url;
    const cached = entries.get(key);
    if (cached && cached.expires > now()) return toResponse(cached);
    if (cached) entries.delete(key);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = load(request, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
      const result = await pending;
      return "entry" in result ? toResponse(result.entry) : result.response;
    }
    // A concurrent caller of an uncacheable answer asks again rather than sharing a consumed body.
    const result = await pending;
    return "entry" in result ? toResponse(result.entry) : fetchApi(request);
  };
}
