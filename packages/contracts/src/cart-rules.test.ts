import { describe, expect, it } from "vitest";
import { cartItemLimit, cartMessages, lowStock, skuProblem, stockNote } from "./cart-rules.ts";

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

describe("skuProblem", () => {
  const colour = [{ name: "顏色", values: ["米白", "墨黑"] }];

  it("takes one value of each option, in order, and nothing for an item without options", () => {
    expect(skuProblem(colour, ["墨黑"])).toBeNull();
    expect(skuProblem([], [])).toBeNull();
  });

  it("says which option to choose, or that the value is not one of it", () => {
    expect(skuProblem(colour, [])).toBe("請選擇顏色");
    expect(skuProblem(colour, [""])).toBe("請選擇顏色");
    expect(skuProblem(colour, ["粉紅"])).toBe("沒有這個顏色，請重新選擇");
  });

  it("tells an item without options from a choice with a value too many", () => {
    expect(skuProblem([], ["米白"])).toBe("此商品沒有可選的規格");
    expect(skuProblem(colour, ["米白", "米白"])).toBe("規格選擇有誤，請重新選擇");
  });
});
