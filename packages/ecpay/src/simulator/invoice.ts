import { randomInt } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { EcpayCredentials } from "../environments.ts";
import { formatTaipeiDateTime } from "../fields.ts";
import { decryptInvoiceData, encryptInvoiceData, type InvoiceResponse } from "../invoice.ts";
import { digits, findMerchant, type SimulatorContext } from "./shared.ts";

/*
 * The simulator's B2C e-invoice (reference §6): POST /B2CInvoice/Issue, and /B2CInvoice/GetIssue by
 * RelateNumber, JSON with an AES `Data`.
 * The envelope (merchant, Timestamp within 10 minutes, decryptable Data) is answered with
 * TransCode ≠ 1; the invoice data (receipt-type rules of §6.2, amounts, a unique RelateNumber)
 * with RtnCode ≠ 1 inside Data. ECPay only documents 1 as success: the failure codes below are the
 * simulator's own, so callers must not branch on them.
 */

export const invoiceFailure = {
  /** TransCode: the request envelope was refused. */
  transport: 9_999,
  /** RtnCode: the invoice data breaks a rule. */
  invalid: 9_000_001,
  /** RtnCode: RelateNumber was used before. */
  duplicate: 9_000_002,
  /** RtnCode (GetIssue): no invoice was issued under that RelateNumber. */
  notFound: 9_000_003,
} as const;

const timestampWindowSeconds = 10 * 60;

const envelopeSchema = z.object({
  MerchantID: z.string(),
  RqHeader: z.object({ Timestamp: z.coerce.number().int() }),
  Data: z.string().min(1),
});

// ECPay's JSON mixes strings and numbers; read flags as strings and amounts as numbers.
const text = z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string());
const optionalText = text.default("");
const amount = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
  z.number().finite(),
);
const flag = text.pipe(z.enum(["0", "1"]));

const itemSchema = z.object({
  ItemName: text.pipe(z.string().trim().min(1).max(500)),
  ItemCount: amount.pipe(z.number().positive()),
  ItemWord: text.pipe(z.string().trim().min(1).max(6)),
  ItemPrice: amount,
  ItemAmount: amount,
});

const issueDataSchema = z
  .object({
    MerchantID: text,
    RelateNumber: text.pipe(z.string().regex(/^[A-Za-z0-9_-]{1,30}$/, "1–30 letters, digits, - or _")),
    CustomerIdentifier: optionalText,
    CustomerName: optionalText,
    CustomerAddr: optionalText,
    CustomerPhone: optionalText,
    CustomerEmail: optionalText,
    Print: flag,
    Donation: flag,
    LoveCode: optionalText,
    CarrierType: optionalText.pipe(z.enum(["", "1", "2", "3"])),
    CarrierNum: optionalText,
    TaxType: text.pipe(z.enum(["1", "2", "3", "4", "9"])),
    SalesAmount: amount.pipe(z.int().positive()),
    InvType: text.pipe(z.enum(["07", "08"])),
    Items: z.array(itemSchema).min(1),
  })
  .superRefine((data, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const total = data.Items.reduce((sum, item) => sum + item.ItemAmount, 0);
    if (Math.round(total) !== data.SalesAmount) problem("SalesAmount", "須等於各品項 ItemAmount 的合計");
    data.Items.forEach((item, index) => {
      if (Math.abs(item.ItemCount * item.ItemPrice - item.ItemAmount) >= 1) {
        problem(`Items.${index}.ItemAmount`, "須等於 ItemCount × ItemPrice");
      }
    });
    const company = data.CustomerIdentifier !== "";
    if (company && !/^\d{8}$/.test(data.CustomerIdentifier))
      problem("CustomerIdentifier", "統一編號須為 8 位數字");
    if (data.Donation === "1") {
      if (!/^\d{3,7}$/.test(data.LoveCode)) problem("LoveCode", "捐贈碼須為 3 到 7 位數字");
      if (company) problem("Donation", "有統一編號的發票不能捐贈");
      if (data.Print === "1") problem("Print", "捐贈的發票不能列印");
    }
    switch (data.CarrierType) {
      case "":
        if (data.CarrierNum !== "") problem("CarrierNum", "無載具時 CarrierNum 須為空");
        // Without a carrier the invoice exists only on paper, unless it is donated.
        if (data.Print === "0" && data.Donation === "0")
          problem("Print", "無載具且未捐贈時須列印（Print=1）");
        break;
      case "1":
        if (data.CarrierNum !== "") problem("CarrierNum", "綠界會員載具的 CarrierNum 須為空");
        if (data.CustomerEmail === "" && data.CustomerPhone === "") {
          problem("CustomerEmail", "綠界會員載具須提供 CustomerEmail 或 CustomerPhone");
        }
        break;
      case "2":
        if (!/^[A-Z]{2}\d{14}$/.test(data.CarrierNum))
          problem("CarrierNum", "自然人憑證須為 2 個大寫英文字母加 14 位數字");
        break;
      case "3":
        if (!/^\/[0-9A-Z.+-]{7}$/.test(data.CarrierNum)) problem("CarrierNum", "手機條碼須為 / 加 7 碼");
        break;
    }
    if (data.Print === "1") {
      if (data.CarrierType === "1" || data.CarrierType === "2") problem("Print", "此載具的發票不能列印");
      if (data.CustomerName.trim() === "") problem("CustomerName", "列印發票須提供 CustomerName");
      if (data.CustomerAddr.trim() === "") problem("CustomerAddr", "列印發票須提供 CustomerAddr");
    }
  });

