import { cartItemLimit, cartMessages, type ProductOption } from "@shiyi/contracts/cart-rules";
import type { ProductType } from "@shiyi/contracts/constants";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { enhancedField, useCartVisitor, type CartReply } from "../../lib/cart/cart-reply.ts";
import { localCart } from "../../lib/cart/use-local-cart.ts";
import { Button } from "../ui/button.tsx";
import { showToast } from "../ui/toast.tsx";
import { QuantityField } from "./quantity-field.tsx";

export type Purchasable = {
  id: number;
  type: ProductType;
  title: string;
  stock: number;
  max_quantity: number;
  available: 0 | 1;
  /** What the buyer chooses (merchandise: 顏色, 尺寸); the line's sku is one value of each. */
  options?: ProductOption[];
};

/** The added toast leads on to the cart, as a shop's 已加入購物車 notice does. */
export const toCart = { to: "/cart", label: "查看購物車" };

/** The form field of an option's choice (`sku-0`, `sku-1`, …): the /cart action reads them in order. */
export const skuField = (index: number) => `sku-${index}`;

/**
 * 加入購物車 on a product: a quantity bounded by stock and max_quantity, and the button. Members
 * add to the server cart through the /cart action (a plain form post without JavaScript, too);
 * visitors add to the local cart in the browser. A visitor without JavaScript has no local cart:
 * the action sends them to log in and come back here (see decision 015).
 */
export function AddToCart({
  item,
  className,
  summary,
}: {
  item: Purchasable;
  className?: string;
  /** Shown between the option choices and the quantity (a card's price), so it sits level across cards. */
  summary?: ReactNode;
}) {
  const { member } = useCartVisitor();
  const fetcher = useFetcher<CartReply>({ key: `cart-add-${item.type}-${item.id}` });
  const location = useLocation();
  const [quantity, setQuantity] = useState(1);
  const options = item.options ?? [];
  // Each option starts on its first value, shown chosen: nothing is added without one.
  const [choice, setChoice] = useState(() => options.map((option) => option.values[0] ?? ""));
  const limit = cartItemLimit(item);
  const unavailable = item.available === 0;
  const soldOut = !unavailable && limit.max === 0;
  const busy = fetcher.state !== "idle";
  const limitId = useId();
  // Several products on one page (選物) each have these controls: each names its product.
  const ofItem = <span className="sr-only">：{item.title}</span>;

  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle") return;
    showToast(fetcher.data.ok ? { ...fetcher.data.toast, link: toCart } : fetcher.data.toast);
    if (fetcher.data.ok) localCart().announceServerChange();
  }, [fetcher.data, fetcher.state]);

  function addLocally() {
    try {
      const cart = localCart();
      const held = cart
        .lines()
        .filter((line) => line.type === item.type && line.item_id === item.id)
        .reduce((sum, line) => sum + line.quantity, 0);
      if (held + quantity > limit.max) {
        showToast({ type: "danger", message: limit.message });
        return;
      }
      cart.add({ item_id: item.id, type: item.type, sku: choice, quantity });
      showToast({ type: "success", message: cartMessages.added, link: toCart });
    } catch (error) {
      console.error("The local cart could not be written", error);
      showToast({ type: "danger", message: cartMessages.addFailed });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!member) return addLocally();
    const form = new FormData(event.currentTarget);
    form.set("quantity", String(quantity));
    form.set(enhancedField, "1");
    void fetcher.submit(form, { method: "post", action: "/cart" });
  }

  if (unavailable || soldOut) {
    return (
      <div className={className}>
        {summary}
        <Button variant="secondary" size="lg" disabled className="w-full sm:w-auto">
          {soldOut ? "已售完" : "目前無法購買"}
        </Button>
        <p className="mt-3 text-sm text-muted">
          {soldOut ? "此商品已售完，歡迎選購其他商品。" : "此商品已下架，暫不開放購買。"}
        </p>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" action="/cart" onSubmit={onSubmit} className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="item_id" value={item.id} />
      <input type="hidden" name="type" value={item.type} />
      <input type="hidden" name="from" value={location.pathname} />
      {options.map((option, index) => (
        <OptionChoice
          key={option.name}
          option={option}
          itemTitle={item.title}
          name={skuField(index)}
          value={choice[index] ?? ""}
          onChange={(value) => setChoice((current) => current.map((v, i) => (i === index ? value : v)))}
        />
      ))}
      {summary}
      <div className="flex flex-wrap items-end gap-4">
        <QuantityField
          label={<>數量{ofItem}</>}
          aria-describedby={limitId}
          name="quantity"
          max={limit.max}
          value={quantity}
          onValueChange={setQuantity}
        />
        <Button
          type="submit"
          size="lg"
          aria-disabled={busy || undefined}
          // Alone on its line on a phone (beside the quantity it has no room), it takes the line.
          className="min-w-44 grow tracking-[0.12em] aria-disabled:cursor-progress aria-disabled:opacity-70 sm:grow-0"
        >
          {busy ? "加入中…" : <>加入購物車{ofItem}</>}
        </Button>
      </div>
      <p id={limitId} className="mt-3 text-sm text-muted">
        每筆訂單限購 {item.max_quantity} 件。
      </p>
    </fetcher.Form>
  );
}

/** One option's values as a row of choices (radio buttons: they post without JavaScript too). */
function OptionChoice({
  option,
  itemTitle,
  name,
  value,
  onChange,
}: {
  option: ProductOption;
  itemTitle: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-sm text-ink-soft">
        {option.name}
        <span className="sr-only">：{itemTitle}</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {option.values.map((optionValue) => (
          <label
            key={optionValue}
            className={[
              "relative flex min-h-11 min-w-16 cursor-pointer items-center justify-center border border-rule bg-paper px-4",
              "text-[0.9375rem] tracking-[0.06em] transition-colors hover:border-ink-soft",
              "has-checked:border-ink has-checked:bg-ink has-checked:text-paper",
              "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary",
            ].join(" ")}
          >
            <input
              type="radio"
              name={name}
              value={optionValue}
              checked={value === optionValue}
              onChange={() => onChange(optionValue)}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            {optionValue}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
