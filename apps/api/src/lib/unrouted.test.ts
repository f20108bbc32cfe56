import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { allowedMethods, unroutedAnswer } from "./unrouted.ts";

const routes = [
  { method: "ALL", path: "/*" },
  { method: "GET", path: "/news" },
  { method: "GET", path: "/news/:id" },
  { method: "GET", path: "/cart" },
  { method: "POST", path: "/cart" },
  { method: "PATCH", path: "/cart/:id" },
  { method: "DELETE", path: "/cart/:id" },
  { method: "POST", path: "/cart/preview" },
];

describe("allowedMethods", () => {
  const methodsOf = allowedMethods(routes);

  it("names the methods of every route matching the path, HEAD with GET, middleware aside", () => {
    expect(methodsOf("/news")).toEqual(["GET", "HEAD"]);
    expect(methodsOf("/news/市場")).toEqual(["GET", "HEAD"]);
    expect(methodsOf("/cart")).toEqual(["GET", "HEAD", "POST"]);
    expect(methodsOf("/cart/7")).toEqual(["DELETE", "PATCH"]);
  });

  it("names a path of its own by its own routes, not by a template's that matches it too", () => {
    expect(methodsOf("/cart/preview")).toEqual(["POST"]);
  });

  it("names none for a path no route has", () => {
    expect(methodsOf("/news/1/2")).toEqual([]);
    expect(methodsOf("/nothing")).toEqual([]);
    // The router is strict about a final slash, and so is the answer.
    expect(methodsOf("/cart/7/")).toEqual([]);
    expect(methodsOf("/news/")).toEqual([]);
    expect(methodsOf("/")).toEqual([]);
  });
});

describe("unroutedAnswer", () => {
  // As a host mounts the API: under /api, with the rest of /api answered by the API's rule.
  const site = new Hono().all("/api/*", unroutedAnswer(routes, "/api"));

  it("answers 405 with Allow for a known path, 204 for OPTIONS, and the JSON 404 for the rest", async () => {
    const wrong = await site.request("/api/news/3", { method: "DELETE" });
    expect([wrong.status, wrong.headers.get("allow"), await wrong.json()]).toEqual([
      405,
      "GET, HEAD",
      { message: "不支援這種請求方式" },
    ]);
    const options = await site.request("/api/cart", { method: "OPTIONS" });
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD, POST"]);
    const unknown = await site.request("/api/nothing", { method: "POST" });
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: "找不到相關資料" }]);
  });
});
