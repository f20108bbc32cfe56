import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkMacValueSource,
  computeCheckMacValue,
  dotNetUrlEncode,
  type CheckMacAlgorithm,
  type EcpayFields,
  type HashKeys,
  verifyCheckMacValue,
} from "./check-mac-value.ts";

// Every vector of reference §3.4, verbatim.
const aio: HashKeys = { hashKey: "pwFHCqoQZGmho4w6", hashIv: "EkRm7iFT261dpevs" };
const invoice: HashKeys = { hashKey: "ejCk326UnaZWKisg", hashIv: "q9jcZX8Ib9LM8wYk" };
const logisticsB2C: HashKeys = { hashKey: "5294y06JbISpM5x9", hashIv: "v77hoKGq4kWxNNIS" };
const logisticsC2C: HashKeys = { hashKey: "XBERn1YOvpM9nfZc", hashIv: "h1ONHk4P4yqbl5LK" };

type Vector = {
  name: string;
  keys: HashKeys;
  algorithm: CheckMacAlgorithm;
  fields: EcpayFields;
  expected: string;
};

const v2 = {
  MerchantID: "3002607",
  MerchantTradeNo: "order20250304001",
  MerchantTradeDate: "2025/03/04 00:00:00",
  PaymentType: "aio",
  TotalAmount: "100",
  TradeDesc: "訂單測試",
  ItemName: "範例商品",
  ReturnURL: " https://5569-211-23-76-78.ngrok-free.app/returnurl.php",
  ChoosePayment: "ALL",
  EncryptType: "1",
};

const official: Vector[] = [
  {
    name: "V1 official worked example",
    keys: aio,
    algorithm: "sha256",
    fields: {
      TradeDesc: "促銷方案",
      PaymentType: "aio",
      MerchantTradeDate: "2023/03/12 15:30:23",
      MerchantTradeNo: "ecpay20230312153023",
      MerchantID: "3002607",
      ReturnURL: "https://www.ecpay.com.tw/receive.php",
      ItemName: "Apple iphone 15",
      TotalAmount: "30000",
      ChoosePayment: "ALL",
      EncryptType: "1",
    },
    expected: "6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840",
  },
  {
    name: "V2a support example (leading space in ReturnURL)",
    keys: aio,
    algorithm: "sha256",
    fields: v2,
    expected: "B251AD005829A4072192E495BF484DCF3830D75382AB34DF46F8F3AA8F794940",
  },
  {
    name: "V2b support example, form's MerchantTradeNo",
    keys: aio,
    algorithm: "sha256",
    fields: { ...v2, MerchantTradeNo: "order202503040001" },
    expected: "54B1661DE89951772A94FD0F5639FE5CEDA91311CA42021FD8D9DD4170A965D9",
  },
  {
    name: "V3 SDK simulated ReturnURL payload",
    keys: aio,
    algorithm: "sha256",
    fields: {
      MerchantID: "3002607",
      MerchantTradeNo: "WPLL4E341E122DB44D62",
      PaymentDate: "2019/05/09 00:01:21",
      PaymentType: "Credit_CreditCard",
      PaymentTypeChargeFee: "1",
      RtnCode: "1",
      RtnMsg: "交易成功",
      SimulatePaid: "0",
      TradeAmt: "500",
      TradeDate: "2019/05/09 00:00:18",
      TradeNo: "1905090000188278",
    },
    expected: "6E7F053EF215FC851A050A2FF01D72CBE440EA138DC3E905647985DDF236FD25",
  },
  {
    name: "V4 official MD5 example (empty RtnMsg)",
    keys: invoice,
    algorithm: "md5",
    fields: {
      RtnCode: "1",
      RtnMsg: "",
      IA_Allow_No: "1909181313013546",
      IA_Invoice_No: "UV11100019",
      IA_Date: "2019-09-18 13:13:23",
      IIS_Remain_Allowance_Amt: "0",
    },
    expected: "50A276E71DAE26343013958B405EEEA0",
  },
];

