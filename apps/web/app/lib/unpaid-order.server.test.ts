import type { Order } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "./api.server.ts";
import { orderTokensSetCookie } from "./checkout.server.ts";
import { findUnpaidOrder } from "./unpaid-order.server.ts";

const order = (number: string, payable: boolean) =>
  ({ number, payable, total: 500, reserved_until: "2026-11-26T12:00:00.000Z" }) as Order;

/** The API as far as the lookup uses it: a member's history, newest first, and guests' orders. */
function api(orders: Order[]): ApiClient {
  return {
    get: async (path: string) => {
      if (path === "/orders/me") return { data: orders };
      const found = orders.find((candidate) => path === `/orders/${candidate.number}`);
      if (!found) throw new Error(`unexpected ${path}`);
      return { data: found };
    },
  } as unknown as ApiClient;
}

const guest = (...numbers: string[]) =>
  new Request("http://site.test/cart", {
    headers: {
      cookie: orderTokensSetCookie(
        numbers.map((number) => [number, `token-${number}`]),
        { secure: false },
      ).split(";")[0]!,
    },
  });

describe("the order the cart offers to pay", () => {
  it("is the newest order when it can still be paid", async () => {
    const member = api([order("26112600000002", true), order("26112600000001", false)]);
    expect(await findUnpaidOrder(member, guest(), true)).toMatchObject({ number: "26112600000002" });
    const orders = [order("26112600000001", false), order("26112600000002", true)];
    expect(
      await findUnpaidOrder(api(orders), guest("26112600000001", "26112600000002"), false),
    ).toMatchObject({
      number: "26112600000002",
    });
  });

  it("is none when a later order was placed: the earlier one is not paid for a second time", async () => {
    // The same cart ordered again to pay by ATM: the code is issued, the card order still payable.
    const member = api([order("26112600000002", false), order("26112600000001", true)]);
    expect(await findUnpaidOrder(member, guest(), true)).toBeNull();
    const orders = [order("26112600000001", true), order("26112600000002", false)];
    expect(await findUnpaidOrder(api(orders), guest("26112600000001", "26112600000002"), false)).toBeNull();
  });

  it("is none for a browser that placed no order", async () => {
    expect(await findUnpaidOrder(api([]), guest(), false)).toBeNull();
    expect(await findUnpaidOrder(api([]), guest(), true)).toBeNull();
  });
});
