import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { donationCharges, donations } from "../db/schema.ts";
import { formatTaipeiDateTime } from "@shiyi/ecpay";

/*
 * For the foundation's office: every charge received in a year, one row each, as CSV (UTF-8 with
 * a BOM so Excel reads the Chinese). The national ID appears only for donors who asked for the
 * automatic upload to the tax office; that list is what the upload is made from.
 */

const header = [
  "收款日期",
  "捐款編號",
  "收據編號",
  "捐款人",
  "收據抬頭",
  "電子郵件",
  "金額",
  "捐款方式",
  "第幾次扣款",
  "收據",
  "申報扣除額",
  "身分證字號",
  "不具名",
];

const frequencyNames = { once: "單筆", monthly: "每月定期", yearly: "每年定期" } as const;
const receiptNames = { none: "不需要", per_gift: "每次開立", yearly: "年度彙開" } as const;

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
export const csvField = (value: string | number) => {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The CSV of `year` (Taiwan time). */
export async function donationsCsv(db: Database, year: number): Promise<string> {
  const start = new Date(`${year}-01-01T00:00:00+08:00`).toISOString();
  const end = new Date(`${year + 1}-01-01T00:00:00+08:00`).toISOString();
  const rows = await db
    .select({ charge: donationCharges, donation: donations })
    .from(donationCharges)
    .innerJoin(donations, eq(donations.id, donationCharges.donation_id))
    .where(and(gte(donationCharges.charged_at, start), lt(donationCharges.charged_at, end)))
    .orderBy(asc(donationCharges.charged_at), asc(donationCharges.id));
  const lines = rows.map(({ charge, donation }) =>
    [
      formatTaipeiDateTime(new Date(charge.charged_at)),
      donation.number,
      charge.receipt_number ?? "",
      donation.name,
      donation.receipt_title ?? "",
      donation.email,
      charge.amount,
      frequencyNames[donation.frequency],
      charge.sequence,
      receiptNames[donation.receipt],
      donation.tax_upload === 1 ? "是" : "否",
      donation.tax_upload === 1 ? (donation.id_number ?? "") : "",
      donation.anonymous === 1 ? "是" : "否",
    ]
      .map(csvField)
      .join(","),
  );
  return `\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
