import { Hono } from "hono";
import type { Logger } from "@shiyi/api";
import { describe, expect, it } from "vitest";
import { requestLog } from "./request-log.ts";

/** A site whose pages are logged into `lines`; /slow answers 500 once its request is aborted, as React Router does. */
function site() {
  const lines: Record<string, unknown>[] = [];
  // The one call the log makes, kept as written.
  const logger = {
    info: (fields: Record<string, unknown>, msg: string) => void lines.push({ ...fields, msg }),
  } as unknown as Logger;
  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use("*", requestLog(logger));
  app.get("/page", (c) => c.text("ok", 200, { "x-cache": "MISS" }));
  app.get("/broken", (c) => c.text("failed", 500));
  app.post("/slow", async (c) => {
    const signal = c.req.raw.signal;
    await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
    return c.text("aborted", 500);
  });
  return { app, lines };
}

describe("the page log", () => {
  it("gives every request an id, sent back, and one line with its status, cache and time", async () => {
    const { app, lines } = site();
    const response = await app.request("/page", { headers: { "x-request-id": "req-1" } });
    expect(response.headers.get("x-request-id")).toBe("req-1");
    const fresh = await app.request("/page");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]).toMatchObject({
      msg: "page",
      requestId: "req-1",
      method: "GET",
      path: "/page",
      status: 200,
      cache: "MISS",
    });
    expect(lines[0]!.ms).toEqual(expect.any(Number));
    expect(lines[0]).not.toHaveProperty("abandoned");
  });

  it("takes a proxy's id when it looks like one, and makes its own for anything else", async () => {
    const { app, lines } = site();
    const given = "3f2a9c1e-7b4d-4e0a-9c2b-1d5e6f7a8b9c";
    expect(
      (await app.request("/page", { headers: { "x-request-id": given } })).headers.get("x-request-id"),
    ).toBe(given);
    for (const header of ["x".repeat(3000), "id with spaces", "<script>", ""]) {
      const answered = (await app.request("/page", { headers: { "x-request-id": header } })).headers.get(
        "x-request-id",
      );
      expect(answered).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(lines.every((line) => String(line.requestId).length <= 128)).toBe(true);
  });

  it("logs a server failure as it is, and a request the browser gave up as 499, abandoned", async () => {
    const { app, lines } = site();
    await app.request("/broken");
    expect(lines[0]).toMatchObject({ path: "/broken", status: 500 });
    expect(lines[0]).not.toHaveProperty("abandoned");

    const browser = new AbortController();
    const answered = app.request("/slow", { method: "POST", signal: browser.signal });
    browser.abort();
    await answered;
    expect(lines[1]).toMatchObject({ method: "POST", path: "/slow", status: 499, abandoned: true });
  });
});
