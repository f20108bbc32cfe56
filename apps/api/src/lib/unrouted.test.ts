import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { allowedMethods, ownPathsFirst, unroutedAnswer } from "./unrouted.ts";

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

describe("ownPathsFirst", () => {
  /** Members' routes as the API has them: `/members/:id` signs in first; `/members/login` is its own. */
  function mounted() {
    const members = new Hono();
    members.use("/members/:id", ownPathsFirst(members, "/members"));
    members.use("/members/:id", async (c) => c.json({ message: "請先登入" }, 401));
    members.post("/members/login", (c) => c.json({ ok: true }));
    members.get("/members/me", (c) => c.json({ ok: true }));
    members.patch("/members/:id", (c) => c.json({ ok: true }));
    // Mounted under a host app without a 404 of its own, as the web server mounts the API.
    return new Hono().route("/api", members);
  }

  it("answers a path of its own asked with another method 405, wherever the router is mounted", async () => {
    const app = mounted();
    for (const method of ["PUT", "GET", "DELETE"]) {
      const response = await app.request("/api/members/login", { method });
      expect([response.status, response.headers.get("allow")], method).toEqual([405, "POST"]);
      expect(await response.json()).toEqual({ message: "不支援這種請求方式" });
    }
    const options = await app.request("/api/members/me", { method: "OPTIONS" });
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD"]);
  });

  it("lets the path's own methods (HEAD with GET) and any id through", async () => {
    const app = mounted();
    expect((await app.request("/api/members/login", { method: "POST" })).status).toBe(401);
    expect((await app.request("/api/members/me", { method: "HEAD" })).status).toBe(401);
    expect((await app.request("/api/members/7", { method: "PATCH" })).status).toBe(401);
  });
});
