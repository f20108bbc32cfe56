import { describe, expect, it } from "vitest";
import { z } from "zod";
import { orderChoiceSchema } from "./order-choice.ts";

const errorsOf = (input: unknown) => {
  const parsed = orderChoiceSchema.safeParse(input);
  return parsed.success ? {} : z.flattenError(parsed.error).fieldErrors;
};

describe("the order choice of the cart page", () => {
  it("takes a shipping, a payment and, for convenience-store pickup, the chain", () => {
    expect(orderChoiceSchema.parse({ shipping: "cvs", delivery: "UNIMARTC2C", payment: "credit" })).toEqual({
      shipping: "cvs",
      delivery: "UNIMARTC2C",
      payment: "credit",
    });
    expect(orderChoiceSchema.parse({ shipping: "home", delivery: "", payment: "atm" })).toEqual({
      shipping: "home",
      payment: "atm",
    });
  });

  it("names every missing choice at once, the chain included", () => {
    expect(errorsOf({ shipping: "cvs" })).toEqual({ delivery: ["請選擇超商"], payment: ["請選擇付款方式"] });
    expect(errorsOf({})).toEqual({ shipping: ["請選擇運送方式"], payment: ["請選擇付款方式"] });
    expect(errorsOf({ shipping: "cvs", delivery: "7-11", payment: "cvs" })).toEqual({
      delivery: ["請選擇超商"],
    });
  });
});
