import { describe, expect, it } from "vitest";
import { errorFocusTargets, errorIdOf, formErrorKey } from "./focus-first-error.ts";

describe("errorFocusTargets", () => {
  it("is every field with an error, in the order the errors come", () => {
    expect(errorFocusTargets({ email: ["請輸入正確的電子郵件"], message: ["此項為必填"] })).toEqual([
      "email",
      "message",
    ]);
  });

  it("skips fields whose error list is empty or cleared", () => {
    expect(errorFocusTargets({ topic: [], name: null, email: undefined, message: ["此項為必填"] })).toEqual([
      "message",
    ]);
  });

  it("prefers the fields to the form's own message", () => {
    expect(errorFocusTargets({ "": ["送出次數過多，請稍後再試"], terms: ["請勾選同意條款"] })).toEqual([
      "terms",
    ]);
  });

  it("is the form's message when only the form as a whole failed", () => {
    expect(errorFocusTargets({ "": ["送出次數過多，請稍後再試"] })).toEqual([formErrorKey]);
  });

  it("is nothing when nothing failed", () => {
    expect(errorFocusTargets(undefined)).toEqual([]);
    expect(errorFocusTargets({})).toEqual([]);
    expect(errorFocusTargets({ name: [] })).toEqual([]);
  });
});

describe("errorIdOf", () => {
  it("names the error text Conform renders for a field, and the form's own", () => {
    expect(errorIdOf("contact", "email")).toBe("contact-email-error");
    expect(errorIdOf("contact", formErrorKey)).toBe("contact-error");
  });
});
