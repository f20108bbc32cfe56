import { orderChoiceSchema, storeSchema, type OrderChoice, type Store } from "@shiyi/contracts";
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

function readCookie(request: Request): unknown {
  const raw = parseCookies(request.headers.get("cookie")).get(orderDraftCookie);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The cart page's choice from the request's cookie, or null when there is none or it is not valid. */
export function readOrderDraftChoice(request: Request): OrderDraftChoice | null {
  const parsed = orderChoiceSchema.safeParse(readCookie(request));
  return parsed.success ? draftChoice(parsed.data) : null;
}

/**
 * The choice as the checkout form carries it (hidden fields), for a form sent after its cookie
 * has gone: kept open past the cookie's day, or another tab placed its order first. The API
 * checks the order as it checks every order.
 */
export function orderDraftChoiceOf(form: FormData): OrderDraftChoice | null {
  const field = (name: string) => form.get(name) ?? undefined;
  const parsed = orderChoiceSchema.safeParse({
    payment: field("payment"),
    shipping: field("shipping"),
    delivery: field("delivery"),
  });
  return parsed.success ? draftChoice(parsed.data) : null;
}

/**
 * The pickup store chosen on the map for this draft, while the chain is still the one chosen
 * (going back to the cart to change a quantity keeps it; choosing another chain drops it).
 */
export function readDraftStore(request: Request, choice: OrderDraftChoice): Store | null {
  const value = readCookie(request);
  const stored = value && typeof value === "object" && "store" in value ? value.store : undefined;
  const parsed = storeSchema.safeParse(stored);
  return choice.shipping === "cvs" && parsed.success && parsed.data.brand === choice.delivery
    ? parsed.data
    : null;
}

const draftChoice = ({ payment, shipping, delivery }: OrderChoice): OrderDraftChoice =>
  shipping === "cvs" ? { payment, shipping, delivery } : { payment, shipping };

/** The `Set-Cookie` value that keeps the choice, and the store chosen for it (JSON, httpOnly, Lax, path /). */
export function orderDraftSetCookie(
  choice: OrderChoice,
  { secure, store }: { secure: boolean; store?: Store | null },
): string {
  const kept = draftChoice(choice);
  const value = store && kept.shipping === "cvs" && store.brand === kept.delivery ? { ...kept, store } : kept;
  const attributes = [
    `${orderDraftCookie}=${encodeURIComponent(JSON.stringify(value))}`,
    "Path=/",
    `Max-Age=${draftCookieSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}
