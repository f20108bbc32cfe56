import { describe, expect, it } from "vitest";
import type { OrderRow } from "./orders.ts";
import { invoiceData } from "./payments.ts";

/** A paid order's row with what the invoice reads: a gift to the charity, delivered at home. */
const row = {
  number: "26112800000001",
  total: 1240,
  postage: 60,
  shipping_method: "home",
  receipt: { type: "donate" },
  customer: { name: "林小滿", email: "reader@example.com", phone: "0912345678", address: null },
  receiver: { name: "林小滿", phone: "0912345678", address: null, store: null },
} as unknown as OrderRow;
const deps = { shop: { invoice: { merchantId: "2000132" }, loveCode: "168001" } } as unknown as Parameters<
  typeof invoiceData
>[0];

describe("the e-invoice's lines", () => {
  it("name each line with its options, and count a magazine in 本 and merchandise in 件", () => {
    const data = invoiceData(deps, row, [
      { type: "magazine", title: "餐飲業的新世代", sku: [], quantity: 2, unit_price: 380, subtotal: 760 },
      { type: "merch", title: "食藝帆布袋", sku: ["米白"], quantity: 1, unit_price: 420, subtotal: 420 },
    ]);
    expect(data.Items.map(({ ItemName, ItemCount, ItemWord }) => [ItemName, ItemCount, ItemWord])).toEqual([
      ["餐飲業的新世代", 2, "本"],
      ["食藝帆布袋（米白）", 1, "件"],
      ["運費", 1, "式"],
    ]);
  });
});
