import { describe, expect, it } from "vitest";
import { articleListQuery, detailParam, listQuery, magazineListQuery } from "./query.ts";

describe("listQuery", () => {
  it("defaults to page 1, limit 999, status 1", () => {
    expect(listQuery.parse({})).toEqual({ page: 1, limit: 999, status: 1 });
  });

  it("coerces query strings and keeps filters", () => {
    expect(articleListQuery.parse({ page: "3", limit: "12", category: " openings " })).toMatchObject({
      page: 3,
      limit: 12,
      category: "openings",
    });
  });

  it("answers bad values with the spec's zh-TW messages", () => {
    const issues = (input: Record<string, string>) =>
      listQuery.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(issues({ page: "abc" })).toEqual(["僅限數字輸入"]);
    expect(issues({ page: "0" })).toEqual(["輸入數值不得小於 1"]);
    expect(issues({ limit: "1000" })).toEqual(["輸入數值不得大於 999"]);
    expect(issues({ status: "0" })).toEqual(["輸入數值不得小於 1"]);
    // Digits past what a number holds exactly are still digits: only the maximum is broken.
    expect(issues({ page: "99999999999999999999" })).toEqual(["輸入數值不得大於 100000"]);
    expect(issues({ status: "99999999999999999999" })).toEqual(["輸入數值不得大於 1"]);
    expect(issues({ limit: "9007199254740993" })).toEqual(["輸入數值不得大於 999"]);
    expect(listQuery.parse({ page: "0000000000000000002" }).page).toBe(2);
  });

  it("answers a parameter given twice as a malformed one, not as one that is no number", () => {
    const issues = listQuery.safeParse({ page: ["1", "2"] }).error?.issues;
    expect(issues?.map((issue) => [issue.path, issue.message])).toEqual([[["page"], "參數格式不正確"]]);
  });

  it("reads only decimal digits as numbers, not what Number() would accept", () => {
    const issues = (input: Record<string, string>) =>
      listQuery.safeParse(input).error?.issues.map((issue) => issue.message);
    for (const page of ["0x10", "1e1", "+3", " 2", "2 ", "1.0", "Infinity", ""]) {
      expect(issues({ page }), page).toEqual(["僅限數字輸入"]);
    }
    expect(issues({ limit: "0b11" })).toEqual(["僅限數字輸入"]);
    expect(issues({ status: "0o1" })).toEqual(["僅限數字輸入"]);
    expect(listQuery.parse({ page: "007", limit: "12" })).toMatchObject({ page: 7, limit: 12 });
  });
});

describe("magazineListQuery", () => {
  it("splits ids into numbers and refuses anything but a comma list of digits", () => {
    expect(magazineListQuery.parse({ ids: "1,2,3" }).ids).toEqual([1, 2, 3]);
    expect(magazineListQuery.safeParse({ ids: "1,,2" }).success).toBe(false);
    expect(magazineListQuery.safeParse({ ids: "1;drop" }).success).toBe(false);
  });
});

describe("detailParam", () => {
  it("takes an id or a path slug, nothing with slashes or spaces", () => {
    expect(detailParam.safeParse({ id: "42" }).success).toBe(true);
    expect(detailParam.safeParse({ id: "winter-radish" }).success).toBe(true);
    expect(detailParam.safeParse({ id: "a b" }).success).toBe(false);
    expect(detailParam.safeParse({ id: "../etc" }).success).toBe(false);
    expect(detailParam.safeParse({ id: "x".repeat(201) }).error?.issues[0]?.message).toBe(
      "數值長度不得大於 200",
    );
  });
});
