import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pdfPages } from "../../test/pdf.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultReceiptFont, receiptFontFromEnv } from "./font.ts";
import {
  formatReceiptDate,
  maskIdNumber,
  receiptText,
  renderReceiptPdf,
  type PerGiftReceipt,
  type ReceiptIssuer,
  type YearlyReceipt,
} from "./render.ts";

const issuer: ReceiptIssuer = {
  name: "財團法人食藝文化基金會",
  address: "臺北市大安區復興南路一段 100 號 5 樓",
  taxId: "12345678",
};

const pdfText = async (pdf: Buffer) => (await pdfPages(pdf)).join(" ");
/** Without any white space, for sentences that wrap over lines. */
const compact = (text: string) => text.replace(/\s+/g, "");

const perGift: PerGiftReceipt = {
  kind: "per_gift",
  issuer,
  number: "2026110003",
  issuedAt: "2026-11-03",
  title: "王小明",
  idNumber: "A12*****89",
  taxUploaded: "all",
  // 02:30 on 3 November in Taipei.
  gift: { date: "2026-11-02T18:30:00.000Z", amount: 12_000, description: "信用卡・單筆捐款" },
};

const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));
const yearly: YearlyReceipt = {
  kind: "yearly",
  issuer,
  number: "2027010001",
  issuedAt: new Date("2027-01-05T02:00:00.000Z"),
  year: 2026,
  title: "好食光股份有限公司",
  gifts: months.map((month, i) => ({
    date: `2026-${month}-${String(5 + i).padStart(2, "0")}`,
    amount: month === "07" ? 1_005 : 1_000,
    description: `信用卡・每月定期捐款（第 ${i + 1} 期）`,
  })),
};

describe("renderReceiptPdf", () => {
  it("renders a per-gift receipt whose text reads back in Traditional Chinese", async () => {
    const pdf = await renderReceiptPdf(perGift, defaultReceiptFont);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The CJK face is embedded as a subset, so the receipt reads the same on any machine.
    expect(pdf.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSerifCJKtc-Regular/);

    const text = await pdfText(pdf);
    expect(text).toContain("財團法人食藝文化基金會");
    expect(text).toContain("捐款收據");
    expect(text).toContain("2026110003");
    expect(text).toContain("王小明");
    expect(text).toContain("A12*****89");
    expect(text).toContain("2026/11/03");
    expect(text).toContain("信用卡・單筆捐款");
    expect(text).toContain("12,000");
    expect(text).toContain("新臺幣壹萬貳仟元整");
    expect(text).toContain(issuer.address);
    expect(text).toContain("統一編號：12345678");
    expect(compact(text)).toContain(receiptText.taxDeduction);
    expect(compact(text)).toContain(receiptText.taxUploaded);
  });

  it("renders a yearly receipt with every gift of the year and their total", async () => {
    const pdf = await renderReceiptPdf(yearly, defaultReceiptFont);
    const text = await pdfText(pdf);
    expect(text).toContain("財團法人食藝文化基金會");
    expect(text).toContain("2026 年度捐款收據");
    expect(text).toContain("2027010001");
    expect(text).toContain("好食光股份有限公司");
    expect(text).toContain("2027/01/05");
    for (const [i, month] of months.entries())
      expect(text).toContain(`2026/${month}/${String(5 + i).padStart(2, "0")}`);
    expect(text).toContain("第 12 期");
    expect(text).toContain("1,005");
    expect(text).toContain("12,005");
    expect(text).toContain("新臺幣壹萬貳仟零伍元整");
    expect(compact(text)).toContain(receiptText.taxDeduction);
    // Not uploaded, no ID given: neither is claimed.
    expect(compact(text)).not.toContain("上傳至國稅局");
    expect(text).not.toContain("身分證字號");
  });

  it("carries a long yearly list over pages, each naming the receipt", async () => {
    const gifts = Array.from({ length: 60 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 0, 1 + i * 6)),
      amount: 500,
      description: `信用卡・每週捐款（第 ${i + 1} 筆）`,
    }));
    const pages = await pdfPages(await renderReceiptPdf({ ...yearly, gifts }, defaultReceiptFont));
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries())
      expect(page).toContain(`收據編號 2027010001 第 ${i + 1} 頁，共 ${pages.length} 頁`);
    const text = pages.join("\n");
    for (const gift of gifts) expect(text).toContain(formatReceiptDate(gift.date));
    expect(text).toContain("30,000");
    expect(text).toContain("新臺幣參萬元整");
  });

  it("masks a full national ID rather than printing it", async () => {
    const text = await pdfText(
      await renderReceiptPdf({ ...perGift, idNumber: "A123456789" }, defaultReceiptFont),
    );
    expect(text).toContain("A12*****89");
    expect(text).not.toContain("A123456789");
  });

  it("refuses a receipt without gifts or with a broken amount", async () => {
    await expect(renderReceiptPdf({ ...yearly, gifts: [] }, defaultReceiptFont)).rejects.toThrow(/no gifts/);
    await expect(
      renderReceiptPdf({ ...perGift, gift: { ...perGift.gift, amount: 12.5 } }, defaultReceiptFont),
    ).rejects.toThrow(RangeError);
  });
});

