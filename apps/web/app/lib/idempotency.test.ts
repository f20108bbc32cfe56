import { describe, expect, it } from "vitest";
import { idempotencyField, idempotencyHeaders, newIdempotencyKey } from "./idempotency.ts";

const form = (value?: string) => {
  const data = new FormData();
  if (value !== undefined) data.set(idempotencyField, value);
  return data;
};

describe("idempotency keys", () => {
  it("are 128 random bits in hex, new each time", () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(50);
  });

  it("go to the API as the Idempotency-Key header", () => {
    const key = newIdempotencyKey();
    expect(idempotencyHeaders(form(key))).toEqual({ "idempotency-key": key });
  });

  it("are left out when the form has none or a mangled one, which the API would refuse", () => {
    for (const value of [
      undefined,
      "",
      "short",
      "有中文的識別碼有中文的識別碼",
      "a b c d e f g h",
      "x".repeat(101),
    ]) {
      expect(idempotencyHeaders(form(value)), String(value)).toEqual({});
    }
  });
});
