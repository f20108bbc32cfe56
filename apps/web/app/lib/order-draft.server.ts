import { orderChoiceSchema, type OrderChoice } from "@shiyi/contracts";
import { parseCookies } from "./session.server.ts";

/*
 * The order draft (SPEC §3) begins on the cart page with the choice of shipping, the chain for
 * convenience-store pickup (delivery) and payment. It travels to the checkout page in an httpOnly
 * cookie: the server reads it, scripts never do. SPEC §5: checkout needs a chosen payment.
 */

export const orderDraftCookie = "shiyi_draft";

/** A day: long enough to fill in the checkout form, short enough not to linger. */
const draftCookieSeconds = 24 * 60 * 60;

/** The choice as the checkout page gets it: `delivery` only for convenience-store pickup. */
export type OrderDraftChoice = Pick<OrderChoice, "payment" | "shipping"> & {
  delivery?: OrderChoice["delivery"];
};

/** The cart page's choice from the request's cookie, or null when there is none or it is not valid. */
export function readOrderDraftChoice(request: Request): OrderDraftChoice | null {
  const raw = parseCookies(request.headers.get("cookie")).get(orderDraftCookie);
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = orderChoiceSchema.safeParse(value);
  return parsed.success ? draftChoice(parsed.data) : null;
}

const draftChoice = ({ payment, shipping, delivery }: OrderChoice): OrderDraftChoice =>
  shipping === "cvs" ? { payment, shipping, delivery } : { payment, shipping };

/** The `Set-Cookie` value that keeps the choice (JSON, httpOnly, Lax, path /). */
export function orderDraftSetCookie(choice: OrderChoice, { secure }: { secure: boolean }): string {
  const attributes = [
    `${orderDraftCookie}=${encodeURIComponent(JSON.stringify(draftChoice(choice)))}`,
    "Path=/",
    `Max-Age=${draftCookieSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}
