import { describe, expect, it } from "vitest";
import { stageCredentials } from "./environments.ts";
import {
  buildInvoiceRequest,
  decryptInvoiceData,
  encryptInvoiceData,
  parseIssueInvoiceResponse,
  phpUrlDecode,
  phpUrlEncode,
} from "./invoice.ts";

const keys = stageCredentials.invoice;

// Reference §6.1 vectors (stage invoice key/IV).
const vectors = [
  {
    name: "doc example",
    data: { Name: "Test", ID: "A123456789" },
    encrypted: "uvI4yrErM37XNQkXGAgRgJAgHn2t72jahaMZzYhWL1HmvH4WV18VJDP2i9pTbC+tby5nxVExLLFyAkbjbS2Dvg==",
  },
  {
    name: "SKILL #1 (slash)",
    data: { MerchantID: "2000132", BarCode: "/1234567" },
    encrypted:
      "XeEOdHpTRvxKEqs/JD9RSd16s7VtpyWVCN6AV44pKTW3DVa6yI7vKmjBRp2eulDhXoru/qBqFDBH3fEqlkMn3bbJfJBfGAq+v+SvttutYnc=",
  },
  {
    name: "SKILL #3 (PHP-only encoded characters)",
    data: { Name: "test!*'()~value" },
    encrypted: "uvI4yrErM37XNQkXGAgRgBuDOiJoVs72Xn/rum9Ejl1DSna4HyLSoY7764PmhTR7JXb9jJWLSjCGcZEDeFiABg==",
  },
];

describe("invoice Data (AES-128-CBC)", () => {
  it.each(vectors)("encrypts the $name vector", ({ data, encrypted }) => {
    expect(encryptInvoiceData(data, keys)).toBe(encrypted);
  });

  it.each(vectors)("decrypts the $name vector", ({ data, encrypted }) => {
    expect(decryptInvoiceData(encrypted, keys)).toEqual(data);
  });

  it("round-trips Chinese text, spaces and plus signs", () => {
    const data = { ItemName: "拾憶 第 12 期 + 別冊", Amount: 350 };
    expect(decryptInvoiceData(encryptInvoiceData(data, keys), keys)).toEqual(data);
  });

  it("fails loudly on the wrong key", () => {
    const [vector] = vectors;
    expect(() =>
      decryptInvoiceData(vector!.encrypted, { hashKey: "0123456789abcdef", hashIv: keys.hashIv }),
    ).toThrow();
  });

  it("refuses keys that are not 16 bytes", () => {
    expect(() => encryptInvoiceData({}, { hashKey: "short", hashIv: keys.hashIv })).toThrow(/16 bytes/);
  });
});

describe("PHP urlencode", () => {
  it("encodes like PHP, unlike encodeURIComponent", () => {
    expect(phpUrlEncode("a b!*'()~-_.中")).toBe("a+b%21%2A%27%28%29%7E-_.%E4%B8%AD");
    expect(phpUrlDecode("a+b%2B%E4%B8%AD")).toBe("a b+中");
  });
});

describe("buildInvoiceRequest", () => {
  it("wraps the encrypted data with the merchant and a Unix-seconds timestamp", () => {
    const request = buildInvoiceRequest(keys, vectors[0]!.data, new Date("2025-01-01T04:00:00.999Z"));
    expect(request).toEqual({
      MerchantID: "2000132",
      RqHeader: { Timestamp: 1735704000, Revision: "3.0.0" },
      Data: vectors[0]!.encrypted,
    });
  });
});

describe("parseIssueInvoiceResponse", () => {
  const answer = (data: unknown, overrides: Record<string, unknown> = {}) => ({
    MerchantID: "2000132",
    RpHeader: { Timestamp: 1735704000 },
    TransCode: 1,
    TransMsg: "Success",
    Data: encryptInvoiceData(data, keys),
    ...overrides,
  });
  const issued = {
    RtnCode: 1,
    RtnMsg: "開立發票成功",
    InvoiceNo: "AB12345678",
    InvoiceDate: "2025-01-01 12:00:00",
    RandomNumber: "0427",
  };

  it("reads an issued invoice, the date in Taiwan time", () => {
    const parsed = parseIssueInvoiceResponse(answer(issued), keys);
    expect(parsed).toMatchObject({
      ok: true,
      value: { invoiceNo: "AB12345678", randomNumber: "0427", invoiceDate: new Date("2025-01-01T04:00:00Z") },
    });
  });

  it("separates a refused envelope, a refused invoice, another merchant and garbage", () => {
    expect(parseIssueInvoiceResponse(answer(issued, { TransCode: 9, TransMsg: "x" }), keys)).toEqual({
      ok: false,
      error: "transport",
      issues: ["TransCode 9: x"],
    });
    expect(parseIssueInvoiceResponse(answer({ RtnCode: 5, RtnMsg: "重複" }), keys)).toEqual({
      ok: false,
      error: "rejected",
      rtnCode: 5,
      rtnMsg: "重複",
    });
    expect(parseIssueInvoiceResponse(answer(issued, { MerchantID: "3002607" }), keys)).toMatchObject({
      ok: false,
      error: "merchant",
    });
    expect(parseIssueInvoiceResponse(answer(issued, { Data: "bm90IGFlcw==" }), keys)).toMatchObject({
      ok: false,
      error: "invalid",
    });
    expect(parseIssueInvoiceResponse(answer({ ...issued, InvoiceNo: "12" }), keys)).toMatchObject({
      ok: false,
      error: "invalid",
    });
    expect(parseIssueInvoiceResponse("<html>", keys)).toMatchObject({ ok: false, error: "invalid" });
  });
});