const randomLetter = () => String.fromCharCode(65 + randomInt(26));

export type InvoiceSimulatorOptions = Pick<SimulatorContext, "now"> & {
  readonly merchants: readonly EcpayCredentials[];
};

const getIssueDataSchema = z.object({
  MerchantID: text,
  RelateNumber: text.pipe(z.string().min(1).max(30)),
});

/** What the simulator keeps of an invoice it issued, as GetIssue answers it. */
type IssuedRecord = {
  invoiceNo: string;
  relateNumber: string;
  createdAt: string;
  randomNumber: string;
  salesAmount: number;
};

/** Adds the e-invoice routes to the simulator's app. */
export function addInvoiceRoutes(app: Hono, { merchants, now }: InvoiceSimulatorOptions) {
  const issued = new Map<string, IssuedRecord>();
  // One 字軌 (two letters) per simulator and consecutive numbers, like a real invoice roll.
  const track = `${randomLetter()}${randomLetter()}`;
  let nextNumber = randomInt(10_000_000, 90_000_000);
  const seconds = () => Math.floor(now().getTime() / 1000);

  /**
   * Reads a call's envelope (JSON, a known merchant, a Timestamp within 10 minutes, a `Data` its
   * keys decrypt) and hands the decrypted data to `handle`, whose answer goes back in `Data`.
   */
  const envelopeRoute =
    (handle: (decrypted: unknown, merchantId: string) => Record<string, unknown>) => async (c: Context) => {
      const refuse = (merchantId: string, message: string) =>
        c.json({
          MerchantID: merchantId,
          RpHeader: { Timestamp: seconds() },
          TransCode: invoiceFailure.transport,
          TransMsg: message,
          Data: "",
        } satisfies InvoiceResponse);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return refuse("", "請求須為 JSON");
      }
      const envelope = envelopeSchema.safeParse(body);
      if (!envelope.success) return refuse("", "缺少 MerchantID、RqHeader.Timestamp 或 Data");
      const { MerchantID, RqHeader, Data } = envelope.data;
      const merchant = findMerchant(merchants, MerchantID);
      if (!merchant) return refuse(MerchantID, `找不到發票特店編號 ${MerchantID}`);
      if (Math.abs(seconds() - RqHeader.Timestamp) > timestampWindowSeconds) {
        return refuse(MerchantID, "Timestamp 與綠界時間相差超過 10 分鐘");
      }
      let decrypted: unknown;
      try {
        decrypted = decryptInvoiceData(Data, merchant);
      } catch {
        return refuse(MerchantID, "Data 無法以此特店的 HashKey/HashIV 解密");
      }
      return c.json({
        MerchantID,
        RpHeader: { Timestamp: seconds() },
        TransCode: 1,
        TransMsg: "Success",
        Data: encryptInvoiceData(handle(decrypted, MerchantID), merchant),
      } satisfies InvoiceResponse);
    };
  const reject = (rtnCode: number, rtnMsg: string) => ({ RtnCode: rtnCode, RtnMsg: rtnMsg });

  app.post(
    "/B2CInvoice/Issue",
    envelopeRoute((decrypted, merchantId) => {
      const parsed = issueDataSchema.safeParse(decrypted);
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        return reject(invoiceFailure.invalid, `${issue?.path.join(".")} 錯誤：${issue?.message}`);
      }
      const data = parsed.data;
      if (data.MerchantID !== merchantId)
        return reject(invoiceFailure.invalid, "Data 內的 MerchantID 與請求不符");
      const relateKey = `${merchantId}/${data.RelateNumber}`;
      if (issued.has(relateKey))
        return reject(invoiceFailure.duplicate, `RelateNumber ${data.RelateNumber} 已開立過發票`);
      const record: IssuedRecord = {
        invoiceNo: `${track}${String(nextNumber++).padStart(8, "0")}`,
        relateNumber: data.RelateNumber,
        createdAt: formatTaipeiDateTime(now()).replaceAll("/", "-"),
        randomNumber: digits(4),
        salesAmount: data.SalesAmount,
      };
      issued.set(relateKey, record);
      return {
        RtnCode: 1,
        RtnMsg: "開立發票成功",
        InvoiceNo: record.invoiceNo,
        InvoiceDate: record.createdAt,
        RandomNumber: record.randomNumber,
      };
    }),
  );

  app.post(
    "/B2CInvoice/GetIssue",
    envelopeRoute((decrypted, merchantId) => {
      const parsed = getIssueDataSchema.safeParse(decrypted);
      if (!parsed.success || parsed.data.MerchantID !== merchantId)
        return reject(invoiceFailure.invalid, "須提供此特店的 MerchantID 與 RelateNumber");
      const record = issued.get(`${merchantId}/${parsed.data.RelateNumber}`);
      if (!record) return reject(invoiceFailure.notFound, "查無發票資料");
      return {
        RtnCode: 1,
        RtnMsg: "查詢成功",
        IIS_Mer_ID: merchantId,
        IIS_Number: record.invoiceNo,
        IIS_Relate_Number: record.relateNumber,
        IIS_Create_Date: record.createdAt,
        IIS_Random_Number: record.randomNumber,
        IIS_Sales_Amount: record.salesAmount,
        IIS_Issue_Status: "1",
        IIS_Invalid_Status: "0",
      };
    }),
  );
}
