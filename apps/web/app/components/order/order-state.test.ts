import type { Order, OrderStatus } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { invoiceState, shipmentState } from "./order-view.tsx";

const order = (status: OrderStatus, shipping: string, invoice: string) =>
  ({ status, shipping: { status: shipping }, invoice: { status: invoice } }) as unknown as Order;

describe("an order's shipping and invoice", () => {
  it("wait for the payment while the order is unpaid, then for us once it is paid", () => {
    for (const status of ["pending", "awaiting_payment"] as const) {
      expect(shipmentState(order(status, "pending", "pending"))).toBe("付款後出貨");
      expect(invoiceState(order(status, "pending", "pending"))).toBe("付款後開立");
    }
    expect(shipmentState(order("paid", "pending", "pending"))).toBe("待出貨");
    expect(invoiceState(order("paid", "pending", "pending"))).toBe("待開立");
  });

  it("are not promised for an order that lapsed or was cancelled before them", () => {
    for (const status of ["expired", "cancelled"] as const) {
      expect(shipmentState(order(status, "pending", "pending"))).toBe("不出貨");
      expect(invoiceState(order(status, "pending", "pending"))).toBe("不開立");
    }
  });

  it("keep what already happened, whatever the order's state", () => {
    expect(shipmentState(order("cancelled", "returned", "issued"))).toBe("已退回");
    expect(invoiceState(order("cancelled", "returned", "issued"))).toBe("已開立");
  });
});
