import { describe, expect, it } from "vitest";
import { unreadableTextAt } from "./request-body.ts";

describe("unreadableTextAt", () => {
  it("passes clean text, including line breaks, tabs, emoji and CJK", () => {
    expect(
      unreadableTextAt({ name: "王小明 👩‍🍳", message: "第一行\r\n第二行\t完", tags: ["茶", 1, null, true] }),
    ).toBeUndefined();
  });

  it("finds a NUL or another control character, with its path", () => {
    expect(unreadableTextAt({ name: "n\u0000" })).toBe("name");
    expect(unreadableTextAt({ address: { city: "台北\u0007" } })).toBe("address.city");
    expect(unreadableTextAt({ sku: ["ok", "\u007f"] })).toBe("sku.1");
  });

  it("finds half of a character (a lone surrogate) in a value or a key", () => {
    expect(unreadableTextAt({ remarks: "\ud800" })).toBe("remarks");
    expect(unreadableTextAt({ remarks: "a\udc00b" })).toBe("remarks");
    expect(unreadableTextAt({ ["k\ud800"]: "v" })).toBe("k\ud800");
    expect(unreadableTextAt("\u0000")).toBe("");
  });
});
