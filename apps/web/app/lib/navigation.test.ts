import { describe, expect, it } from "vitest";
import { currentMenuPath, mainNavigation, secondaryNavigation } from "./navigation.ts";

const paths = [...mainNavigation, ...secondaryNavigation].map((item) => item.to);

describe("currentMenuPath", () => {
  it("names the one entry a page belongs to, the most specific one", () => {
    expect(currentMenuPath("/policy/shopping-notice", paths)).toBe("/policy/shopping-notice");
    expect(currentMenuPath("/policy/privacy", paths)).toBe("/policy");
    expect(currentMenuPath("/policy", paths)).toBe("/policy");
    expect(currentMenuPath("/news/winter-radish", paths)).toBe("/news");
    expect(currentMenuPath("/author/wu-pei-shan", paths)).toBe("/author");
  });

  it("names none for a page outside the menu, or one that only shares a prefix", () => {
    expect(currentMenuPath("/", paths)).toBeUndefined();
    expect(currentMenuPath("/cart", paths)).toBeUndefined();
    expect(currentMenuPath("/newsletter", paths)).toBeUndefined();
    expect(currentMenuPath("/authors", paths)).toBeUndefined();
  });
});
