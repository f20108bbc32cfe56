import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { checkRepeat, keyedAccessToken, oncePerKey, requestDigest } from "./idempotency.ts";

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

describe("a request with a key", () => {
  const refused = new ApiError(422, "此電子郵件已註冊，請先登入再結帳");

  /** `find` answers nothing the first `misses` times it is asked, then the earlier row. */
  const finder = (misses: number) => {
    let asked = 0;
    return {
      find: async () => (++asked > misses ? "earlier" : undefined),
      asked: () => asked,
    };
  };

  it("gets the row made earlier with the key, without making another", async () => {
    const { find } = finder(0);
    let made = 0;
    expect(await oncePerKey({ find, make: async () => `new ${++made}` })).toBe("earlier");
    expect(made).toBe(0);
  });

  it("is made when the key is new", async () => {
    expect(await oncePerKey({ find: finder(Infinity).find, make: async () => "new" })).toBe("new");
  });

  it("refused for what a first request under way used up, answers with that request's row", async () => {
    const { find, asked } = finder(1);
    const answer = oncePerKey({ find, make: () => Promise.reject(refused), usedUp: async () => true });
    expect(await answer).toBe("earlier");
    expect(asked()).toBe(2);
  });

  it("refused for something used up long before, answers the refusal without waiting for a first", async () => {
    const { find, asked } = finder(Infinity);
    const answer = oncePerKey({ find, make: () => Promise.reject(refused), usedUp: async () => false });
    await expect(answer).rejects.toBe(refused);
    // Asked once, before making: not again, as it would be while waiting for a first request.
    expect(asked()).toBe(1);
  });
});
