import { afterAll, describe, expect, it } from "vitest";
import { pdfPages } from "../../test/pdf.ts";
import { defaultReceiptFont } from "./font.ts";
import { renderReceiptPdfOffThread, stopReceiptWorker } from "./off-thread.ts";
import type { PerGiftReceipt } from "./render.ts";

const receipt = (number: string, amount: number): PerGiftReceipt => ({
  kind: "per_gift",
  issuer: { name: "財團法人食藝文化基金會", address: "臺北市大安區復興南路一段 100 號", taxId: "12345678" },
  number,
  issuedAt: new Date("2026-11-03T02:00:00.000Z"),
  title: "王小明",
  gift: { date: "2026-11-03", amount, description: "信用卡・單筆捐款" },
});

const text = async (pdf: Buffer) => (await pdfPages(pdf)).join(" ").replace(/\s+/g, "");

afterAll(stopReceiptWorker);

describe("receipts set on the worker thread", () => {
  it("come back as the PDFs asked for, each to its own caller", async () => {
    const pdfs = await Promise.all([
      renderReceiptPdfOffThread(receipt("2026110001", 1_000), defaultReceiptFont),
      renderReceiptPdfOffThread(receipt("2026110002", 2_500), defaultReceiptFont),
      renderReceiptPdfOffThread(receipt("2026110003", 12_000), defaultReceiptFont),
    ]);
    const texts = await Promise.all(pdfs.map(text));
    expect(pdfs.every((pdf) => pdf.subarray(0, 5).toString("latin1") === "%PDF-")).toBe(true);
    expect(texts[0]).toContain("2026110001");
    expect(texts[0]).toContain("新臺幣壹仟元整");
    expect(texts[1]).toContain("2026110002");
    expect(texts[1]).toContain("新臺幣貳仟伍佰元整");
    expect(texts[2]).toContain("2026110003");
    expect(texts[2]).toContain("新臺幣壹萬貳仟元整");
  });

  it("refuses as the renderer does: a missing font is named, and the next receipt is set as usual", async () => {
    await expect(
      renderReceiptPdfOffThread(receipt("2026110004", 1_000), { path: "/nonexistent/font.ttf" }),
    ).rejects.toThrow(/RECEIPT_FONT_PATH/);
    const pdf = await renderReceiptPdfOffThread(receipt("2026110005", 1_000), defaultReceiptFont);
    expect(await text(pdf)).toContain("2026110005");
  });

  it("refuses the receipts of a worker that ends, and sets the next ones on a new worker", async () => {
    const cut = renderReceiptPdfOffThread(receipt("2026110007", 1_000), defaultReceiptFont);
    const refused = expect(cut).rejects.toThrow(/stopped/);
    await stopReceiptWorker();
    await refused;
    // The ended worker's own exit, arriving later, touches nothing of the new one's.
    const next = renderReceiptPdfOffThread(receipt("2026110008", 1_000), defaultReceiptFont);
    expect(await text(await next)).toContain("2026110008");
  });

  it("starts a new worker after the last one was stopped", async () => {
    await stopReceiptWorker();
    const pdf = await renderReceiptPdfOffThread(receipt("2026110006", 1_000), defaultReceiptFont);
    expect(await text(pdf)).toContain("2026110006");
  });
});
