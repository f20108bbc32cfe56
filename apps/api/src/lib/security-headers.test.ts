import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

function appWith(https: boolean) {
  const app = new Hono();
  app.use(securityHeaders({ https }));
  app.get("/page", (c) => c.html("<p>頁面</p>"));
  app.get("/own", (c) => c.text("可嵌入", 200, { "x-frame-options": "DENY" }));
  // Headers of a Response.redirect() cannot change: the answer is made anew around its body.
  app.get("/fixed", () => Response.redirect("https://shiyi.example/", 302));
  app.get("/error", () => {
    throw new Error("boom");
  });
  app.onError((_error, c) => c.json({ message: "伺服器發生錯誤！請稍後再試" }, 500));
  return app;
}

const expected = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "content-security-policy": "frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
  "referrer-policy": "strict-origin-when-cross-origin",
};
const picked = (response: Response, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

describe("securityHeaders", () => {
  it("puts the headers on every answer, errors and fixed answers included; HSTS only over HTTPS", async () => {
    const app = appWith(false);
    for (const path of ["/page", "/fixed", "/error"]) {
      const response = await app.request(path);
      expect(picked(response, Object.keys(expected)), path).toEqual(expected);
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
    const fixed = await app.request("/fixed");
    expect([fixed.status, fixed.headers.get("location")]).toEqual([302, "https://shiyi.example/"]);
  });

  it("keeps a header the route chose, and tells browsers to stay on HTTPS when the site is served over it", async () => {
    const app = appWith(true);
    expect((await app.request("/own")).headers.get("x-frame-options")).toBe("DENY");
    expect((await app.request("/page")).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
