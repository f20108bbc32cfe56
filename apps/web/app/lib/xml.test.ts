import { describe, expect, it } from "vitest";
import { escapeXml } from "./xml.ts";

describe("escapeXml", () => {
  it("escapes the five markup characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });

  it("escapes an ampersand once, so an entity in the text stays visible as written", () => {
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });

  it("keeps Chinese text, emoji and whitespace", () => {
    expect(escapeXml("台灣米\t食 🍚\r\n")).toBe("台灣米\t食 🍚\r\n");
  });

  it("drops characters XML 1.0 cannot carry", () => {
    expect(escapeXml("a\u0000b\u0008c\u001Fd\uFFFEe\uD800f")).toBe("abcdef");
  });
});
