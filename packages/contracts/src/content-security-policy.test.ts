import { describe, expect, it } from "vitest";
import { basePolicy, newNonce, scriptPolicy } from "./content-security-policy.ts";

describe("content security policy", () => {
  it("makes a fresh nonce of 128 random bits each time", () => {
    const nonces = Array.from({ length: 200 }, newNonce);
    expect(new Set(nonces).size).toBe(200);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });

  it("lets a page run only the scripts that carry its nonce, and what they load", () => {
    expect(scriptPolicy("abc+/==")).toBe(`${basePolicy}; script-src 'nonce-abc+/==' 'strict-dynamic' 'self'`);
    expect(basePolicy).toBe("frame-ancestors 'self'; base-uri 'self'; object-src 'none'");
  });
});
