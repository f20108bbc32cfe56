import { BlockList, isIP } from "node:net";
import type { Context } from "hono";

/** Addresses of this host and of private networks: where our own proxies and load balancers sit. */
const proxyNetworks = new BlockList();
proxyNetworks.addSubnet("127.0.0.0", 8, "ipv4");
proxyNetworks.addSubnet("10.0.0.0", 8, "ipv4");
proxyNetworks.addSubnet("172.16.0.0", 12, "ipv4");
proxyNetworks.addSubnet("192.168.0.0", 16, "ipv4");
proxyNetworks.addSubnet("169.254.0.0", 16, "ipv4");
proxyNetworks.addAddress("::1", "ipv6");
proxyNetworks.addSubnet("fc00::", 7, "ipv6");
proxyNetworks.addSubnet("fe80::", 10, "ipv6");

/** An address as written, or `undefined` when it is none; IPv4-mapped IPv6 as plain IPv4. */
function normalise(value: string | undefined): string | undefined {
  const address = value?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return address && isIP(address) ? address : undefined;
}

function isProxy(address: string) {
  return proxyNetworks.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * The address a request comes from, for rate limits; `undefined` when nobody says.
 *
 * The hops are the `X-Forwarded-For` entries, then the socket's peer. They are read from the
 * nearest back: a hop on this host or a private network is one of our proxies (a load balancer,
 * the web server of a split deployment), and the first hop that is not is the client. A browser
 * talking to us directly is that first public hop itself, so whatever `X-Forwarded-For` it sends
 * is never believed. Without a socket (the web calling the API in-process) only the header speaks.
 * Proxies on public addresses (a CDN) would need to be listed; none are yet.
 */
export function clientAddress(c: Context): string | undefined {
  const forwarded = (c.req.header("x-forwarded-for") ?? "").split(",").map(normalise);
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const hops = [...forwarded, normalise(env?.incoming?.socket?.remoteAddress)].filter(
    (hop): hop is string => hop !== undefined,
  );
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    if (!isProxy(hops[i]!)) return hops[i];
  }
  // Only our own hops: a request from this host or the private network itself.
  return hops[0];
}