const skill: (Vector & { wrong?: { value: string; naive: (raw: string) => string } })[] = [
  {
    name: "S1 AIO order",
    keys: aio,
    algorithm: "sha256",
    fields: {
      MerchantID: "3002607",
      MerchantTradeNo: "Test1234567890",
      MerchantTradeDate: "2025/01/01 12:00:00",
      PaymentType: "aio",
      TotalAmount: "100",
      TradeDesc: "測試",
      ItemName: "測試商品",
      ReturnURL: "https://example.com/notify",
      ChoosePayment: "ALL",
      EncryptType: "1",
    },
    expected: "291CBA324D31FB5A4BBBFDF2CFE5D32598524753AFD4959C3BF590C5B2F57FB2",
  },
  {
    name: "S2 logistics MD5",
    keys: logisticsB2C,
    algorithm: "md5",
    fields: {
      MerchantID: "2000132",
      LogisticsType: "CVS",
      LogisticsSubType: "UNIMART",
      MerchantTradeDate: "2025/01/01 12:00:00",
    },
    expected: "545E6146FD45BDA683C88454DB34CE8D",
  },
  {
    name: "S3 apostrophe",
    keys: aio,
    algorithm: "sha256",
    fields: { MerchantID: "3002607", ItemName: "Tom's Shop", TotalAmount: "100" },
    expected: "CF0A3D4901D99459D8641516EC57210700E8A5C9AB26B1D021301E9CB93EF78D",
    wrong: {
      value: "A1C55A2B4EAE1045C527379C88D30A15CD525B385BF63501397EC590096D93EE",
      naive: (raw) => encodeURIComponent(raw).replaceAll("%20", "+").replaceAll("~", "%7E"),
    },
  },
  {
    name: "S4 tilde",
    keys: aio,
    algorithm: "sha256",
    fields: { MerchantID: "3002607", ItemName: "Test~Product", TotalAmount: "200" },
    expected: "CEEAE01D2F9A8E74D4AC0DCE7735B046D73F35A5EC99558A31A2EE03159DA1C9",
    wrong: {
      value: "B9360BE7DFC4CFAABF11D31DB7D510E457E97512A196F1945383D1B9EC2197DE",
      naive: (raw) => encodeURIComponent(raw).replaceAll("%20", "+").replaceAll("'", "%27"),
    },
  },
  {
    name: "S5 spaces",
    keys: aio,
    algorithm: "sha256",
    fields: { MerchantID: "3002607", ItemName: "My Test Product", TotalAmount: "300" },
    expected: "7712A5E6EDC3B57086063C88568084C66CE882A21D40E74DE5ACA3B478C6F316",
    wrong: {
      value: "13F7A6B69BF856B5203212AC5F3202B6140D8E2B4316A62851712BF2AF7812D0",
      naive: (raw) => encodeURIComponent(raw).replaceAll("~", "%7E").replaceAll("'", "%27"),
    },
  },
  {
    name: "S6 payment notification",
    keys: aio,
    algorithm: "sha256",
    fields: {
      MerchantID: "3002607",
      MerchantTradeNo: "Test1234567890",
      RtnCode: "1",
      RtnMsg: "Succeeded",
      TradeNo: "2301011234567890",
      TradeAmt: "100",
      PaymentDate: "2025/01/01 12:05:00",
      PaymentType: "Credit_CreditCard",
      TradeDate: "2025/01/01 12:00:00",
      SimulatePaid: "0",
    },
    expected: "2AB536D86AFF8E1086744D59175040A32538C96B1C28C4135B551BD728E913B8",
  },
  {
    name: "S7 MD5 allowance notification",
    keys: invoice,
    algorithm: "md5",
    fields: {
      MerchantID: "2000132",
      AllowanceAmt: "100",
      AllowanceDate: "2025/01/01 12:00:00",
      AllowanceNo: "A01-23456789",
      InvoiceNo: "AB-12345678",
      RtnCode: "1",
      RtnMsg: "OK",
    },
    expected: "6A248D13B8C5B5C4F93D38FB5F2E2B5F",
  },
];

