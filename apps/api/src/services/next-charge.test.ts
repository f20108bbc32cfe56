import { describe, expect, it } from "vitest";
import { nextChargeDue, periodsAfter } from "./donations.ts";

/** A moment given in Taiwan time. */
const taipei = (local: string) => new Date(`${local}+08:00`);

describe("a schedule's periods", () => {
  it("fall on the first charge's day of the month in Taiwan, or the month's last day", () => {
    const start = taipei("2027-01-31T12:00:00");
    const months = [1, 2, 3].map((count) => periodsAfter(start, "monthly", count));
    expect(months).toEqual([
      taipei("2027-02-28T12:00:00"),
      taipei("2027-03-31T12:00:00"),
      taipei("2027-04-30T12:00:00"),
    ]);
    expect(periodsAfter(taipei("2028-02-29T12:00:00"), "yearly", 1)).toEqual(taipei("2029-02-28T12:00:00"));
    expect(periodsAfter(taipei("2026-11-27T10:15:00"), "yearly", 2)).toEqual(taipei("2028-11-27T10:15:00"));
    // 1 March 01:00 in Taiwan is still 28 February in UTC: the Taiwan day is the one kept.
    expect(periodsAfter(taipei("2027-03-01T01:00:00"), "monthly", 1)).toEqual(taipei("2027-04-01T01:00:00"));
  });
});

describe("the next charge of a schedule", () => {
  it("is the first period after the latest charge", () => {
    const first = taipei("2026-11-27T10:15:00");
    expect(nextChargeDue(first, first, "monthly")).toEqual(taipei("2026-12-27T10:15:00"));
    expect(nextChargeDue(first, taipei("2027-01-27T09:00:00"), "monthly")).toEqual(
      taipei("2027-02-27T10:15:00"),
    );
    expect(nextChargeDue(first, first, "yearly")).toEqual(taipei("2027-11-27T10:15:00"));
  });

  it("keeps the first charge's day after a short month, and counts a late charge as its period's", () => {
    const first = taipei("2027-01-31T12:00:00");
    expect(nextChargeDue(first, taipei("2027-02-28T12:00:00"), "monthly")).toEqual(
      taipei("2027-03-31T12:00:00"),
    );
    // February's charge made a day late (1 March) is still February's: March's is next.
    expect(nextChargeDue(first, taipei("2027-03-01T09:00:00"), "monthly")).toEqual(
      taipei("2027-03-31T12:00:00"),
    );
  });
});
