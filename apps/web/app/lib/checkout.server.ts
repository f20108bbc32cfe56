import { randomBytes } from "node:crypto";
import { storeSchema, type Store } from "@shiyi/contracts";
import { orderDraftCookie } from "./order-draft.server.ts";
import { parseCookies } from "./session.server.ts";

/*
 * What the checkout keeps between requests, in httpOnly cookies the browser's scripts never read:
 * the guest's keys to the orders they placed, the form as it was typed while the person is away on
 * ECPay's store map, and a one-shot note that an order was placed from the local cart.
 */

export const checkoutCookies = {
  /** number → access_token of a guest's orders (POST /orders), newest last. */
  orders: "shiyi_orders",
  /** The checkout form while the store map is open. */
  form: "shiyi_checkout",
  /** The number of the order a guest just placed: its result page clears the local cart once. */
  placed: "shiyi_placed",
  /** The number of the order a guest placed asking to join: its result page says the account is made, once. */
  joined: "shiyi_joined",
} as const;

/** How many guest orders stay readable from this browser. */
export const keptOrderTokens = 10;
const orderTokensSeconds = 30 * 24 * 60 * 60;
/** Long enough to pick a store on the map and come back. */
const formSeconds = 30 * 60;
const placedSeconds = 24 * 60 * 60;

export const orderNumberPattern = /^\d{6,20}$/;

type CookieOptions = { maxAge: number; path?: string; secure: boolean };

