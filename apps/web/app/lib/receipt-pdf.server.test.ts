import { describe, expect, it } from "vitest";
import { isReceiptPath, receiptDownloadPage, receiptToDownload } from "./receipt-pdf.server.ts";

const history = (download: string) => new URL(`https://shiyi.example${receiptDownloadPage(download)}`);

describe("a receipt asked for before login", () => {
  it("is a charge's or a year's receipt of this site, and nothing else", () => {
    expect(isReceiptPath("/member/support-us/receipts/26112661673730/2")).toBe(true);
    expect(isReceiptPath("/member/support-us/receipts/year/2025")).toBe(true);
    for (const path of [
      "https://evil.example/member/support-us/receipts/year/2025",
      "//evil.example/member/support-us/receipts/year/2025",
      "/member/support-us/receipts/year/2025/../../../../auth/logout",
      "/member/support-us/receipts/year/25",
      "/member/support-us",
      "javascript:alert(1)",
    ])
      expect(isReceiptPath(path), path).toBe(false);
  });

  it("is named to the donation history in its query, which downloads only a receipt", () => {
    expect(receiptToDownload(history("/member/support-us/receipts/26112661673730/2"))).toBe(
      "/member/support-us/receipts/26112661673730/2",
    );
    expect(receiptToDownload(history("/member/support-us/receipts/year/2025"))).toBe(
      "/member/support-us/receipts/year/2025",
    );
    expect(receiptToDownload(history("//evil.example/member/support-us/receipts/year/2025"))).toBeNull();
    expect(receiptToDownload(history("/member/orders"))).toBeNull();
    expect(receiptToDownload(new URL("https://shiyi.example/member/support-us"))).toBeNull();
  });
});
