import { describe, expect, it } from "vitest";
import { orderDraftSetCookie, readOrderDraftChoice } from "./order-draft.server.ts";

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
