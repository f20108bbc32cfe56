import { describe, expect, it } from "vitest";
import {
  orderDraftChoiceOf,
  orderDraftSetCookie,
  readDraftStore,
  readOrderDraftChoice,
} from "./order-draft.server.ts";

/** The request the checkout page would get after the cart page set the cookie. */
const requestWith = (setCookie: string | null) =>
  new Request("http://site.test/cart/checkout", {
    headers: setCookie ? { cookie: setCookie.split(";")[0]! } : {},
  });

describe("the order draft's choice", () => {
  it("travels in an httpOnly, Lax cookie on the whole site and reads back", () => {
    const cookie = orderDraftSetCookie(
      { payment: "atm", shipping: "cvs", delivery: "FAMIC2C" },
      { secure: false },
    );
    expect(cookie).toMatch(/^shiyi_draft=/);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    expect(readOrderDraftChoice(requestWith(cookie))).toEqual({
      payment: "atm",
      shipping: "cvs",
      delivery: "FAMIC2C",
    });
  });

  it("keeps the chain only for convenience-store pickup, and is Secure over https", () => {
    const cookie = orderDraftSetCookie(
      { payment: "credit", shipping: "home", delivery: "FAMIC2C" },
      { secure: true },
    );
    expect(cookie).toContain("Secure");
    expect(readOrderDraftChoice(requestWith(cookie))).toEqual({ payment: "credit", shipping: "home" });
  });

  it("is null without the cookie, or when it is not a valid choice", () => {
    expect(readOrderDraftChoice(requestWith(null))).toBeNull();
    expect(readOrderDraftChoice(requestWith("shiyi_draft=not-json"))).toBeNull();
    const bad = (value: unknown) => `shiyi_draft=${encodeURIComponent(JSON.stringify(value))}`;
    expect(readOrderDraftChoice(requestWith(bad({ shipping: "home" })))).toBeNull();
    expect(readOrderDraftChoice(requestWith(bad({ payment: "credit", shipping: "cvs" })))).toBeNull();
    expect(readOrderDraftChoice(requestWith(bad({ payment: "cash", shipping: "home" })))).toBeNull();
  });
});

describe("the pickup store kept with the draft", () => {
  const store = {
    id: "131386",
    name: "建興門市",
    address: "台北市中正區忠孝東路一段 1 號",
    brand: "UNIMARTC2C",
  } as const;
  const seven = { payment: "credit", shipping: "cvs", delivery: "UNIMARTC2C" } as const;

  it("reads back while the chain is the store's", () => {
    const request = requestWith(orderDraftSetCookie(seven, { secure: false, store }));
    const choice = readOrderDraftChoice(request)!;
    expect(choice).toEqual(seven);
    expect(readDraftStore(request, choice)).toEqual(store);
  });

  it("is dropped for another chain or another way of shipping, and never kept for them", () => {
    const request = requestWith(orderDraftSetCookie(seven, { secure: false, store }));
    expect(readDraftStore(request, { ...seven, delivery: "FAMIC2C" })).toBeNull();
    expect(readDraftStore(request, { payment: "credit", shipping: "home" })).toBeNull();
    const family = orderDraftSetCookie({ ...seven, delivery: "FAMIC2C" }, { secure: false, store });
    expect(decodeURIComponent(family)).not.toContain("建興門市");
    const home = orderDraftSetCookie({ payment: "credit", shipping: "home" }, { secure: false, store });
    expect(decodeURIComponent(home)).not.toContain("建興門市");
  });

  it("is none without one, or when what is kept is not a store", () => {
    expect(readDraftStore(requestWith(orderDraftSetCookie(seven, { secure: false })), seven)).toBeNull();
    const forged = `shiyi_draft=${encodeURIComponent(JSON.stringify({ ...seven, store: { id: "<x>" } }))}`;
    expect(readDraftStore(requestWith(forged), seven)).toBeNull();
  });
});

describe("the choice as the checkout form carries it", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("reads the hidden fields when the cookie has gone", () => {
    expect(orderDraftChoiceOf(form({ payment: "credit", shipping: "home" }))).toEqual({
      payment: "credit",
      shipping: "home",
    });
    expect(orderDraftChoiceOf(form({ payment: "atm", shipping: "cvs", delivery: "UNIMARTC2C" }))).toEqual({
      payment: "atm",
      shipping: "cvs",
      delivery: "UNIMARTC2C",
    });
  });

  it("is nothing when the fields do not make a choice", () => {
    expect(orderDraftChoiceOf(form({}))).toBeNull();
    expect(orderDraftChoiceOf(form({ payment: "credit", shipping: "cvs" }))).toBeNull();
    expect(orderDraftChoiceOf(form({ payment: "bitcoin", shipping: "home" }))).toBeNull();
  });
});
