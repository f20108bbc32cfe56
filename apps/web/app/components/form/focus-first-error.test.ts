import { describe, expect, it } from "vitest";
import { errorFocusTarget, errorIdOf, formErrorKey } from "./focus-first-error.ts";

describe("errorFocusTarget", () => {
  it("is the first field with an error, in the order the errors come", () => {
    expect(errorFocusTarget({ email: ["請輸入正確的電子郵件"], message: ["此項為必填"] })).toBe("email");
  });

  it("skips fields whose error list is empty or cleared", () => {
    expect(errorFocusTarget({ topic: [], name: null, email: undefined, message: ["此項為必填"] })).toBe(
      "message",
    );
  });

  it("prefers a field to the form's own message", () => {
    expect(errorFocusTarget({ "": ["送出次數過多，請稍後再試"], terms: ["請勾選同意條款"] })).toBe("terms");
  });

  it("is the form's message when only the form as a whole failed", () => {
    expect(errorFocusTarget({ "": ["送出次數過多，請稍後再試"] })).toBe(formErrorKey);
  });

  it("is nothing when nothing failed", () => {
    expect(errorFocusTarget(undefined)).toBeUndefined();
    expect(errorFocusTarget({})).toBeUndefined();
    expect(errorFocusTarget({ name: [] })).toBeUndefined();
  });
});

describe("errorIdOf", () => {
  it("names the error text Conform renders for a field, and the form's own", () => {
    expect(errorIdOf("contact", "email")).toBe("contact-email-error");
    expect(errorIdOf("contact", formErrorKey)).toBe("contact-error");
  });
});
