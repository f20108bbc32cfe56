import { describe, expect, it } from "vitest";
import { checkRepeat, keyedAccessToken, requestDigest } from "./idempotency.ts";

const secret = "test-secret";
const draft = {
  customer: { name: "林小華", email: "buyer@example.tw" },
  line_items: [{ item_id: 1, type: "magazine", quantity: 2, sku: [] }],
  register: 1,
  password: "Secret123",
  password_confirmation: "Secret123",
  g_recaptcha_response: "token-1",
};

describe("the digest of what a form sent", () => {
  it("is the same for the same content, whatever the order of its keys or the captcha's token", () => {
    const reordered = Object.fromEntries(Object.entries(draft).reverse());
    expect(requestDigest(secret, { ...reordered, g_recaptcha_response: "token-2" })).toBe(
      requestDigest(secret, draft),
    );
  });

  it("changes with the content", () => {
    const more = { ...draft, line_items: [{ ...draft.line_items[0], quantity: 3 }] };
    expect(requestDigest(secret, more)).not.toBe(requestDigest(secret, draft));
  });

  it("holds nothing of the passwords, and cannot be made without the server's secret", () => {
    const other = { ...draft, password: "Other4567", password_confirmation: "Other4567" };
    expect(requestDigest(secret, other)).toBe(requestDigest(secret, draft));
    expect(requestDigest("another-secret", draft)).not.toBe(requestDigest(secret, draft));
  });
});

describe("a repeat", () => {
  const row = (member_id: number | null) => ({ idempotency_digest: "d", member_id });

  it("is the same content from the same person", () => {
    expect(() => checkRepeat(row(null), { digest: "d" })).not.toThrow();
    expect(() => checkRepeat(row(7), { digest: "d", memberId: 7 })).not.toThrow();
    // A visitor whose order made the account is that account's member.
    expect(() => checkRepeat(row(7), { digest: "d", registeredWithIt: true })).not.toThrow();
  });

  it("is refused with other content, or from anyone else", () => {
    for (const [stored, asked] of [
      [row(null), { digest: "other" }],
      [row(7), { digest: "d", memberId: 8 }],
      [row(7), { digest: "d" }],
      [row(null), { digest: "d", memberId: 7 }],
    ] as const) {
      expect(() => checkRepeat(stored, asked), JSON.stringify([stored, asked])).toThrow(
        "這份表單已經送出過；若要修改內容，請重新整理頁面後再送出",
      );
    }
  });

  it("has one access token per key, made with the server's secret", () => {
    expect(keyedAccessToken(secret, "order", "k1")).toBe(keyedAccessToken(secret, "order", "k1"));
    expect(keyedAccessToken(secret, "order", "k1")).not.toBe(keyedAccessToken(secret, "donation", "k1"));
    expect(keyedAccessToken(secret, "order", "k1")).not.toBe(keyedAccessToken("x", "order", "k1"));
  });
});
