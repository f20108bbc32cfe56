import { basePolicy } from "@shiyi/contracts/content-security-policy";
import type { MiddlewareHandler } from "hono";

/**
 * The headers every answer carries, pages, images and the API's JSON alike: no content-type
 * sniffing, no framing by other sites (the member pages' forms cannot be clickjacked), no `<base>`
 * or plugin content should stored HTML ever get past the sanitizer, and the path of a page kept
 * from other sites' logs. Over HTTPS, browsers are told to stay on it (HSTS).
 *
 * The Content-Security-Policy here is the base one. A page that runs scripts sets its own, with
 * the nonce of its render (decision 023), and an answer's own header is kept.
 */
export function securityHeaders({ https }: { https: boolean }): MiddlewareHandler {
  const headers: [string, string][] = [
    ["x-content-type-options", "nosniff"],
    ["x-frame-options", "SAMEORIGIN"],
    ["content-security-policy", basePolicy],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ...(https
      ? [["strict-transport-security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
  // A 304 carries no policy: a cache would put it on the copy it keeps, whose own names the nonce
  // of that copy's scripts.
  const notModifiedHeaders = headers.filter(([name]) => name !== "content-security-policy");
  return async (c, next) => {
    await next();
    const added = c.res.status === 304 ? notModifiedHeaders : headers;
    try {
      for (const [name, value] of added) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    } catch {
      // An answer whose headers cannot change (one passed on from fetch()): made anew around its body.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of added) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
