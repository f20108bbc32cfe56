import type { Order } from "@shiyi/contracts";
import { ApiRequestError, type ApiClient } from "./api.server.ts";
import { orderAccessHeaders, readOrderTokens } from "./checkout.server.ts";

/** What the cart says of an order still waiting for its payment. */
export type UnpaidOrder = Pick<Order, "number" | "total" | "reserved_until">;

const unpaid = ({ number, total, reserved_until }: Order): UnpaidOrder => ({ number, total, reserved_until });

/**
 * The newest order placed from here, when it can still be paid: a member's (their history), or the
 * last one this browser placed as a guest (its kept access token). Someone who went back from
 * ECPay's page to the cart is told of it, so that they pay it rather than order again and hold the
 * stock twice. Only the newest counts: once a later order was placed (say, the same cart again to
 * pay by ATM), an earlier unpaid one is not offered for payment, which would pay for the same
 * things twice; it lapses when its hold runs out. A lookup that fails tells nothing (a server
 * failure is logged): the cart is shown as ever.
 */
export async function findUnpaidOrder(
  api: ApiClient,
  request: Request,
  signedIn: boolean,
): Promise<UnpaidOrder | null> {
  try {
    if (signedIn) {
      // Newest first.
      const { data: orders } = await api.get<{ data: Order[] }>("/orders/me", { limit: 1 });
      const newest = orders[0];
      return newest?.payable ? unpaid(newest) : null;
    }
    // The order this browser placed last (the cookie keeps the newest last).
    const last = readOrderTokens(request).at(-1);
    if (!last) return null;
    const [number] = last;
    const { data: order } = await api.get<{ data: Order }>(
      `/orders/${number}`,
      {},
      { headers: orderAccessHeaders(request, number) },
    );
    return order.payable ? unpaid(order) : null;
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status < 500))
      console.error("The unpaid order could not be looked up", error);
    return null;
  }
}
