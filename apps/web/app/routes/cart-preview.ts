import { cartBulkInputSchema, type CartPreviewLine } from "@shiyi/contracts";
import { data } from "react-router";
import { ApiRequestError } from "../lib/api.server.ts";
import { apiContext } from "../lib/context.ts";
import type { Route } from "./+types/cart-preview";

/**
 * The cart page's view of a visitor's local lines: null when it could not be had. `asked` is what
 * it answers: a line asked about and not in `data` names an item the shop does not know (any
 * more), while a line added since was not asked about.
 */
export type CartPreviewReply = {
  data: CartPreviewLine[] | null;
  asked?: Pick<CartPreviewLine, "item_id" | "type" | "sku">[];
};

const privateAnswer = { "cache-control": "private, no-store" };

/**
 * A visitor's local lines (posted as JSON) with their items as they are now, through the API's
 * POST /cart/preview. A failure is the page's to say (the lines cannot be shown), never the error
 * page: the lines stay in the browser either way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const input = cartBulkInputSchema.safeParse(await request.json().catch(() => null));
  if (!input.success) return data<CartPreviewReply>({ data: null }, { status: 422, headers: privateAnswer });
  try {
    const result = await context
      .get(apiContext)
      .post<{ data: CartPreviewLine[] }>("/cart/preview", input.data);
    return data<CartPreviewReply>({ data: result.data, asked: input.data.items }, { headers: privateAnswer });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) console.error("The cart preview failed", error);
    return data<CartPreviewReply>({ data: null }, { status: 502, headers: privateAnswer });
  }
}
