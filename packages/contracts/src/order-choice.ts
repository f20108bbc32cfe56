import { z } from "./zod.ts";
import { cvsBrands, orderMessages, paymentMethods, shippingMethods } from "./orders.ts";
import { optionalField } from "./validation.ts";

/**
 * The first step of the order draft (SPEC §3), chosen on the cart page: how the parcel travels
 * (and, for convenience-store pickup, which chain) and how the buyer pays. The checkout page
 * starts from it; the rest of the draft is filled in there.
 */
export const orderChoiceSchema = z
  .object({
    shipping: z.enum(shippingMethods, { error: "請選擇運送方式" }),
    delivery: optionalField(z.enum(cvsBrands, { error: orderMessages.chooseBrand })),
    payment: z.enum(paymentMethods, { error: "請選擇付款方式" }),
  })
  .refine((choice) => choice.shipping !== "cvs" || choice.delivery !== undefined, {
    path: ["delivery"],
    error: orderMessages.chooseBrand,
    // Checked with the other fields, not only once they are all right: the form names every gap at once.
    when: (payload) =>
      (payload.value as { shipping?: unknown } | undefined)?.shipping === "cvs" &&
      !payload.issues.some((issue) => issue.path?.[0] === "delivery"),
  });
export type OrderChoiceInput = z.input<typeof orderChoiceSchema>;
export type OrderChoice = z.output<typeof orderChoiceSchema>;
