import { describe, expect, it } from "vitest";
import { cartItemLimit, cartMessages, lowStock, stockNote } from "./cart-rules.ts";

describe("an item's limit in the cart", () => {
  it("is its stock when that is the smaller, else the per-order limit, with the message saying which", () => {
    expect(cartItemLimit({ stock: 0, max_quantity: 10 })).toEqual({ max: 0, message: cartMessages.soldOut });
    expect(cartItemLimit({ stock: 5, max_quantity: 10 })).toEqual({
      max: 5,
      message: cartMessages.overStock(5),
    });
    expect(cartItemLimit({ stock: 500, max_quantity: 10 })).toEqual({
      max: 10,
      message: cartMessages.overMaxQuantity(10),
    });
  });
});

describe("what is said of the stock", () => {
  it("is sold out at none, how many are left when few, else in stock", () => {
    expect(stockNote(0)).toBe("已售完");
    expect(stockNote(-2)).toBe("已售完");
    expect(stockNote(1)).toBe("僅剩 1 件");
    expect(stockNote(lowStock)).toBe(`僅剩 ${lowStock} 件`);
    expect(stockNote(lowStock + 1)).toBe("現貨供應");
  });
});
