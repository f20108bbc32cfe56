import { describe, expect, it } from "vitest";
import { nextChargeDue } from "./donations.ts";

/** A moment given in Taiwan time, as ISO. */
const taipei = (local: string) => new Date(`${local}+08:00`);

describe("the next charge of a schedule", () => {
  it("is one period later, on the same day of the month in Taiwan", () => {
    expect(nextChargeDue(taipei("2026-11-27T10:15:00"), "monthly")).toEqual(taipei("2026-12-27T10:15:00"));
    expect(nextChargeDue(taipei("2026-12-05T09:00:00"), "monthly")).toEqual(taipei("2027-01-05T09:00:00"));
    expect(nextChargeDue(taipei("2026-11-27T10:15:00"), "yearly")).toEqual(taipei("2027-11-27T10:15:00"));
  });

  it("falls on the month's last day when it has no such day, and counts the day in Taiwan", () => {
    expect(nextChargeDue(taipei("2027-01-31T12:00:00"), "monthly")).toEqual(taipei("2027-02-28T12:00:00"));
    expect(nextChargeDue(taipei("2028-01-31T12:00:00"), "monthly")).toEqual(taipei("2028-02-29T12:00:00"));
    expect(nextChargeDue(taipei("2028-02-29T12:00:00"), "yearly")).toEqual(taipei("2029-02-28T12:00:00"));
    // 1 March 01:00 in Taiwan is still 28 February in UTC: the Taiwan day is the one kept.
    expect(nextChargeDue(taipei("2027-03-01T01:00:00"), "monthly")).toEqual(taipei("2027-04-01T01:00:00"));
    expect(nextChargeDue(taipei("2027-03-31T01:00:00"), "monthly")).toEqual(taipei("2027-04-30T01:00:00"));
  });
});
