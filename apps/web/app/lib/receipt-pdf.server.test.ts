import { describe, expect, it } from "vitest";
import { receiptReturnTo, receiptToDownload } from "./receipt-pdf.server.ts";

const history = (download: string) =>
  new URL(`https://shiyi.example/member/support-us?download=${encodeURIComponent(download)}`);

describe("a receipt asked for before login", () => {
  it("comes back to the donation history, named in its query, from a page or a data request", () => {
    const charge = "/member/support-us/receipts/26112661673730/2";
    expect(receiptReturnTo(new Request(`https://shiyi.example${charge}`))).toBe(
      `/member/support-us?download=${encodeURIComponent(charge)}`,
    );
    expect(receiptReturnTo(new Request(`https://shiyi.example${charge}.data?_routes=x`))).toBe(
      `/member/support-us?download=${encodeURIComponent(charge)}`,
    );
  });

  it("is downloaded only when it is a charge's or a year's receipt of this site", () => {
    expect(receiptToDownload(history("/member/support-us/receipts/26112661673730/2"))).toBe(
      "/member/support-us/receipts/26112661673730/2",
    );
    expect(receiptToDownload(history("/member/support-us/receipts/year/2025"))).toBe(
      "/member/support-us/receipts/year/2025",
    );
    for (const path of [
      "https://evil.example/member/support-us/receipts/year/2025",
      "//evil.example/member/support-us/receipts/year/2025",
      "/member/support-us/receipts/year/2025/../../../../auth/logout",
      "/member/support-us/receipts/year/25",
      "/member/orders",
      "javascript:alert(1)",
    ])
      expect(receiptToDownload(history(path))).toBeNull();
    expect(receiptToDownload(new URL("https://shiyi.example/member/support-us"))).toBeNull();
  });
});
