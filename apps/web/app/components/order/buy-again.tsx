import type { Order } from "@shiyi/contracts";
import { cartMessages } from "@shiyi/contracts/cart-rules";
import type { FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { useCartVisitor } from "../../lib/cart/cart-reply.ts";
import { pieceCount } from "../../lib/cart/local-cart.ts";
import { localCart } from "../../lib/cart/use-local-cart.ts";
import { showToast } from "../ui/toast.tsx";
import { primaryLink } from "./payment-code.tsx";

/**
 * 重新放入購物車: the lapsed order's lines go back into the cart (placing the order took them out),
 * and the cart opens, where stock and limits are checked as for any line. A member's go to the
 * server cart through the /cart action's merge (a plain form post, without JavaScript too); a
 * visitor's into the local cart.
 */
export function BuyAgain({ order }: { order: Order }) {
  const { member } = useCartVisitor();
  const navigate = useNavigate();
  const items = order.line_items.map(({ item_id, type, sku, quantity }) => ({
    item_id,
    type,
    sku,
    quantity,
  }));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (member) return;
    event.preventDefault();
    try {
      const cart = localCart();
      for (const item of items) cart.add(item);
      showToast({ type: "success", message: cartMessages.bulkAdded(pieceCount(items)) });
    } catch (error) {
      console.error("The local cart could not be written", error);
      showToast({ type: "danger", message: cartMessages.addFailed });
      return;
    }
    void navigate("/cart");
  }
  return (
    <Form method="post" action="/cart" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="merge" />
      <input type="hidden" name="items" value={JSON.stringify(items)} />
      <button type="submit" className={primaryLink}>
        重新放入購物車
      </button>
    </Form>
  );
}
