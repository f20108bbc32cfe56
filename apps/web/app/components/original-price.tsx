import { formatPrice } from "../lib/format.ts";

/** The price before a discount, struck through beside the price, wherever an item's price is shown. */
export function OriginalPrice({
  price,
  original,
  className = "text-sm text-muted",
}: {
  price: number;
  original: number | null;
  className?: string;
}) {
  if (original === null || original <= price) return null;
  return (
    <del className={className}>
      <span className="sr-only">原價</span>
      {formatPrice(original)}
    </del>
  );
}
