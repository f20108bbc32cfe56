import { describe, expect, it } from "vitest";
import { stageCredentials } from "../environments.ts";
import {
  buildInvoiceRequest,
  decryptInvoiceData,
  getIssueData,
  parseGetIssueResponse,
  parseIssueInvoiceResponse,
} from "../invoice.ts";
import { createEcpaySimulator, invoiceFailure } from "./index.ts";

const credentials = stageCredentials.invoice;
type Simulator = ReturnType<typeof createEcpaySimulator>;

let sequence = 0;
/** Issue data for a personal invoice on an ECPay member carrier (reference §6.2). */
const invoiceData = (overrides: Record<string, unknown> = {}) => ({
  MerchantID: credentials.merchantId,
  RelateNumber: `INV${Date.now()}${sequence++}`,
  CustomerIdentifier: "",
  CustomerName: "王小明",
  CustomerAddr: "",
  CustomerPhone: "",
  CustomerEmail: "reader@example.tw",
  Print: "0",
  Donation: "0",
  LoveCode: "",
  CarrierType: "1",
  CarrierNum: "",
  TaxType: "1",
  SalesAmount: 760,
  InvType: "07",
  vat: "1",
  Items: [
    {
      ItemName: "拾憶 第 12 期",
      ItemCount: 2,
      ItemWord: "本",
      ItemPrice: 300,
      ItemTaxType: "1",
      ItemAmount: 600,
    },
    { ItemName: "運費", ItemCount: 1, ItemWord: "式", ItemPrice: 160, ItemTaxType: "1", ItemAmount: 160 },
  ],
  ...overrides,
});

const issue = async (app: Simulator, body: unknown, path = "/B2CInvoice/Issue") => {
  const response = await app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown;
};

