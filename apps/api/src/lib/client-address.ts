import type { ServerType } from "@hono/node-server";
import type { Server } from "node:http";
import { BlockList, isIP } from "node:net";
import type { Context } from "hono";

/** Addresses of this host and of private networks: where our own proxies and load balancers sit. */
const privateNetworks = [
  "127.0.0.0/8",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "169.254.0.0/16",
  "::1/128",
  "fc00::/7",
  "fe80::/10",
];

/** `203.0.113.7` or `203.0.113.0/24` (IPv6 alike): its address and prefix length, or undefined. */
function parseRange(entry: string): { address: string; bits: number; family: "ipv4" | "ipv6" } | undefined {
  const [address = "", bits, extra] = entry.trim().split("/");
  const version = isIP(address);
  const max = version === 6 ? 128 : 32;
  if (version === 0 || extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
    return undefined;
  const length = bits === undefined ? max : Number(bits);
  return length <= max ? { address, bits: length, family: version === 6 ? "ipv6" : "ipv4" } : undefined;
}

/** Whether TRUSTED_PROXIES may list it: an IP address or a CIDR range. */
export const isAddressOrRange = (entry: string) => parseRange(entry) !== undefined;

/** The proxies whose word is believed: our private networks, and the public ones listed (a CDN's). */
export function proxyList(trusted: readonly string[] = []): BlockList {
  const list = new BlockList();
  for (const entry of [...privateNetworks, ...trusted]) {
    const range = parseRange(entry);
    if (!range) throw new Error(`Not an IP address or CIDR range: ${entry}`);
    list.addSubnet(range.address, range.bits, range.family);
  }
  return list;
}

const privateProxies = proxyList();

/**
 * An address as written, or `undefined` when it is none; IPv4-mapped IPv6 as plain IPv4. A port
 * some proxies add (`203.0.113.7:5555`, `[2001:db8::7]:443`) is left off.
 */
function normalise(value: string | undefined): string | undefined {
  const written = value?.trim() ?? "";
  const bare =
    /^\[([^\]]+)\](?::\d+)?$/.exec(written)?.[1] ?? written.replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1");
  if (isIP(bare) === 4) return bare;
  if (isIP(bare) !== 6) return undefined;
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1, ::ffff:c000:201) is that IPv4 address.
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 6).join(",") === "0,0,0,0,0,65535") {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return bare;
}

/**
 * The address a request comes from, for rate limits; `undefined` when nobody says.
 *
 * The hops are the `X-Forwarded-For` entries, then the socket's peer. They are read from the
 * nearest back: a hop on this host or a private network is one of our proxies (a load balancer,
 * the web server of a split deployment), and so is one on the public networks TRUSTED_PROXIES
 * lists (a CDN's, set on the context as `proxies`); the first hop that is not is the client. A
 * browser talking to us directly is that first public hop itself, so whatever `X-Forwarded-For`
 * it sends is never believed. Without a socket (the web calling the API in-process) only the
 * header speaks. A hop that is no address at all, written by a proxy of ours, ends the reading:
 * the entries before it are the client's own words.
 */
export function clientAddress(c: Context, trusted?: BlockList): string | undefined {
  const proxies = trusted ?? (c.var as { proxies?: BlockList }).proxies ?? privateProxies;
  const header = c.req.header("x-forwarded-for");
  const forwarded = (header ?? "")
    .split(",")
    .filter((entry) => entry.trim() !== "")
    .map(normalise);
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = env?.incoming?.socket?.remoteAddress;
  const hops = peer === undefined ? forwarded : [...forwarded, normalise(peer)];
  let furthest: string | undefined;
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i];
    if (hop === undefined) return undefined;
    if (!proxies.check(hop, isIP(hop) === 6 ? "ipv6" : "ipv4")) return hop;
    furthest = hop;
  }
  // Only our own hops: a request from this host or the private network itself.
  return furthest;
}

/** The eight groups of an IPv6 address, as numbers ("2001:db8::1" → 2001, db8, 0, 0, 0, 0, 0, 1). */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("%")[0]!.split("::");
  const parse = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)];
          // A dotted IPv4 ending (64:ff9b::192.0.2.1) is the last two groups.
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * What the rate limits count a client by: its address, or for IPv6 its /64. One home, office or
 * phone is given a whole /64 (2^64 addresses), and counted by each address alone a client would
 * take a new one for every try.
 */
export function clientNetwork(c: Context, trusted?: BlockList): string | undefined {
  const address = clientAddress(c, trusted);
  if (!address || isIP(address) !== 6) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/**
 * Makes each connection keep its peer's address from the moment it opens. Node reads it from the
 * socket when asked, and a socket the client has already reset answers `undefined`: a request sent
 * and dropped at once would then be judged by its `X-Forwarded-For` alone, which the client wrote.
 */
export function rememberPeers(server: ServerType | Server) {
  (server as Server).on("connection", (socket) => void socket.remoteAddress);
}
