import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { clientAddress, clientNetwork, proxyList, rememberPeers } from "./client-address.ts";

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

describe("clientAddress behind proxies that say more or less", () => {
  it("reads an address with the port some proxies add", async () => {
    expect(await seen({ "x-forwarded-for": "198.18.7.1, 203.0.113.77:5555" }, "10.0.0.2")).toBe(
      "203.0.113.77",
    );
    expect(await seen({ "x-forwarded-for": "[2001:db8::7]:443" }, "10.0.0.2")).toBe("2001:db8::7");
  });

  it("stops at a hop of ours that names no address, believing nothing the client wrote before it", async () => {
    expect(await seen({ "x-forwarded-for": "198.18.7.1, unknown" }, "10.0.0.2")).toBe("unknown");
    expect(await seen({ "x-forwarded-for": "198.18.7.1, 203.0.113.9, " }, "10.0.0.2")).toBe("203.0.113.9");
  });

  it("believes the public proxies listed (a CDN's edges) as it believes private ones", async () => {
    const behindCdn = new Hono<{ Variables: { proxies: ReturnType<typeof proxyList> } }>()
      .use(async (c, next) => {
        c.set("proxies", proxyList(["104.16.0.0/13", "2400:cb00::/32"]));
        await next();
      })
      .get("/", (c) => c.text(clientAddress(c) ?? "unknown"));
    const through = async (header: string, peer: string) =>
      (
        await behindCdn.request(
          "/",
          { headers: { "x-forwarded-for": header } },
          { incoming: { socket: { remoteAddress: peer } } },
        )
      ).text();
    expect(await through("198.51.100.10, 104.16.0.1", "10.0.0.2")).toBe("198.51.100.10");
    expect(await through("198.51.100.11, 2400:cb00::1", "10.0.0.2")).toBe("198.51.100.11");
    // Not listed, an edge is the client, as before.
    expect(await seen({ "x-forwarded-for": "198.51.100.10, 104.16.0.1" }, "10.0.0.2")).toBe("104.16.0.1");
  });

  it("refuses a list entry that is no address or range", () => {
    expect(() => proxyList(["104.16.0.0/33"])).toThrow(/104\.16\.0\.0\/33/);
    expect(() => proxyList(["cdn.example.com"])).toThrow();
  });
});

describe("clientNetwork", () => {
  const network = new Hono().get("/", (c) => c.text(clientNetwork(c) ?? "unknown"));
  const counted = async (address: string) =>
    (await network.request("/", { headers: { "x-forwarded-for": address } })).text();

  it("counts an IPv4 client by its address", async () => {
    expect(await counted("203.0.113.5")).toBe("203.0.113.5");
    expect(await counted("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(await counted("::ffff:cb00:7105")).toBe("203.0.113.5");
    expect(await counted("0:0:0:0:0:ffff:203.0.113.5")).toBe("203.0.113.5");
  });

  it("counts an IPv6 client by its /64, however the address is written", async () => {
    expect(await counted("2001:db8:1:2::5")).toBe("2001:db8:1:2::/64");
    expect(await counted("2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(await counted("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(await counted("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(await counted("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(await counted("2001:db8:1:2:3:4:192.0.2.1")).toBe("2001:db8:1:2::/64");
  });

  it("is unknown when the address is", async () => {
    expect(await counted("nonsense")).toBe("unknown");
  });
});

describe("rememberPeers", () => {
  /** The peer address a handler reads after the client has sent its request and reset the connection. */
  async function peerSeenAfterReset() {
    let seen: (value: string | undefined) => void = () => {};
    const read = new Promise<string | undefined>((resolve) => (seen = resolve));
    const server = createServer((request) => {
      // The handler reads it later, as the router does after parsing and middleware.
      setTimeout(() => seen(request.socket.remoteAddress), 50);
    });
    rememberPeers(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1", () => {
      socket.write(
        "POST /members/register HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.9\r\nContent-Length: 0\r\n\r\n",
      );
      setTimeout(() => socket.resetAndDestroy(), 10);
    });
    socket.on("error", () => {});
    const address = await read;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return address;
  }

  it("keeps the address of a connection the client reset before its request was read", async () => {
    expect(await peerSeenAfterReset()).toBe("127.0.0.1");
  });
});