const logisticsCreateEcho = {
  BookingNote: "",
  CVSValidationNo: "",
  LogisticsType: "CVS",
  ReceiverAddress: "",
  ReceiverEmail: "",
  RtnCode: "300",
  RtnMsg: "訂單處理中(已收到訂單資料)",
};

const real: Vector[] = [
  {
    name: "R1 stage ReturnURL with NeedExtraPaidInfo (46 fields)",
    keys: aio,
    algorithm: "sha256",
    fields: {
      AlipayID: "",
      AlipayTradeNo: "",
      amount: "80800",
      ATMAccBank: "",
      ATMAccNo: "",
      auth_code: "777777",
      card4no: "2222",
      card6no: "431195",
      CustomField1: "",
      CustomField2: "",
      CustomField3: "",
      CustomField4: "",
      eci: "0",
      ExecTimes: "",
      Frequency: "",
      gwsr: "13955622",
      MerchantID: "3002607",
      MerchantTradeNo: "2025101423404152",
      PayFrom: "",
      PaymentDate: "2025/10/14 23:35:34",
      PaymentNo: "",
      PaymentType: "Credit_CreditCard",
      PaymentTypeChargeFee: "1981",
      PeriodAmount: "",
      PeriodType: "",
      process_date: "2025/10/14 23:35:34",
      red_dan: "0",
      red_de_amt: "0",
      red_ok_amt: "0",
      red_yet: "0",
      RtnCode: "1",
      RtnMsg: "交易成功",
      SimulatePaid: "0",
      staed: "0",
      stage: "0",
      stast: "0",
      StoreID: "",
      TenpayTradeNo: "",
      TotalSuccessAmount: "",
      TotalSuccessTimes: "",
      TradeAmt: "80800",
      TradeDate: "2025/10/14 23:35:01",
      TradeNo: "2510142335016248",
      WebATMAccBank: "",
      WebATMAccNo: "",
      WebATMBankName: "",
    },
    expected: "EE759D314B59ACB73C8B9129620F90964D78C3EDE06B2661C63BB984AC41AC3E",
  },
  {
    name: "R2 stage Express/Create reply, B2C",
    keys: logisticsB2C,
    algorithm: "md5",
    fields: {
      ...logisticsCreateEcho,
      AllPayLogisticsID: "158981",
      CVSPaymentNo: "",
      GoodsAmount: "110",
      LogisticsSubType: "UNIMART",
      MerchantID: "2000132",
      MerchantTradeNo: "GW1901041548427509",
      ReceiverCellPhone: "0983337029",
      ReceiverName: "Superuser",
      ReceiverPhone: "",
      UpdateStatusDate: "2019/01/04 15:48:42",
    },
    expected: "5C5ECFEFB08C0525408D32C6538114DA",
  },
  {
    name: "R3 stage Express/Create reply, C2C",
    keys: logisticsC2C,
    algorithm: "md5",
    fields: {
      ...logisticsCreateEcho,
      AllPayLogisticsID: "199185",
      CVSPaymentNo: "09936343518",
      GoodsAmount: "200",
      LogisticsSubType: "FAMIC2C",
      MerchantID: "2000933",
      MerchantTradeNo: "abc01234567891234167",
      ReceiverCellPhone: "0911429215",
      ReceiverName: "收件人",
      ReceiverPhone: "0911429215",
      UpdateStatusDate: "2019/08/05 17:49:46",
    },
    expected: "5BA761C51C3197EA59B6E10EA57E8C6C",
  },
];

const all = [...official, ...skill, ...real];

