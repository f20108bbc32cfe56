import { messages } from "@shiyi/contracts";
import type { Context, MiddlewareHandler } from "hono";

type Route = { readonly method: string; readonly path: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A route path in Hono's syntax (`/news/:id`) as a pattern for a request's path. */
const pathPattern = (path: string) =>
  new RegExp(
    `^${path
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)))
      .join("/")}$`,
  );

const literal = (path: string) => !path.includes("/:");

/**
 * The methods the routes answer on a path, HEAD with every GET; empty when no route has the path.
 * Middleware (method ALL) counts for nothing.
 */
export function allowedMethods(routes: readonly Route[]): (path: string) => string[] {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { method, path } of routes) {
    if (method === "ALL") continue;
    const entry = byPath.get(path) ?? { pattern: pathPattern(path), methods: new Set<string>() };
    entry.methods.add(method);
    byPath.set(path, entry);
  }
  return (path) => {
    const methods = new Set<string>();
    const matching = [...byPath].filter(([, { pattern }]) => pattern.test(path));
    // A path of its own (/members/login) is not one of a template's (/members/:id).
    const own = matching.some(([template]) => literal(template))
      ? matching.filter(([template]) => literal(template))
      : matching;
    for (const [, entry] of own) for (const method of entry.methods) methods.add(method);
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}

/**
 * The API's answer to a request no route took, `prefix` being where the API is mounted: a path it
 * knows, asked with another method, is a 405 with `Allow` (an OPTIONS request a 204 with it); any
 * other path the JSON 404.
 */
export function unroutedAnswer(routes: readonly Route[], prefix = "") {
  const methodsOf = allowedMethods(routes);
  return (c: Context) => {
    const path = c.req.path.startsWith(prefix) ? c.req.path.slice(prefix.length) || "/" : c.req.path;
    const allowed = methodsOf(path);
    if (allowed.length === 0) return c.json({ message: messages.notFound }, 404);
    return otherMethod(c, allowed);
  };
}

/** A known path asked with a method it does not take: 405 with `Allow`, or OPTIONS' 204 with it. */
function otherMethod(c: Context, allowed: readonly string[]) {
  const allow = allowed.join(", ");
  if (c.req.method === "OPTIONS") return c.body(null, 204, { allow });
  return c.json({ message: messages.methodNotAllowed }, 405, { allow });
}

/**
 * For a template's routes (`/members/:id`) whose middleware would answer first (a sign-in check):
 * a path of its own (`/members/login`) asked with a method it does not take is not an id, and gets
 * the answer of a known path asked so (405 with Allow) here, wherever the API is mounted.
 */
export function ownPathsFirst(
  router: { readonly routes: readonly Route[] },
  parent: string,
): MiddlewareHandler {
  // Read at the first request: the router's routes are added after this middleware.
  let methodsOf: ((path: string) => string[]) | undefined;
  return async (c, next) => {
    methodsOf ??= allowedMethods(router.routes.filter((route) => literal(route.path)));
    const allowed = methodsOf(`${parent}/${c.req.param("id") ?? ""}`);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) return otherMethod(c, allowed);
    await next();
  };
}
