import { z } from "./zod.ts";
import { imageSchema, productTypes } from "./api-types.ts";
import { cartLimits } from "./constants.ts";
import { messages } from "./messages.ts";
import { maxId } from "./query.ts";

/*
 * The server cart of a signed-in member (SPEC §3, §4, §7): GET /cart, POST /cart, PATCH and
 * DELETE /cart/{id}. Prices never come from the client: the API reads them from the item.
 */

export { cartLimits };
export { cartItemLimit, cartMessages, skuProblem, type ProductOption } from "./cart-rules.ts";

const quantity = () =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.numeric) })
    .int({ error: messages.numeric })
    .min(1, { error: messages.min(1) })
    .max(cartLimits.quantity, { error: messages.max(cartLimits.quantity) });

/** The item's options chosen (米白, M): one value per option, in the item's order. */
const sku = () =>
  z
    .array(
      z
        .string({ error: messages.invalidParams })
        .trim()
        .min(1, { error: messages.required })
        .max(cartLimits.skuLength, { error: messages.maxLength(cartLimits.skuLength) }),
      { error: messages.invalidParams },
    )
    .max(cartLimits.skuOptions, { error: messages.invalidParams });

/** POST /cart: one item to add (the quantity is added to a line of the same item, type and sku). */
export const cartLineInputSchema = z.object({
  item_id: z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalidParams) })
    .int({ error: messages.invalidParams })
    .positive({ error: messages.invalidParams })
    .max(maxId, { error: messages.invalidParams }),
  type: z.enum(productTypes, { error: messages.invalidParams }),
  sku: sku().default([]),
  quantity: quantity(),
});
export type CartLineInput = z.input<typeof cartLineInputSchema>;

/** POST /cart with `items`: several lines at once, as the local cart merges at login. */
export const cartBulkInputSchema = z.object({
  items: z
    .array(cartLineInputSchema)
    .min(1, { error: messages.required })
    .max(cartLimits.bulkItems, { error: messages.invalidParams }),
});
export type CartBulkInput = z.input<typeof cartBulkInputSchema>;

export const cartAddSchema = z.union([cartBulkInputSchema, cartLineInputSchema], {
  error: messages.invalidParams,
});

/**
 * PATCH /cart/{id}: the line's new quantity, its options (another size or colour of the same
 * item), or both. Without either there is nothing to change: the quantity is asked for.
 */
export const cartLineUpdateSchema = z
  .object({ quantity: quantity().optional(), sku: sku().optional() })
  .check((payload) => {
    if (payload.value.quantity === undefined && payload.value.sku === undefined)
      payload.issues.push({
        code: "custom",
        message: messages.required,
        path: ["quantity"],
        input: payload.value,
      });
  });
export type CartLineUpdate = z.input<typeof cartLineUpdateSchema>;

/** A line of the member's cart with its item as it is now (SPEC §3 server and display cart line). */
export const cartLineSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  type: z.enum(productTypes),
  sku: z.array(z.string()),
  quantity: z.number().int(),
  price: z.number().int(),
  original_price: z.number().int().nullable(),
  overseas_price: z.number().int().nullable(),
  path: z.string(),
  title: z.string(),
  info_title: z.string().nullable(),
  description: z.string().nullable(),
  /** The issue number of a magazine; null for merchandise. */
  issue: z.number().int().nullable(),
  /** A magazine's cover, else the item's first image. */
  thumbnail: imageSchema.nullable(),
  stock: z.number().int(),
  max_quantity: z.number().int(),
  /** 1 when the item is switched on, published and not deleted (SPEC §3). */
  available: z.union([z.literal(0), z.literal(1)]),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({ data: z.array(cartLineSchema) });

/**
 * POST /cart/preview: an anonymous visitor's local lines as the cart shows them. The same fields as
 * a member's line but `id`, which only the browser's storage knows: the lines come back in the order
 * sent, matched by item, type and sku.
 */
export const cartPreviewLineSchema = cartLineSchema.omit({ id: true });
export type CartPreviewLine = z.infer<typeof cartPreviewLineSchema>;
export const cartPreviewSchema = z.object({ data: z.array(cartPreviewLineSchema) });
export const cartLineItemSchema = z.object({ data: cartLineSchema, message: z.string() });

/**
 * A line of a bulk add that could not be added as asked: `quantity` is what the cart now holds of
 * it (lowered to the most allowed), 0 when it was left out; `message` says why.
 */
export const cartAdjustmentSchema = z.object({
  item_id: z.number().int(),
  type: z.enum(productTypes),
  sku: z.array(z.string()),
  quantity: z.number().int(),
  message: z.string(),
});
export type CartAdjustment = z.infer<typeof cartAdjustmentSchema>;

/** A bulk add answers with the whole cart after it, and what it had to change. */
export const cartBulkResultSchema = z.object({
  data: z.array(cartLineSchema),
  message: z.string(),
  adjusted: z.array(cartAdjustmentSchema),
});
export type CartBulkResult = z.infer<typeof cartBulkResultSchema>;