/** An httpOnly, SameSite=Lax cookie (Secure on an https site). */
export function setCookie(name: string, value: string, { maxAge, path = "/", secure }: CookieOptions) {
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    `Max-Age=${Math.max(0, Math.floor(maxAge))}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

const clearCookie = (name: string, secure: boolean, path = "/") =>
  setCookie(name, "", { maxAge: 0, path, secure });

// ---------------------------------------------------------------------------------------------
// A guest's orders

/**
 * The stored pairs, oldest first. Pairs rather than an object: an object would list keys that look
 * like array indexes first, whatever order they were added in.
 */
export type OrderTokens = [number: string, token: string][];

export function parseOrderTokens(raw: string | undefined, numberPattern = orderNumberPattern): OrderTokens {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (pair): pair is [string, string] =>
        Array.isArray(pair) &&
        pair.length === 2 &&
        typeof pair[0] === "string" &&
        numberPattern.test(pair[0]) &&
        typeof pair[1] === "string" &&
        /^[\w-]{1,200}$/.test(pair[1]),
    );
  } catch {
    return [];
  }
}

/** Adds (or moves to the end) the order's token, keeping the newest `keptOrderTokens`. */
export function withOrderToken(tokens: OrderTokens, number: string, token: string): OrderTokens {
  return [...tokens.filter(([kept]) => kept !== number), [number, token] as [string, string]].slice(
    -keptOrderTokens,
  );
}

/** Keeps a token for order `number` where the order already stands in the list, else as the newest. */
export function keepOrderToken(tokens: OrderTokens, number: string, token: string): OrderTokens {
  return tokens.some(([kept]) => kept === number)
    ? tokens.map((pair): [string, string] => (pair[0] === number ? [number, token] : pair))
    : withOrderToken(tokens, number, token);
}

export function readOrderTokens(request: Request): OrderTokens {
  return parseOrderTokens(parseCookies(request.headers.get("cookie")).get(checkoutCookies.orders));
}

/** The headers that let a guest read and pay order `number` (the API's `x-order-token`). */
export function orderAccessHeaders(request: Request, number: string): Record<string, string> {
  const token = readOrderTokens(request).find(([kept]) => kept === number)?.[1];
  return token ? { "x-order-token": token } : {};
}

export function orderTokensSetCookie(tokens: OrderTokens, { secure }: { secure: boolean }) {
  return setCookie(checkoutCookies.orders, JSON.stringify(tokens), { maxAge: orderTokensSeconds, secure });
}

/**
 * A note for an order's result page, read there once: the number of the order it is about, kept
 * on that page's path only.
 */
function resultPageNote(name: string) {
  return {
    set: (number: string, { secure }: { secure: boolean }) =>
      setCookie(name, number, { maxAge: placedSeconds, path: "/cart/result", secure }),
    isFor: (request: Request, number: string) =>
      parseCookies(request.headers.get("cookie")).get(name) === number,
    clear: ({ secure }: { secure: boolean }) => clearCookie(name, secure, "/cart/result"),
  };
}

/** The guest placed the order from this browser's local cart: its first visit clears those lines. */
const placedNote = resultPageNote(checkoutCookies.placed);
export const { set: placedSetCookie, isFor: justPlaced, clear: clearPlacedCookie } = placedNote;

/** The guest asked to become a member with the order: the page says the account is made. */
const joinedNote = resultPageNote(checkoutCookies.joined);
export const { set: joinedSetCookie, isFor: justJoined, clear: clearJoinedCookie } = joinedNote;

/** The cart page's choice is used up once the order stands. */
export const clearDraftCookie = ({ secure }: { secure: boolean }) => clearCookie(orderDraftCookie, secure);

// ---------------------------------------------------------------------------------------------
// The form while the store map is open

/**
 * The checkout form as typed (Conform's payload: nested values as the form posted them), and the
 * token the store map echoes back, so the page restores this form only when it returns from it.
 */
export type SavedCheckout = { token: string; values: Record<string, unknown> };

/** Browsers keep about 4 KB per cookie; a form that would not fit is not kept. */
const cookieValueLimit = 3800;

/** Never kept: secrets, and what the page rebuilds itself (the lines, the cart page's choice). */
const notKept = [
  "password",
  "password_confirmation",
  "g_recaptcha_response",
  "line_items",
  "payment",
  "shipping",
  "delivery",
  "intent",
];

/** The cookie's value: the form, or only the token when the form would not fit. */
export function encodeSavedCheckout({ token, values }: SavedCheckout): string {
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !notKept.includes(key)));
  const encode = (form: Record<string, unknown>) =>
    Buffer.from(JSON.stringify({ token, values: form })).toString("base64url");
  const encoded = encode(kept);
  return encoded.length <= cookieValueLimit ? encoded : encode({});
}

export function decodeSavedCheckout(raw: string | undefined): SavedCheckout | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as unknown;
    if (!value || typeof value !== "object") return null;
    const { token, values } = value as { token?: unknown; values?: unknown };
    if (typeof token !== "string" || !values || typeof values !== "object" || Array.isArray(values))
      return null;
    return { token, values: values as Record<string, unknown> };
  } catch {
    return null;
  }
}

/** The token ECPay's map carries for us (ExtraData: up to 20 letters and digits). */
export const newMapToken = () => randomBytes(15).toString("base64url").replace(/[-_]/g, "").slice(0, 20);

export const savedCheckoutSetCookie = (saved: SavedCheckout, { secure }: { secure: boolean }) =>
  setCookie(checkoutCookies.form, encodeSavedCheckout(saved), {
    maxAge: formSeconds,
    path: "/cart/checkout",
    secure,
  });

/** What this browser kept when it opened the map with `token`: null for any other token. */
function keptForMap(request: Request, token: string | null): SavedCheckout | null {
  if (!token) return null;
  const saved = decodeSavedCheckout(parseCookies(request.headers.get("cookie")).get(checkoutCookies.form));
  return saved && saved.token === token ? saved : null;
}

/** The saved form, when the page is the store map's return for it (the same token) and it was kept. */
export function readSavedCheckout(request: Request, token: string | null): SavedCheckout["values"] | null {
  const saved = keptForMap(request, token);
  return saved && Object.keys(saved.values).length > 0 ? saved.values : null;
}

/**
 * The store the map sent back, when this browser opened the map (the token it was given): a link
 * from elsewhere with a made-up store in its address chooses nothing.
 */
export const storeFromMap = (request: Request, params: URLSearchParams): Store | null =>
  keptForMap(request, params.get("token")) ? storeFromQuery(params) : null;

export const clearSavedCheckout = ({ secure }: { secure: boolean }) =>
  clearCookie(checkoutCookies.form, secure, "/cart/checkout");

/**
 * What a member leaves behind at logout: the order draft (the way to ship, the pickup store they
 * chose) and the checkout form kept while the map was open (their name, address). The next person
 * at this browser starts without them.
 */
export function checkoutCookiesCleared({ secure }: { secure: boolean }): Headers {
  const headers = new Headers();
  headers.append("set-cookie", clearDraftCookie({ secure }));
  headers.append("set-cookie", clearSavedCheckout({ secure }));
  return headers;
}

/** The store the map sent back (`store_id`, `store_name`, `store_address`, `brand`), if well formed. */
export function storeFromQuery(params: URLSearchParams): Store | null {
  const parsed = storeSchema.safeParse({
    id: params.get("store_id") ?? undefined,
    name: params.get("store_name") ?? undefined,
    address: params.get("store_address") ?? undefined,
    brand: params.get("brand") ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}
