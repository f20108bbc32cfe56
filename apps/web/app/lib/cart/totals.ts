import {
  cartItemLimit,
  postageSetting,
  type CartPreviewLine,
  type Settings,
  type ShippingMethod,
} from "@shiyi/contracts";

/*
 * What the cart page shows before checkout: each line's price for the chosen shipping (overseas
 * orders pay the overseas price), the postage of that shipping from the site settings (SPEC §9:
 * 44, 60, 92) and the sum. It is an estimate for the reader; the API prices the order itself.
 */

type Line = Pick<
  CartPreviewLine,
  "price" | "overseas_price" | "quantity" | "available" | "stock" | "max_quantity"
>;

/** A line that cannot be ordered as it is: withdrawn, sold out, or more than may be bought. */
export function lineProblem(line: Line): "unavailable" | "soldOut" | "overLimit" | null {
  if (line.available === 0) return "unavailable";
  const { max } = cartItemLimit(line);
  if (max === 0) return "soldOut";
  return line.quantity > max ? "overLimit" : null;
}

/** Where an item of the cart or an order is shown: an issue has its page; merchandise has none. */
export const itemHref = (line: { type: string; path?: string | null }) =>
  line.type === "magazine" && line.path ? `/magazines/${line.path}` : undefined;

export const unitPrice = (line: Line, shipping: ShippingMethod | null) =>
  shipping === "overseas" ? line.overseas_price : line.price;

export type CartTotals = { items: number; postage: number | null; total: number | null; pieces: number };

export function cartTotals(
  lines: readonly Line[],
  shipping: ShippingMethod | null,
  settings: Pick<Settings, "postage" | "postage_2" | "postage_3">,
): CartTotals {
  const counted = lines.filter((line) => lineProblem(line) === null);
  const items = counted.reduce(
    (sum, line) => sum + (unitPrice(line, shipping) ?? line.price) * line.quantity,
    0,
  );
  const pieces = counted.reduce((sum, line) => sum + line.quantity, 0);
  const postage = shipping && pieces > 0 ? settings[postageSetting[shipping]] : shipping ? 0 : null;
  return { items, postage, total: postage === null ? null : items + postage, pieces };
}

/** Whether every orderable line may be sent abroad (it has an overseas price). */
export const shipsOverseas = (lines: readonly Line[]) =>
  lines.every((line) => lineProblem(line) !== null || line.overseas_price !== null);
