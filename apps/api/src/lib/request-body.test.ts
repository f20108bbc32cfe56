import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ApiEnv } from "../app-env.ts";
import { apiMessage, maxContactBytes, requestSizeLimit, unreadableTextAt } from "./request-body.ts";

describe("requestSizeLimit", () => {
  const api = new Hono<ApiEnv>()
    .use(requestSizeLimit())
    .post("/contact", async (c) => c.json({ read: (await c.req.text()).length }))
    .post("/orders", async (c) => c.json({ read: (await c.req.text()).length }));
  // As the site serves it: the API mounted under /api.
  const site = new Hono().route("/api", api);
  const post = (path: string, bytes: number) =>
    site.request(path, {
      method: "POST",
      body: "x".repeat(bytes),
      headers: { "content-type": "text/plain" },
    });

  it("refuses a contact message over 64 KB with 413, also where the API is mounted under /api", async () => {
    const response = await post("/api/contact", maxContactBytes + 1);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "送出的內容過大" });
    expect((await post("/api/contact", maxContactBytes)).status).toBe(200);
  });

  it("lets other bodies be larger", async () => {
    expect(await (await post("/api/orders", maxContactBytes + 1)).json()).toEqual({
      read: maxContactBytes + 1,
    });
  });
});

describe("unreadableTextAt", () => {
  it("passes text the database stores, control characters of pasted text included", () => {
    expect(
      unreadableTextAt({
        name: "王小明 👩‍🍳",
        message: "第一行\r\n第二行\t完\f\v",
        tags: ["茶", 1, null, true],
      }),
    ).toBeUndefined();
  });

  it("finds a NUL, with its path", () => {
    expect(unreadableTextAt({ name: "n\u0000" })).toBe("name");
    expect(unreadableTextAt({ address: { city: "台北\u0000" } })).toBe("address.city");
    expect(unreadableTextAt({ sku: ["ok", "\u0000"] })).toBe("sku.1");
    expect(unreadableTextAt("\u0000")).toBe("");
  });

  it("finds half of a character (a lone surrogate) in a value or a key", () => {
    expect(unreadableTextAt({ remarks: "\ud800" })).toBe("remarks");
    expect(unreadableTextAt({ remarks: "a\udc00b" })).toBe("remarks");
    expect(unreadableTextAt({ ["k\ud800"]: "v" })).toBe("k\ud800");
  });

  it("refuses a body nested deeper than any the API takes, without exhausting the stack", () => {
    let deep: unknown = "x";
    for (let level = 0; level < 40_000; level += 1) deep = [deep];
    expect(unreadableTextAt({ x: deep })).toBeNull();
    let shallow: unknown = "x";
    for (let level = 0; level < 10; level += 1) shallow = { next: shallow };
    expect(unreadableTextAt(shallow)).toBeUndefined();
  });
});

describe("apiMessage", () => {
  it("keeps a schema's zh-TW message and replaces Zod's English default", () => {
    expect(apiMessage("此項為必填")).toBe("此項為必填");
    expect(apiMessage("Invalid input: expected string, received array")).toBe("參數格式不正確");
  });
});
