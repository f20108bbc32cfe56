import { describe, expect, test } from "vitest";
import {
  isLoadingScreenExcluded,
  loadingScreen,
  nextLoadingPercent,
  scrollOffsetFor,
} from "./page-loading.ts";

describe("loading screen", () => {
  test("the spec's settings: once, 100 ms initial, 550 ms at page end, tops out at 92", () => {
    expect(loadingScreen).toEqual({ once: true, initialDuration: 100, duration: 550, max: 92 });
  });

  test.each([
    "/auth",
    "/auth/",
    "/auth/reset-password",
    "/auth/confirmation",
    "/cart/result",
    "/support-us/result",
  ])("%s is excluded", (path) => {
    expect(isLoadingScreenExcluded(path)).toBe(true);
  });

  test.each(["/", "/auth/login", "/auth/register", "/cart", "/support-us", "/news/result"])(
    "%s shows it",
    (path) => {
      expect(isLoadingScreenExcluded(path)).toBe(false);
    },
  );

  test("the counter climbs, slows down, and never passes 92", () => {
    const seen = [0];
    for (let i = 0; i < 200; i += 1) seen.push(nextLoadingPercent(seen.at(-1)!));
    expect(seen[1]).toBe(9);
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(Math.max(...seen)).toBe(92);
    expect(seen.indexOf(92)).toBeGreaterThan(20);
  });
});

describe("scroll offsets", () => {
  test("140 by default, 120 for the cart, 60 for magazines, 80 on the compact header", () => {
    expect(scrollOffsetFor("default", false)).toBe(140);
    expect(scrollOffsetFor(undefined, false)).toBe(140);
    expect(scrollOffsetFor("cart", false)).toBe(120);
    expect(scrollOffsetFor("magazines", false)).toBe(60);
    expect(scrollOffsetFor("default", true)).toBe(80);
    expect(scrollOffsetFor("magazines", true)).toBe(60);
  });
});
