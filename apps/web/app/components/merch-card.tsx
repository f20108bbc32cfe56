import type { MerchSummary } from "@shiyi/contracts";
import { formatPrice, latinLang } from "../lib/format.ts";
import { OriginalPrice } from "./original-price.tsx";
import { AddToCart } from "./cart/add-to-cart.tsx";
import { Image } from "./image.tsx";
import { Phrased } from "./phrased.tsx";

/** The id of an item's card on /magazines: merchandise has no page of its own, so links point here. */
export const merchAnchor = (path: string) => `merch-${path}`;

/**
 * A merchandise item in the 選物 list: its square photo, words, price and 加入購物車. Sold-out and
 * withdrawn items are shown by AddToCart itself.
 */
export function MerchCard({ item }: { item: MerchSummary }) {
  const anchor = merchAnchor(item.path);
  const titleId = `${anchor}-title`;
  return (
    // Below sm the photo sits beside the words, so four items do not make a column of big squares.
    <article
      id={anchor}
      aria-labelledby={titleId}
      className="grid scroll-mt-6 grid-cols-[6.5rem_minmax(0,1fr)] items-start gap-x-5 sm:flex sm:h-full sm:flex-col"
    >
      {item.image ? (
        <Image
          src={item.image.url}
          alt={item.image.alt ?? item.title}
          width={280}
          height={280}
          sizes="104px sm:50vw xl:280px"
          className="aspect-square h-auto w-full bg-paper-deep object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex aspect-square w-full items-center justify-center bg-paper-deep font-serif text-xl text-muted"
        >
          選物
        </div>
      )}
      <div className="sm:mt-5">
        {item.info_title && (
          <p className="kicker" lang={latinLang(item.info_title)}>
            {item.info_title}
          </p>
        )}
        <h3
          id={titleId}
          className={`font-serif text-lg font-bold leading-snug tracking-wide sm:text-xl ${item.info_title ? "mt-2" : ""}`}
        >
          <Phrased text={item.title} />
        </h3>
        {item.description && <p className="mt-3 text-sm leading-7 text-ink-soft">{item.description}</p>}
      </div>
      {/* Price and button sit at the foot of the card, level across a row of cards: an item's
          options come above its price, so the cards with them do not lift theirs. */}
      <AddToCart
        item={item}
        className="col-span-2 mt-auto pt-5 sm:pt-6"
        summary={
          <p className="mb-4 flex flex-wrap items-baseline gap-x-3 border-t border-rule pt-4">
            <span className="font-serif text-xl text-ink">{formatPrice(item.price)}</span>
            <OriginalPrice price={item.price} original={item.original_price} />
          </p>
        }
      />
    </article>
  );
}
