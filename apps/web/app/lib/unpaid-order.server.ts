import type { Order } from "@shiyi/contracts";
import { ApiRequestError, type ApiClient } from "./api.server.ts";
import { orderAccessHeaders, readOrderTokens } from "./checkout.server.ts";

/** How many of a guest browser's kept orders are asked about, newest first. */
const guestOrdersLooked = 3;

/** What the cart says of an order still waiting for its payment. */
export type UnpaidOrder = Pick<Order, "number" | "total" | "reserved_until">;

const unpaid = ({ number, total, reserved_until }: Order): UnpaidOrder => ({ number, total, reserved_until });

/**
 * The newest order placed from here that can still be paid: a member's (their history), or the
 * last one this browser placed as a guest (its kept access token). Someone who went back from
 * ECPay's page to the cart is told of it, so that they pay it rather than order again and hold the
 * stock twice. A lookup that fails tells nothing (a server failure is logged): the cart is shown
 * as ever.
 */
export async function findUnpaidOrder(
  api: ApiClient,
  request: Request,
  signedIn: boolean,
): Promise<UnpaidOrder | null> {
  try {
    if (signedIn) {
      const { data: orders } = await api.get<{ data: Order[] }>("/orders/me");
      const order = orders.find((candidate) => candidate.payable);
      return order ? unpaid(order) : null;
    }
    // The browser's last few orders, newest first (an old order opened from its mail is kept too).
    for (const [number] of readOrderTokens(request).slice(-guestOrdersLooked).reverse()) {
      const { data: order } = await api.get<{ data: Order }>(
        `/orders/${number}`,
        {},
        { headers: orderAccessHeaders(request, number) },
      );
      if (order.payable) return unpaid(order);
    }
    return null;
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status < 500))
      console.error("The unpaid order could not be looked up", error);
    return null;
  }
}
