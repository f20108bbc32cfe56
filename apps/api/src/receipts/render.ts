import PDFDocument from "pdfkit";
import { toChineseCapitalAmount } from "./chinese-amount.ts";
import { loadReceiptFont, type ReceiptFont } from "./font.ts";

/** The foundation as it stands on every receipt: name, address and 統一編號 come from configuration. */
export type ReceiptIssuer = {
  /** 財團法人食藝文化基金會 */
  name: string;
  address: string;
  /** 統一編號 (8 digits, or the tax office's 扣繳單位統一編號). */
  taxId: string;
  phone?: string;
};

/** A calendar date in Taiwan ("2026-11-03"), or an instant (a Date or an ISO timestamp) read in Asia/Taipei. */
export type ReceiptDate = Date | string;

/** One gift: a one-time gift, or one charge of a periodic one. */
export type ReceiptGiftLine = {
  date: ReceiptDate;
  /** Whole New Taiwan dollars. */
  amount: number;
  /** How it was given, e.g. 信用卡・每月定期捐款（第 3 期）. */
  description: string;
};

type ReceiptCommon = {
  issuer: ReceiptIssuer;
  /** YYYYMM and a 4-digit serial, e.g. 2026110003. */
  number: string;
  issuedAt: ReceiptDate;
  /** 收據抬頭: the donor's name, or a company's. */
  title: string;
  /** Already masked (A12*****89); a full number given here is masked before it is printed. */
  idNumber?: string | null;
  /**
   * The gifts were uploaded to the tax office (綜合所得稅扣除額), so the donor need not file the
   * receipt: `all` of them (or the one), or only those `marked` with `receiptText.uploadedMark`.
   */
  taxUploaded?: "all" | "marked" | undefined;
};

/** A receipt for one gift. */
export type PerGiftReceipt = ReceiptCommon & { kind: "per_gift"; gift: ReceiptGiftLine };
/** One receipt for every charge of a year (年度彙開). */
export type YearlyReceipt = ReceiptCommon & { kind: "yearly"; year: number; gifts: ReceiptGiftLine[] };
export type ReceiptDocument = PerGiftReceipt | YearlyReceipt;

export const receiptText = {
  perGiftHeading: "捐款收據",
  yearlyHeading: (year: number) => `${year} 年度捐款收據`,
  taxDeduction:
    "依所得稅法第十七條規定，本捐款得於申報綜合所得稅時列舉為捐贈扣除額（以不超過綜合所得總額百分之二十為限）。",
  taxUploaded:
    "本收據所載捐款已依捐款人同意上傳至國稅局，辦理綜合所得稅結算申報時可逕於財政部申報系統查詢並列舉扣除，免附本收據。",
  uploadedMark: "（已上傳國稅局）",
  taxUploadedMarked:
    "標示「已上傳國稅局」的捐款已依捐款人同意上傳至國稅局，申報時可逕於財政部申報系統查詢並列舉扣除；其餘捐款請以本收據申報。",
  thanks: "感謝您對食藝文化的支持，謹此致謝。",
} as const;

const taipeiDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Taipei",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** 2026/11/03, in Taiwan's time. */
export function formatReceiptDate(date: ReceiptDate): string {
  if (typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date)) return date.replaceAll("-", "/");
  const instant = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${String(date)}`);
  return taipeiDate.format(instant).replaceAll("-", "/");
}

/** 12000 → 12,000 */
export const formatReceiptAmount = (amount: number) => amount.toLocaleString("en-US");

/** A national ID printed as A12*****89; one already masked is kept as it is. */
export function maskIdNumber(id: string): string {
  const trimmed = id.trim();
  if (trimmed.includes("*") || trimmed.length < 6) return trimmed;
  return `${trimmed.slice(0, 3)}${"*".repeat(trimmed.length - 5)}${trimmed.slice(-2)}`;
}

export const receiptGifts = (receipt: ReceiptDocument): ReceiptGiftLine[] =>
  receipt.kind === "per_gift" ? [receipt.gift] : receipt.gifts;

function check(receipt: ReceiptDocument): number {
  const gifts = receiptGifts(receipt);
  if (gifts.length === 0) throw new RangeError(`Receipt ${receipt.number} has no gifts`);
  for (const gift of gifts)
    if (!Number.isSafeInteger(gift.amount) || gift.amount <= 0)
      throw new RangeError(
        `Receipt ${receipt.number}: a gift must be a whole positive amount, got ${gift.amount}`,
      );
  if (!receipt.title.trim()) throw new RangeError(`Receipt ${receipt.number} has no title (抬頭)`);
  return gifts.reduce((sum, gift) => sum + gift.amount, 0);
}

// A4 in points, with 2 cm margins.
const page = { width: 595.28, height: 841.89, margin: 56.7 };
const contentWidth = page.width - 2 * page.margin;
const footerSpace = 36;
const color = { text: "#1f1f1f", muted: "#5c5c5c", rule: "#9a9a9a", band: "#f1efea" };
const columns = { date: 92, amount: 112 };
const cellPadding = 6;

/**
 * Renders a receipt as an A4 PDF set in the given CJK font (embedded as a subset). Rejects when the
 * font file is missing (naming RECEIPT_FONT_PATH) or does not hold the family asked for.
 */
export async function renderReceiptPdf(receipt: ReceiptDocument, font: ReceiptFont): Promise<Buffer> {
  const total = check(receipt);
  const totalInWords = `新臺幣${toChineseCapitalAmount(total)}`;
  const loaded = await loadReceiptFont(font);
  const heading =
    receipt.kind === "per_gift" ? receiptText.perGiftHeading : receiptText.yearlyHeading(receipt.year);

  const doc = new PDFDocument({
    size: "A4",
    margin: page.margin,
    bufferPages: true,
    info: {
      Title: `${receipt.issuer.name} ${heading} ${receipt.number}`,
      Author: receipt.issuer.name,
      Subject: heading,
    },
    lang: "zh-TW",
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  try {
    doc.registerFont("cjk", loaded.data, loaded.family);
    doc.font("cjk");
  } catch (error) {
    throw new Error(
      loaded.collection
        ? `Receipt font family ${loaded.family} is not in ${font.path}: set RECEIPT_FONT_FAMILY to the PostScript name of one face in it (fc-list -f '%{postscriptname}\\n' ${font.path})`
        : `Receipt font ${font.path} cannot be read as a font: set RECEIPT_FONT_PATH to a .ttf, .otf or .ttc file`,
      { cause: error },
    );
  }

  const left = page.margin;
  const right = page.width - page.margin;
  const bottom = page.height - page.margin - footerSpace;
  let y = page.margin;

  const rule = (at: number, width = 0.5, stroke = color.rule) =>
    doc.moveTo(left, at).lineTo(right, at).lineWidth(width).strokeColor(stroke).stroke();

  // Heading: the foundation, then what the document is.
  doc
    .fillColor(color.text)
    .fontSize(20)
    .text(receipt.issuer.name, left, y, { width: contentWidth, align: "center" });
  y = doc.y + 6;
  doc.fontSize(15).text(heading, left, y, { width: contentWidth, align: "center" });
  y = doc.y + 14;
  rule(y, 1, color.text);
  y += 14;

  // Who and when.
  const fields: [string, string][] = [
    ["收據編號", receipt.number],
    ["開立日期", formatReceiptDate(receipt.issuedAt)],
    ["收據抬頭", receipt.title.trim()],
  ];
  if (receipt.idNumber) fields.push(["身分證字號", maskIdNumber(receipt.idNumber)]);
  if (receipt.kind === "yearly") fields.push(["捐款期間", `${receipt.year}/01/01 至 ${receipt.year}/12/31`]);
  const labelWidth = 76;
  doc.fontSize(11);
  for (const [label, value] of fields) {
    doc.fillColor(color.muted).text(label, left, y, { width: labelWidth });
    doc.fillColor(color.text).text(value, left + labelWidth, y, { width: contentWidth - labelWidth });
    y = Math.max(doc.y, y + 16) + 4;
  }
  y += 10;

  // The gifts, one row each; a long yearly list goes on over further pages under the same header.
  const descriptionWidth = contentWidth - columns.date - columns.amount;
  const descriptionX = left + columns.date;
  const amountX = right - columns.amount;
  const tableHeader = () => {
    doc.fontSize(10);
    const height = doc.currentLineHeight(true) + 2 * cellPadding;
    doc.rect(left, y, contentWidth, height).fill(color.band);
    doc.fillColor(color.muted);
    doc.text("捐款日期", left + cellPadding, y + cellPadding, {
      width: columns.date - cellPadding,
      lineBreak: false,
    });
    doc.text("捐款方式／說明", descriptionX + cellPadding, y + cellPadding, {
      width: descriptionWidth - 2 * cellPadding,
      lineBreak: false,
    });
    doc.text("金額（新臺幣元）", amountX, y + cellPadding, {
      width: columns.amount - cellPadding,
      align: "right",
      lineBreak: false,
    });
    y += height;
  };
  tableHeader();
  for (const gift of receiptGifts(receipt)) {
    doc.fontSize(10.5);
    const textHeight = doc.heightOfString(gift.description, { width: descriptionWidth - 2 * cellPadding });
    const height = Math.max(textHeight, doc.currentLineHeight(true)) + 2 * cellPadding;
    if (y + height > bottom) {
      doc.addPage();
      y = page.margin;
      tableHeader();
      doc.fontSize(10.5);
    }
    doc.fillColor(color.text);
    doc.text(formatReceiptDate(gift.date), left + cellPadding, y + cellPadding, {
      width: columns.date - cellPadding,
      lineBreak: false,
    });
    doc.text(gift.description, descriptionX + cellPadding, y + cellPadding, {
      width: descriptionWidth - 2 * cellPadding,
    });
    doc.text(formatReceiptAmount(gift.amount), amountX, y + cellPadding, {
      width: columns.amount - cellPadding,
      align: "right",
      lineBreak: false,
    });
    y += height;
    rule(y, 0.4);
  }

  // The total, the tax notes and the foundation: kept together on one page.
  const notes = [
    receiptText.taxDeduction,
    ...(receipt.taxUploaded === "all" ? [receiptText.taxUploaded] : []),
    ...(receipt.taxUploaded === "marked" ? [receiptText.taxUploadedMarked] : []),
  ];
  doc.fontSize(9.5);
  const notesHeight = notes.reduce(
    (sum, note) => sum + doc.heightOfString(`・${note}`, { width: contentWidth, lineGap: 2 }) + 4,
    0,
  );
  if (y + 150 + notesHeight > bottom) {
    doc.addPage();
    y = page.margin;
  }
  y += 12;
  doc.fontSize(12).fillColor(color.text);
  const totalLabelWidth = 90;
  doc.text("合計", amountX - totalLabelWidth, y, {
    width: totalLabelWidth,
    align: "right",
    lineBreak: false,
  });
  doc.text(`NT$ ${formatReceiptAmount(total)}`, amountX, y, {
    width: columns.amount - cellPadding,
    align: "right",
    lineBreak: false,
  });
  y = doc.y + 10;
  doc.fontSize(11).fillColor(color.muted).text("金額大寫", left, y, { width: labelWidth, lineBreak: false });
  doc
    .fontSize(12)
    .fillColor(color.text)
    .text(totalInWords, left + labelWidth, y, { width: contentWidth - labelWidth });
  y = doc.y + 14;
  rule(y, 1, color.text);
  y += 14;

  doc.fontSize(9.5).fillColor(color.text);
  for (const note of notes) {
    doc.text(`・${note}`, left, y, { width: contentWidth, lineGap: 2 });
    y = doc.y + 4;
  }
  y += 6;
  doc.fontSize(10.5).text(receiptText.thanks, left, y, { width: contentWidth });
  y = doc.y + 20;

  const issuerLines = [
    receipt.issuer.name,
    `地址：${receipt.issuer.address}`,
    `統一編號：${receipt.issuer.taxId}`,
    ...(receipt.issuer.phone ? [`電話：${receipt.issuer.phone}`] : []),
  ];
  doc.fontSize(10);
  for (const [index, line] of issuerLines.entries()) {
    doc.fillColor(index === 0 ? color.text : color.muted).text(line, left, y, { width: contentWidth });
    y = doc.y + 2;
  }

  // Every page names the receipt and its place among the pages.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8.5)
      .fillColor(color.muted)
      .text(
        `收據編號 ${receipt.number}　第 ${i - range.start + 1} 頁，共 ${range.count} 頁`,
        left,
        page.height - page.margin - 12,
        { width: contentWidth, align: "right", lineBreak: false },
      );
    doc.page.margins.bottom = saved;
  }

  doc.end();
  return done;
}