describe("ECPay simulator: B2C e-invoice", () => {
  it("issues an invoice that parseIssueInvoiceResponse decrypts", async () => {
    const app = createEcpaySimulator();
    const body = await issue(app, buildInvoiceRequest(credentials, invoiceData()));
    expect(body).toMatchObject({ MerchantID: "2000132", TransCode: 1, TransMsg: "Success" });

    const parsed = parseIssueInvoiceResponse(body, credentials);
    if (!parsed.ok) throw new Error(`not issued: ${JSON.stringify(parsed)}`);
    expect(parsed.value.invoiceNo).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(parsed.value.randomNumber).toMatch(/^\d{4}$/);
    expect(Math.abs(parsed.value.invoiceDate.getTime() - Date.now())).toBeLessThan(5_000);

    const data = decryptInvoiceData((body as { Data: string }).Data, credentials);
    expect(data).toMatchObject({ RtnCode: 1, RtnMsg: "開立發票成功" });
    expect((data as { InvoiceDate: string }).InvoiceDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The next invoice comes from the same roll.
    const next = parseIssueInvoiceResponse(
      await issue(app, buildInvoiceRequest(credentials, invoiceData())),
      credentials,
    );
    expect(next.ok && Number(next.value.invoiceNo.slice(2))).toBe(
      Number(parsed.value.invoiceNo.slice(2)) + 1,
    );
  });

  it("refuses a RelateNumber used before", async () => {
    const app = createEcpaySimulator();
    const data = invoiceData();
    expect(
      parseIssueInvoiceResponse(await issue(app, buildInvoiceRequest(credentials, data)), credentials).ok,
    ).toBe(true);
    const again = parseIssueInvoiceResponse(
      await issue(app, buildInvoiceRequest(credentials, data)),
      credentials,
    );
    expect(again).toMatchObject({ ok: false, error: "rejected", rtnCode: invoiceFailure.duplicate });
  });

  it("answers GetIssue with the invoice issued under a RelateNumber, and nothing for another", async () => {
    const app = createEcpaySimulator();
    const data = invoiceData();
    const issued = parseIssueInvoiceResponse(
      await issue(app, buildInvoiceRequest(credentials, data)),
      credentials,
    );
    if (!issued.ok) throw new Error("not issued");
    const query = (relateNumber: string) =>
      issue(
        app,
        buildInvoiceRequest(credentials, getIssueData(credentials.merchantId, relateNumber)),
        "/B2CInvoice/GetIssue",
      );
    const found = parseGetIssueResponse(await query(data.RelateNumber), credentials);
    expect(found).toMatchObject({
      ok: true,
      value: {
        invoiceNo: issued.value.invoiceNo,
        relateNumber: data.RelateNumber,
        invoiceDate: issued.value.invoiceDate,
        randomNumber: issued.value.randomNumber,
        salesAmount: 760,
        invalid: false,
        issued: true,
      },
    });
    expect(parseGetIssueResponse(await query("NEVER-ISSUED"), credentials)).toMatchObject({
      ok: false,
      error: "rejected",
      rtnCode: invoiceFailure.notFound,
    });
  });

  it("refuses a stale Timestamp, an unknown merchant and Data encrypted with other keys", async () => {
    const app = createEcpaySimulator();
    const stale = buildInvoiceRequest(credentials, invoiceData(), new Date(Date.now() - 11 * 60_000));
    const staleBody = await issue(app, stale);
    expect(staleBody).toMatchObject({ TransCode: invoiceFailure.transport, Data: "" });
    expect(parseIssueInvoiceResponse(staleBody, credentials)).toMatchObject({
      ok: false,
      error: "transport",
    });

    const stranger = { ...credentials, merchantId: "9999999" };
    const strangerBody = await issue(
      app,
      buildInvoiceRequest(stranger, invoiceData({ MerchantID: "9999999" })),
    );
    expect(strangerBody).toMatchObject({ TransCode: invoiceFailure.transport });
    expect((strangerBody as { TransMsg: string }).TransMsg).toContain("9999999");

    const otherKeys = { ...credentials, hashKey: "0123456789abcdef" };
    expect(await issue(app, buildInvoiceRequest(otherKeys, invoiceData()))).toMatchObject({
      TransCode: invoiceFailure.transport,
    });
    expect(await issue(app, { hello: "world" })).toMatchObject({ TransCode: invoiceFailure.transport });
  });

  it("accepts a donation, a mobile barcode and a paper company invoice", async () => {
    const app = createEcpaySimulator();
    const accepted = [
      invoiceData({ Donation: "1", LoveCode: "168001", CarrierType: "" }),
      invoiceData({ CarrierType: "3", CarrierNum: "/ABC+1.-" }),
      invoiceData({
        CustomerIdentifier: "12345675",
        CustomerName: "拾憶文化有限公司",
        CustomerAddr: "臺北市大安區復興南路一段100號",
        Print: "1",
        CarrierType: "",
      }),
    ];
    for (const data of accepted) {
      const parsed = parseIssueInvoiceResponse(
        await issue(app, buildInvoiceRequest(credentials, data)),
        credentials,
      );
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    }
  });

  it.each([
    { name: "SalesAmount ≠ Σ ItemAmount", overrides: { SalesAmount: 700 }, message: "SalesAmount" },
    {
      name: "ItemAmount ≠ count × price",
      overrides: {
        SalesAmount: 100,
        Items: [{ ItemName: "書", ItemCount: 2, ItemWord: "本", ItemPrice: 300, ItemAmount: 100 }],
      },
      message: "ItemAmount",
    },
    {
      name: "a malformed mobile barcode",
      overrides: { CarrierType: "3", CarrierNum: "1234567" },
      message: "CarrierNum",
    },
    {
      name: "a malformed citizen certificate",
      overrides: { CarrierType: "2", CarrierNum: "A1" },
      message: "CarrierNum",
    },
    {
      name: "a member carrier without email or phone",
      overrides: { CustomerEmail: "", CustomerPhone: "" },
      message: "CustomerEmail",
    },
    {
      name: "a donation with a tax id",
      overrides: { Donation: "1", LoveCode: "168001", CarrierType: "", CustomerIdentifier: "12345675" },
      message: "Donation",
    },
    {
      name: "a bad love code",
      overrides: { Donation: "1", LoveCode: "12", CarrierType: "" },
      message: "LoveCode",
    },
    { name: "no carrier, no donation, no print", overrides: { CarrierType: "" }, message: "Print" },
    {
      name: "paper without an address",
      overrides: { CarrierType: "", Print: "1", CustomerIdentifier: "12345675" },
      message: "CustomerAddr",
    },
    { name: "a 7-digit tax id", overrides: { CustomerIdentifier: "1234567" }, message: "CustomerIdentifier" },
    { name: "no items", overrides: { Items: [], SalesAmount: 760 }, message: "Items" },
    { name: "another merchant inside Data", overrides: { MerchantID: "3002607" }, message: "MerchantID" },
  ])("rejects $name with RtnCode ≠ 1", async ({ overrides, message }) => {
    const app = createEcpaySimulator();
    const body = await issue(app, buildInvoiceRequest(credentials, invoiceData(overrides)));
    expect(body).toMatchObject({ TransCode: 1 });
    const parsed = parseIssueInvoiceResponse(body, credentials);
    if (parsed.ok || parsed.error !== "rejected") throw new Error(`not rejected: ${JSON.stringify(parsed)}`);
    expect(parsed.rtnCode).toBe(invoiceFailure.invalid);
    expect(parsed.rtnMsg).toContain(message);
  });
});
