// As in the Epic Stack: a test that makes something call console.error fails, so errors are never
// silently printed. A test that expects one replaces the implementation:
// `consoleError.mockImplementation(() => {})`.
import { afterEach, beforeEach, expect, vi } from "vitest";
import type { MockInstance } from "vitest";

export let consoleError: MockInstance<(typeof console)["error"]>;

let unexpected: unknown[][] = [];

beforeEach(() => {
  const original = console.error;
  unexpected = [];
  consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    original(...args);
    unexpected.push(args);
    throw new Error(
      "console.error was called. Call consoleError.mockImplementation(() => {}) if this is expected.",
    );
  });
});

// The throw above can be swallowed by a caller's catch; this check cannot.
afterEach(() => {
  consoleError.mockRestore();
  expect(unexpected, "console.error was called during the test").toEqual([]);
});
