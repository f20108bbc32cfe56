import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { enhancedField, type CartReply } from "../../lib/cart/cart-reply.ts";
import type { CartMessage, LocalCartLine } from "../../lib/cart/local-cart.ts";
import { localCart, useLocalCart } from "../../lib/cart/use-local-cart.ts";
import { showToast } from "../ui/toast.tsx";

/**
 * The cart's life across tabs and logins (SPEC §4). Signed in with local lines (the visitor just
 * logged in), the lines are posted once to the /cart action, which merges them into the server
 * cart: 成功加入 N 件商品. They are taken out of the storage before the post, so another open tab
 * cannot merge them a second time, and put back if the merge fails; a failure is only logged
 * (SPEC §8). A tab that hears that the member's server cart changed elsewhere reloads its data.
 */
export function CartSync({ member }: { member: boolean }) {
  const local = useLocalCart();
  const fetcher = useFetcher<CartReply>({ key: "cart-merge" });
  const { submit } = fetcher;
  const { revalidate } = useRevalidator();
  const merging = useRef<LocalCartLine[] | null>(null);
  // After a failed merge the lines stay local until the next page load, rather than retrying in a loop.
  const failed = useRef(false);

  const hasLocal = Boolean(local && local.length > 0);
  useEffect(() => {
    if (!member || !hasLocal || merging.current || failed.current) return;
    const lines = localCart().take();
    if (lines.length === 0) return;
    merging.current = lines;
    const items = lines.map(({ item_id, type, sku, quantity }) => ({ item_id, type, sku, quantity }));
    void submit(
      { intent: "merge", items: JSON.stringify(items), [enhancedField]: "1" },
      { method: "post", action: "/cart" },
    );
  }, [member, hasLocal, submit]);

  const settle = useEffectEvent((reply: CartReply) => {
    const lines = merging.current;
    merging.current = null;
    if (!lines) return;
    if (reply.ok) {
      showToast(reply.toast);
      localCart().announceServerChange();
      return;
    }
    failed.current = true;
    console.error("The local cart could not be merged into the member's cart:", reply.toast.message);
    localCart().restore(lines);
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) settle(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const onMessage = useEffectEvent((message: CartMessage) => {
    if (member && message.type === "server") void revalidate();
  });
  useEffect(() => localCart().subscribe((message) => onMessage(message)), []);
  return null;
}
