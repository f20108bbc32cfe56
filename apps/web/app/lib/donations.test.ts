import { describe, expect, it } from "vitest";
import { chargedTotal, receiptYears, isCancellable, periodName, taipeiYear } from "./donations.ts";

const charge = (charged_at: string, amount = 1000) => ({
  id: 1,
  amount,
  charged_at,
  receipt_number: null,
  sequence: 1,
});

describe("a member's gifts", () => {
  it("dates a charge by Taiwan's calendar", () => {
    expect(taipeiYear("2025-12-31T16:30:00Z")).toBe(2026);
    expect(taipeiYear("2025-12-31T15:59:00Z")).toBe(2025);
  });

  it("lists each ended year with a charge of a gift that asked for a yearly receipt, newest first", () => {
    const donations = [
      {
        receipt: "per_gift" as const,
        charges: [charge("2024-05-01T02:00:00Z"), charge("2025-12-31T17:00:00Z")],
      },
      { receipt: "yearly" as const, charges: [] },
      {
        receipt: "yearly" as const,
        charges: [charge("2024-08-01T02:00:00Z"), charge("2025-03-01T02:00:00Z")],
      },
      { receipt: "none" as const, charges: [charge("2023-03-01T02:00:00Z")] },
    ];
    const now = new Date("2026-03-01T00:00:00Z");
    // The per-gift receipts are issued with each charge; 2026 is under way.
    expect(receiptYears(donations, now)).toEqual({ ready: [2025, 2024] });
    const thisYear = [{ receipt: "yearly" as const, charges: [charge("2026-02-01T02:00:00Z")] }];
    expect(receiptYears([...donations, ...thisYear], now)).toEqual({ ready: [2025, 2024], coming: 2026 });
    // The year turns at midnight in Taiwan.
    expect(receiptYears(thisYear, new Date("2026-12-31T16:00:00Z"))).toEqual({ ready: [2026] });
    expect(receiptYears([], now)).toEqual({ ready: [] });
  });

  it("sums what a gift has received", () => {
    expect(
      chargedTotal({ charges: [charge("2025-01-01T00:00:00Z", 500), charge("2025-02-01T00:00:00Z", 500)] }),
    ).toBe(1000);
  });

  it("lets only an active periodic gift be cancelled", () => {
    expect(isCancellable({ frequency: "monthly", status: "active" })).toBe(true);
    expect(isCancellable({ frequency: "yearly", status: "cancelled" })).toBe(false);
    expect(isCancellable({ frequency: "once", status: "paid" })).toBe(false);
    expect(periodName("monthly")).toBe("每月");
    expect(periodName("once")).toBeNull();
  });
});
