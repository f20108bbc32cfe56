import { orderPaymentLimits, paymentMethods } from "@shiyi/contracts";
import { personalMemberAmountLimits } from "@shiyi/ecpay";
import { expect, it } from "vitest";
import { ecpayMethod } from "./orders.ts";

it("the cart offers each way of paying for the totals ECPay takes for it, no more and no less", () => {
  for (const method of paymentMethods) {
    expect(orderPaymentLimits[method], method).toEqual(personalMemberAmountLimits[ecpayMethod[method]]);
  }
});
