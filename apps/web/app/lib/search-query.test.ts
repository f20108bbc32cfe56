import { describe, expect, it } from "vitest";
import { searchQueryOf } from "./search-query.ts";

describe("searchQueryOf", () => {
  it("keeps the query as typed, and turns control characters into spaces", () => {
    expect(searchQueryOf(new URLSearchParams("q=%E8%8C%B6 %E9%A3%AF"))).toBe("茶 飯");
    expect(searchQueryOf(new URLSearchParams("q=%E8%8C%B6%00%07x"))).toBe("茶  x");
    expect(searchQueryOf(new URLSearchParams(""))).toBe("");
  });
});
