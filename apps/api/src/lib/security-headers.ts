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
  return async (c, next) => {
    await next();
    try {
      for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    } catch {
      // An answer whose headers cannot change (one passed on from fetch()): made anew around its body.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