describe("computeCheckMacValue", () => {
  it.each(all)("$name", ({ fields, keys, algorithm, expected }) => {
    expect(computeCheckMacValue(fields, keys, algorithm)).toBe(expected);
  });

  it("builds V1's published step-6 string", () => {
    expect(checkMacValueSource(official[0]!.fields, aio)).toBe(
      "hashkey%3dpwfhcqoqzgmho4w6%26choosepayment%3dall%26encrypttype%3d1%26itemname%3dapple+iphone+15%26merchantid%3d3002607%26merchanttradedate%3d2023%2f03%2f12+15%3a30%3a23%26merchanttradeno%3decpay20230312153023%26paymenttype%3daio%26returnurl%3dhttps%3a%2f%2fwww.ecpay.com.tw%2freceive.php%26totalamount%3d30000%26tradedesc%3d%e4%bf%83%e9%8a%b7%e6%96%b9%e6%a1%88%26hashiv%3dekrm7ift261dpevs",
    );
  });

  it("ignores a CheckMacValue already among the fields", () => {
    const [v1] = official;
    expect(computeCheckMacValue({ ...v1!.fields, CheckMacValue: "stale" }, aio, "sha256")).toBe(v1!.expected);
  });

  it("rejects a lone surrogate instead of signing something else", () => {
    expect(() => computeCheckMacValue({ ItemName: "\uD800" }, aio, "sha256")).toThrow(TypeError);
  });
});

describe("the encoding traps of §3.2", () => {
  const withWrong = skill.filter((vector) => vector.wrong);

  it.each(withWrong)("$name: the published wrong value is not ours", ({ fields, keys, algorithm, wrong }) => {
    expect(computeCheckMacValue(fields, keys, algorithm)).not.toBe(wrong!.value);
    expect(verifyCheckMacValue({ ...fields, CheckMacValue: wrong!.value }, keys, algorithm)).toBe(false);
  });

  it.each(withWrong)("$name: the naive encoder really yields the wrong value", ({ fields, keys, wrong }) => {
    const raw = [
      `HashKey=${keys.hashKey}`,
      ...Object.keys(fields)
        .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
        .map((name) => `${name}=${fields[name]}`),
      `HashIV=${keys.hashIv}`,
    ].join("&");
    const naive = createHash("sha256").update(wrong!.naive(raw).toLowerCase()).digest("hex").toUpperCase();
    expect(naive).toBe(wrong!.value);
  });

  it("encodes the whole .NET table of §3.3", () => {
    const table: [string, string][] = [
      ["-_.!*()", "-_.!*()"],
      [" ", "+"],
      ["~", "%7e"],
      ["'", "%27"],
      ['@#$%^&=+;?/\\><`[]{}:",|', "%40%23%24%25%5e%26%3d%2b%3b%3f%2f%5c%3e%3c%60%5b%5d%7b%7d%3a%22%2c%7c"],
    ];
    for (const [raw, encoded] of table) expect(dotNetUrlEncode(raw).toLowerCase()).toBe(encoded);
  });
});

describe("verifyCheckMacValue", () => {
  it.each(all)("accepts $name as signed", ({ fields, keys, algorithm, expected }) => {
    expect(verifyCheckMacValue({ ...fields, CheckMacValue: expected }, keys, algorithm)).toBe(true);
  });

  it.each(all)("rejects $name with one field altered", ({ fields, keys, algorithm, expected }) => {
    const [name] = Object.keys(fields);
    const tampered = { ...fields, [name!]: `${fields[name!]}0`, CheckMacValue: expected };
    expect(verifyCheckMacValue(tampered, keys, algorithm)).toBe(false);
  });

  it("rejects an extra field the signer did not send", () => {
    const [v3] = [official[3]!];
    expect(verifyCheckMacValue({ ...v3.fields, Extra: "", CheckMacValue: v3.expected }, aio, "sha256")).toBe(
      false,
    );
  });

  it("accepts a lower-case value, and rejects a missing, truncated or other-algorithm one", () => {
    const { fields, expected } = official[0]!;
    expect(verifyCheckMacValue({ ...fields, CheckMacValue: expected.toLowerCase() }, aio, "sha256")).toBe(
      true,
    );
    expect(verifyCheckMacValue(fields, aio, "sha256")).toBe(false);
    expect(verifyCheckMacValue({ ...fields, CheckMacValue: expected.slice(0, 32) }, aio, "sha256")).toBe(
      false,
    );
    expect(verifyCheckMacValue({ ...fields, CheckMacValue: expected }, aio, "md5")).toBe(false);
    expect(verifyCheckMacValue({ ...fields, CheckMacValue: expected }, invoice, "sha256")).toBe(false);
  });
});
