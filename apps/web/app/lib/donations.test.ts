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

  it("lists each year with a charge that asked for a receipt once, newest first", () => {
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
    expect(receiptYears(donations)).toEqual([2026, 2025, 2024]);
    expect(receiptYears([])).toEqual([]);
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
