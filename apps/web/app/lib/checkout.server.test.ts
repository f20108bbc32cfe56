import { describe, expect, it } from "vitest";
import {
  decodeSavedCheckout,
  encodeSavedCheckout,
  justPlaced,
  keptOrderTokens,
  newMapToken,
  orderAccessHeaders,
  orderTokensSetCookie,
  parseOrderTokens,
  readSavedCheckout,
  savedCheckoutSetCookie,
  storeFromMap,
  storeFromQuery,
  keepOrderToken,
  withOrderToken,
} from "./checkout.server.ts";

/** A request carrying the cookies a `Set-Cookie` value set. */
const withCookies = (...setCookies: string[]) =>
  new Request("http://site.test/cart/result", {
    headers: { cookie: setCookies.map((value) => value.split(";")[0]).join("; ") },
  });

describe("a guest's order tokens", () => {
  it("keeps the newest ten, a repeated number moving to the end", () => {
    let tokens = parseOrderTokens(undefined);
    for (let i = 0; i < 12; i++)
      tokens = withOrderToken(tokens, `2607160000000${String(i).padStart(2, "0")}`, `t${i}`);
    expect(tokens).toHaveLength(keptOrderTokens);
    expect(tokens[0]).toEqual(["260716000000002", "t2"]);
    tokens = withOrderToken(tokens, "260716000000002", "again");
    expect(tokens.at(-1)).toEqual(["260716000000002", "again"]);
    expect(tokens).toHaveLength(keptOrderTokens);
  });

  it("keeps a mailed key in its order's place, or as the newest for an order not kept", () => {
    const tokens: [string, string][] = [
      ["260716000000001", "t1"],
      ["260716000000002", "t2"],
    ];
    expect(keepOrderToken(tokens, "260716000000001", "key")).toEqual([
      ["260716000000001", "key"],
      ["260716000000002", "t2"],
    ]);
    expect(keepOrderToken(tokens, "260716000000003", "key").at(-1)).toEqual(["260716000000003", "key"]);
  });

  it("ignores a cookie that is not the list it wrote", () => {
    expect(parseOrderTokens("not json")).toEqual([]);
    expect(parseOrderTokens('{"26071600000001":"t"}')).toEqual([]);
    expect(parseOrderTokens('[["x","t"],["26071600000001","ok-token_1"],["26071600000002",3]]')).toEqual([
      ["26071600000001", "ok-token_1"],
    ]);
  });

  it("sends the order's token as x-order-token, and nothing for another order", () => {
    const cookie = orderTokensSetCookie([["26071600000001", "secret"]], { secure: true });
    expect(cookie).toMatch(/^shiyi_orders=.+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    const request = withCookies(cookie);
    expect(orderAccessHeaders(request, "26071600000001")).toEqual({ "x-order-token": "secret" });
    expect(orderAccessHeaders(request, "26071600000002")).toEqual({});
  });

  it("knows which order was just placed here", () => {
    const request = new Request("http://site.test/", { headers: { cookie: "shiyi_placed=26071600000001" } });
    expect(justPlaced(request, "26071600000001")).toBe(true);
    expect(justPlaced(request, "26071600000002")).toBe(false);
  });
});

const mapStore = {
  store_id: "131386",
  store_name: "建國門市",
  store_address: "臺北市大安區建國南路二段151號",
  brand: "UNIMARTC2C",
};

describe("the form kept while the store map is open", () => {
  const values = {
    customer: { name: "林小滿", email: "reader@example.test" },
    password: "Secret123",
    password_confirmation: "Secret123",
    line_items: [{ item_id: "1" }],
    remarks: "請小心包裝",
  };

  it("keeps what was typed but passwords and what the page rebuilds", () => {
    const decoded = decodeSavedCheckout(encodeSavedCheckout({ token: "abc", values }));
    expect(decoded).toEqual({
      token: "abc",
      values: { customer: { name: "林小滿", email: "reader@example.test" }, remarks: "請小心包裝" },
    });
  });

  it("is restored only on the map's return for it (the same token)", () => {
    const request = withCookies(savedCheckoutSetCookie({ token: "abc", values }, { secure: false }));
    expect(readSavedCheckout(request, "abc")).toMatchObject({ remarks: "請小心包裝" });
    expect(readSavedCheckout(request, "other")).toBeNull();
    expect(readSavedCheckout(request, null)).toBeNull();
  });

  it("is not kept when it would not fit in a cookie, but its token is", () => {
    const tooLong = { token: "abc", values: { remarks: "字".repeat(2000) } };
    expect(decodeSavedCheckout(encodeSavedCheckout(tooLong))).toEqual({ token: "abc", values: {} });
    const request = withCookies(savedCheckoutSetCookie(tooLong, { secure: false }));
    expect(readSavedCheckout(request, "abc")).toBeNull();
    // The map's store is still taken on its return.
    const back = new URLSearchParams({ ...mapStore, token: "abc" });
    expect(storeFromMap(request, back)).toMatchObject({ id: "131386" });
  });

  it("takes the map's store only on the return of the map this browser opened", () => {
    const request = withCookies(savedCheckoutSetCookie({ token: "abc", values }, { secure: false }));
    expect(storeFromMap(request, new URLSearchParams({ ...mapStore, token: "abc" }))).toEqual({
      id: "131386",
      name: "建國門市",
      address: "臺北市大安區建國南路二段151號",
      brand: "UNIMARTC2C",
    });
    expect(storeFromMap(request, new URLSearchParams({ ...mapStore, token: "other" }))).toBeNull();
    expect(storeFromMap(request, new URLSearchParams(mapStore))).toBeNull();
    // A link from elsewhere, in a browser that never opened the map.
    expect(
      storeFromMap(new Request("http://site.test/"), new URLSearchParams({ ...mapStore, token: "abc" })),
    ).toBeNull();
  });

  it("makes map tokens ECPay's ExtraData accepts", () => {
    for (let i = 0; i < 20; i++) expect(newMapToken()).toMatch(/^[A-Za-z0-9]{1,20}$/);
  });
});

describe("storeFromQuery", () => {
  it("reads the store the map sent back, and nothing that is not one", () => {
    const params = new URLSearchParams({
      store_id: "131386",
      store_name: "建國門市",
      store_address: "臺北市大安區建國南路二段151號",
      brand: "UNIMARTC2C",
    });
    expect(storeFromQuery(params)).toEqual({
      id: "131386",
      name: "建國門市",
      address: "臺北市大安區建國南路二段151號",
      brand: "UNIMARTC2C",
    });
    params.set("store_id", "<script>");
    expect(storeFromQuery(params)).toBeNull();
    expect(storeFromQuery(new URLSearchParams())).toBeNull();
  });
});
