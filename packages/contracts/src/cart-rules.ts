/*
 * What the product page needs to know of the cart's rules, without Zod: the add-to-cart form on
 * magazine and merchandise pages imports it from `@shiyi/contracts/cart-rules`, so the schemas stay
 * out of those pages' JavaScript. `cart.ts` re-exports it for the API.
 */

/** SPEC §5 and §8 word for word, and the API's refusals of a cart change. */
export const cartMessages = {
  added: "成功加入購物車",
  updated: "成功更新購物車",
  removed: "已移除商品",
  bulkAdded: (n: number) => `成功加入 ${n} 件商品`,
  addFailed: "加入購物車發生錯誤",
  updateFailed: "更新購物車發生錯誤",
  removeFailed: "移除項目發生錯誤",
  unavailable: "此商品已下架或不存在",
  soldOut: "此商品已售完",
  overStock: (n: number) => `庫存不足，目前最多可購買 ${n} 件`,
  overMaxQuantity: (n: number) => `每筆訂單最多購買 ${n} 件`,
  /** A bulk add's notes after bulkAdded: lines lowered to what may be bought, lines left out. */
  // 件 counts pieces (as the cart does: 共 N 件); 項 counts lines of the cart.
  bulkCapped: (n: number) => `${n} 項商品已調整為可購買的數量上限`,
  bulkSkipped: (n: number) => `${n} 項商品已下架、售完或已達購買上限，未加入`,
  lineNotFound: "找不到此購物車項目",
  /** Lines of the visitor's own cart whose item the shop no longer has (or has not yet), taken out. */
  unknownRemoved: (n: number) => `${n} 項商品目前無法購買，已從購物車移除`,
  /** A line's sku (SPEC §3) against the item's options: one value of each, in their order. */
  chooseOption: (name: string) => `請選擇${name}`,
  noSuchOption: (name: string) => `沒有這個${name}，請重新選擇`,
  noOptions: "此商品沒有可選的規格",
  /** More values than the item has options (a value twice, say). */
  tooManyOptions: "規格選擇有誤，請重新選擇",
} as const;

/** A choice a piece of merchandise offers (顏色, 尺寸) and its values; magazines have none. */
export type ProductOption = { name: string; values: string[] };

/**
 * Why `sku` is not a choice of the item's `options` — one value of each option, in their order —
 * or null when it is. An item without options takes an empty sku only.
 */
export function skuProblem(options: readonly ProductOption[], sku: readonly string[]): string | null {
  if (sku.length > options.length)
    return options.length === 0 ? cartMessages.noOptions : cartMessages.tooManyOptions;
  for (const [index, option] of options.entries()) {
    const value = sku[index];
    if (value === undefined || value === "") return cartMessages.chooseOption(option.name);
    if (!option.values.includes(value)) return cartMessages.noSuchOption(option.name);
  }
  return null;
}

/**
 * The most of one item a cart may hold (all its lines together: stock and max_quantity belong to
 * the item, not to an option), and the message that says why no more.
 */
export function cartItemLimit(item: { stock: number; max_quantity: number }): {
  max: number;
  message: string;
} {
  if (item.stock <= 0) return { max: 0, message: cartMessages.soldOut };
  if (item.stock < item.max_quantity) return { max: item.stock, message: cartMessages.overStock(item.stock) };
  return { max: item.max_quantity, message: cartMessages.overMaxQuantity(item.max_quantity) };
}

/** At or below this stock the shop says how many are left (「僅剩 N 件」). */
export const lowStock = 10;

/** What a product page and a cart line say of an item's stock. */
export function stockNote(stock: number) {
  if (stock <= 0) return "已售完";
  return stock <= lowStock ? `僅剩 ${stock} 件` : "現貨供應";
}
