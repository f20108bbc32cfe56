import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format.ts";

describe("formatDateTime", () => {
  it("writes Taiwan's time with a plain space, whatever the ICU version", () => {
    expect(formatDateTime("2026-11-23T19:36:00Z")).toBe("2026/11/24 03:36");
    expect(formatDateTime("2026-07-16T16:05:00Z")).toBe("2026/07/17 00:05");
  });
});
