/** What describes a body, which a 304 has none of (RFC 9110 §15.4.5). */
export const bodyHeaders = ["content-length", "content-type", "content-encoding"];

/**
 * Whether the client's copy is the one kept (RFC 9110 §13.1.2, §13.1.3): If-None-Match decides
 * when it is sent (weak comparison, `*` for any), else If-Modified-Since against Last-Modified.
 */
export function notModified(asked: Headers, kept: Headers): boolean {
  const ifNoneMatch = asked.get("if-none-match");
  if (ifNoneMatch !== null) {
    const etag = kept.get("etag");
    if (!etag) return false;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = Date.parse(asked.get("if-modified-since") ?? "");
  const lastModified = Date.parse(kept.get("last-modified") ?? "");
  return !Number.isNaN(ifModifiedSince) && !Number.isNaN(lastModified) && lastModified <= ifModifiedSince;
}

/** A 304 with the validators and caching headers a 200 would have carried, and no body's. */
export function notModifiedAnswer(headers: Headers): Response {
  const kept = new Headers(headers);
  for (const name of bodyHeaders) kept.delete(name);
  return new Response(null, { status: 304, headers: kept });
}