describe("receipt fonts", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "receipt-font-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("names RECEIPT_FONT_PATH when the font file is missing", async () => {
    const missing = path.join(dir, "missing.ttc");
    const rendering = renderReceiptPdf(perGift, { path: missing, family: "NotoSerifCJKtc-Regular" });
    await expect(rendering).rejects.toThrow(/RECEIPT_FONT_PATH/);
    await expect(rendering).rejects.toThrow(missing);
  });

  it("names RECEIPT_FONT_PATH when the file is not a font", async () => {
    const notAFont = path.join(dir, "not-a-font.otf");
    await writeFile(notAFont, "not a font");
    await expect(renderReceiptPdf(perGift, { path: notAFont })).rejects.toThrow(/RECEIPT_FONT_PATH/);
  });

  it("names RECEIPT_FONT_FAMILY when a collection's face is not given or not in it", async () => {
    await expect(renderReceiptPdf(perGift, { path: defaultReceiptFont.path })).rejects.toThrow(
      /RECEIPT_FONT_FAMILY/,
    );
    await expect(
      renderReceiptPdf(perGift, { path: defaultReceiptFont.path, family: "NoSuchFace-Regular" }),
    ).rejects.toThrow(/RECEIPT_FONT_FAMILY/);
  });

  it("reads the font from RECEIPT_FONT_PATH and RECEIPT_FONT_FAMILY", () => {
    expect(defaultReceiptFont).toEqual({
      path: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
      family: "NotoSerifCJKtc-Regular",
    });
    expect(receiptFontFromEnv({})).toEqual(defaultReceiptFont);
    expect(receiptFontFromEnv({ RECEIPT_FONT_PATH: "", RECEIPT_FONT_FAMILY: "" })).toEqual(
      defaultReceiptFont,
    );
    expect(receiptFontFromEnv({ RECEIPT_FONT_PATH: "/fonts/receipt.otf" })).toEqual({
      path: "/fonts/receipt.otf",
    });
    expect(
      receiptFontFromEnv({
        RECEIPT_FONT_PATH: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        RECEIPT_FONT_FAMILY: "NotoSansCJKtc-Regular",
      }),
    ).toEqual({
      path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
      family: "NotoSansCJKtc-Regular",
    });
    expect(receiptFontFromEnv({ RECEIPT_FONT_FAMILY: "NotoSerifCJKhk-Regular" })).toEqual({
      path: defaultReceiptFont.path,
      family: "NotoSerifCJKhk-Regular",
    });
  });
});

describe("receipt fields", () => {
  it("writes dates in Taiwan's time", () => {
    expect(formatReceiptDate("2026-11-03")).toBe("2026/11/03");
    expect(formatReceiptDate("2026-12-31T16:00:00.000Z")).toBe("2027/01/01");
    expect(formatReceiptDate(new Date("2026-03-04T15:59:59.000Z"))).toBe("2026/03/04");
    expect(() => formatReceiptDate("not a date")).toThrow(RangeError);
  });

  it("masks national IDs as A12*****89", () => {
    expect(maskIdNumber("A123456789")).toBe("A12*****89");
    expect(maskIdNumber("A12*****89")).toBe("A12*****89");
  });
});
