import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.ts";

const app = new Hono().get("/", (c) => c.text(clientAddress(c) ?? "unknown"));

/** The address seen for a request with these headers, from this socket peer (none: in-process). */
async function seen(headers: Record<string, string>, peer?: string) {
  const env = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined;
  return (await app.request("/", { headers }, env)).text();
}

describe("clientAddress", () => {
  it("is the socket's peer when that is a public address, whatever X-Forwarded-For says", async () => {
    expect(await seen({}, "203.0.113.5")).toBe("203.0.113.5");
    expect(await seen({ "x-forwarded-for": "198.51.100.1" }, "203.0.113.5")).toBe("203.0.113.5");
    expect(await seen({}, "::ffff:203.0.113.5")).toBe("203.0.113.5");
  });

  it("believes our proxies: the nearest public hop behind private or local ones", async () => {
    expect(await seen({ "x-forwarded-for": "203.0.113.5" }, "10.0.0.2")).toBe("203.0.113.5");
    expect(await seen({ "x-forwarded-for": "198.51.100.1, 203.0.113.5, 10.1.2.3" }, "127.0.0.1")).toBe(
      "203.0.113.5",
    );
    expect(await seen({ "x-forwarded-for": "2001:db8::7" }, "::1")).toBe("2001:db8::7");
  });

  it("takes the web's word when it calls in-process (no socket)", async () => {
    expect(await seen({ "x-forwarded-for": "203.0.113.5" })).toBe("203.0.113.5");
  });

  it("is the furthest hop when all are ours (a request from this host or network)", async () => {
    expect(await seen({}, "127.0.0.1")).toBe("127.0.0.1");
    expect(await seen({ "x-forwarded-for": "192.168.1.20" }, "127.0.0.1")).toBe("192.168.1.20");
  });

  it("is unknown when nobody says, and ignores entries that are not addresses", async () => {
    expect(await seen({})).toBe("unknown");
    expect(await seen({ "x-forwarded-for": "unknown, <script>" })).toBe("unknown");
    expect(await seen({ "x-forwarded-for": "nonsense, 203.0.113.5" }, "10.0.0.2")).toBe("203.0.113.5");
  });
});
