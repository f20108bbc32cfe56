import { expect, it } from "vitest";
import { hasDotSegment, ownPath } from "./own-path.ts";

it("gives a page's other spellings its own path, and leaves its own alone", () => {
  expect(ownPath("/NEWS")).toBe("/news");
  expect(ownPath("/News/winter-radish")).toBe("/news/winter-radish");
  expect(ownPath("/news/Category/market")).toBe("/news/category/market");
  expect(ownPath("/news/")).toBe("/news");
  expect(ownPath("/news//")).toBe("/news");
  expect(ownPath("/News/%E8%8C%B6")).toBe("/news/%E8%8C%B6");
  expect(ownPath("/news/%E8%8C%B6")).toBeNull();
  expect(ownPath("/")).toBeNull();
  expect(ownPath("/news")).toBeNull();
});

it("leaves a first segment that is no section's name as it is, percent-escapes and all", () => {
  expect(ownPath("/%E4%B8%AD")).toBeNull();
  expect(ownPath("/%E0%A4%A")).toBeNull();
  expect(ownPath("/%E4%B8%AD/")).toBe("/%E4%B8%AD");
});

it("keeps an item's slug as it is spelt, capitals and all", () => {
  expect(ownPath("/news/Winter-Radish")).toBeNull();
  expect(ownPath("/News/Winter-Radish/")).toBe("/news/Winter-Radish");
});

it("never answers an address on another site", () => {
  expect(ownPath("//evil.example/")).toBe("/evil.example");
  expect(ownPath("//evil.example")).toBe("/evil.example");
  expect(ownPath("///evil.example/x/")).toBe("/evil.example/x");
  expect(ownPath("/news//x")).toBe("/news/x");
});

it("finds a dot segment in a target as sent, in any spelling, and nowhere else", () => {
  for (const target of [
    "/news/..",
    "/news/%2e%2e",
    "/news/%2E",
    "/news/.%2E/x",
    "/./news",
    "/news/..?page=2",
  ])
    expect(hasDotSegment(target), target).toBe(true);
  for (const target of [
    "/news",
    "/news/a.b",
    "/news/...",
    "/news/%2e%2e%2e",
    "/news?x=/../",
    "/news/.x",
    "/",
  ])
    expect(hasDotSegment(target), target).toBe(false);
});
