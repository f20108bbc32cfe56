import { describe, expect, it } from "vitest";
import { signFields, verifyCheckMacValue } from "./check-mac-value.ts";
import { ecpayEndpoints, stageCredentials } from "./environments.ts";
import { parseStatusReply } from "./fields.ts";
import {
  buildCreateShipment,
  buildStoreMap,
  type CreateShipmentInput,
  parseCreateShipmentReply,
  parseLogisticsStatus,
  parseStoreMapReply,
} from "./logistics.ts";

const endpoints = ecpayEndpoints("stage");
const b2c = { endpoints, credentials: stageCredentials.logisticsB2C };
const c2c = { endpoints, credentials: stageCredentials.logisticsC2C };

describe("buildStoreMap", () => {
  it("builds an MD5-signed map request without cash on delivery", () => {
    const request = buildStoreMap(c2c, {
      subType: "UNIMARTC2C",
      serverReplyUrl: "https://shop.example.tw/api/ecpay/store",
      extraData: "tok123",
      device: 1,
    });
    expect(request.action).toBe("https://logistics-stage.ecpay.com.tw/Express/map");
    expect(request.fields).toMatchObject({
      MerchantID: "2000933",
      LogisticsType: "CVS",
      LogisticsSubType: "UNIMARTC2C",
      IsCollection: "N",
      ServerReplyURL: "https://shop.example.tw/api/ecpay/store",
      ExtraData: "tok123",
      Device: "1",
    });
    expect(request.fields.CheckMacValue).toMatch(/^[0-9A-F]{32}$/);
    expect(verifyCheckMacValue(request.fields, stageCredentials.logisticsC2C, "md5")).toBe(true);
  });

  it("signs a B2C map request with the B2C keys and leaves out what was not given", () => {
    const request = buildStoreMap(b2c, {
      merchantTradeNo: "SY20250101S1",
      subType: "FAMI",
      serverReplyUrl: "https://shop.example.tw/api/ecpay/store",
    });
    const { CheckMacValue: _, ...fields } = request.fields;
    expect(fields).toEqual({
      MerchantID: "2000132",
      MerchantTradeNo: "SY20250101S1",
      LogisticsType: "CVS",
      LogisticsSubType: "FAMI",
      IsCollection: "N",
      ServerReplyURL: "https://shop.example.tw/api/ecpay/store",
    });
    expect(verifyCheckMacValue(request.fields, stageCredentials.logisticsB2C, "md5")).toBe(true);
  });

  it("rejects an ExtraData over 20 characters and an unknown chain", () => {
    const serverReplyUrl = "https://shop.example.tw/api/ecpay/store";
    expect(() =>
      buildStoreMap(c2c, { subType: "UNIMARTC2C", serverReplyUrl, extraData: "x".repeat(21) }),
    ).toThrow();
    expect(() => buildStoreMap(c2c, { subType: "SEVEN" as "FAMI", serverReplyUrl })).toThrow();
  });
});

describe("parseStoreMapReply", () => {
  const reply = {
    MerchantID: "2000933",
    MerchantTradeNo: "",
    LogisticsSubType: "UNIMARTC2C",
    CVSStoreID: "131386",
    CVSStoreName: "建盛門市",
    CVSAddress: "台北市中正區重慶南路一段 1 號",
    CVSTelephone: "",
    CVSOutSide: "0",
    ExtraData: "tok123",
  };

  it("reads the chosen store, unsigned", () => {
    expect(parseStoreMapReply(reply, stageCredentials.logisticsC2C)).toEqual({
      ok: true,
      fields: reply,
      value: {
        merchantTradeNo: "",
        subType: "UNIMARTC2C",
        storeId: "131386",
        storeName: "建盛門市",
        address: "台北市中正區重慶南路一段 1 號",
        telephone: "",
        outlyingIsland: false,
        extraData: "tok123",
      },
    });
  });

  it.each([
    ["a store id that is not 1–6 alphanumerics", { CVSStoreID: "13138<6" }],
    ["HTML in the store name", { CVSStoreName: "<script>x</script>" }],
    ["an empty address", { CVSAddress: " " }],
    ["an over-long ExtraData", { ExtraData: "x".repeat(21) }],
  ])("rejects %s", (_, change) => {
    expect(parseStoreMapReply({ ...reply, ...change }, stageCredentials.logisticsC2C)).toMatchObject({
      ok: false,
      error: "invalid",
    });
  });

  it("rejects another merchant's reply", () => {
    expect(parseStoreMapReply(reply, stageCredentials.logisticsB2C)).toMatchObject({
      ok: false,
      error: "merchant",
    });
  });
});

describe("buildCreateShipment", () => {
  const shipment: CreateShipmentInput = {
    merchantTradeNo: "SY20250101S1",
    tradeDate: new Date("2025-01-01T04:05:06Z"),
    subType: "UNIMARTC2C",
    goodsAmount: 350,
    goodsName: "拾憶雜誌",
    senderName: "拾憶文化",
    senderCellPhone: "0912345678",
    receiverName: "王小明",
    receiverCellPhone: "0987654321",
    receiverStoreId: "131386",
    serverReplyUrl: "https://shop.example.tw/api/ecpay/logistics",
  };

  it("builds a signed C2C shipment", () => {
    const request = buildCreateShipment(c2c, shipment);
    expect(request.action).toBe("https://logistics-stage.ecpay.com.tw/Express/Create");
    const { CheckMacValue: _, ...fields } = request.fields;
    expect(fields).toEqual({
      MerchantID: "2000933",
      MerchantTradeNo: "SY20250101S1",
      MerchantTradeDate: "2025/01/01 12:05:06",
      LogisticsType: "CVS",
      LogisticsSubType: "UNIMARTC2C",
      GoodsAmount: "350",
      IsCollection: "N",
      GoodsName: "拾憶雜誌",
      SenderName: "拾憶文化",
      SenderCellPhone: "0912345678",
      ReceiverName: "王小明",
      ReceiverCellPhone: "0987654321",
      ReceiverStoreID: "131386",
      ServerReplyURL: "https://shop.example.tw/api/ecpay/logistics",
    });
    expect(verifyCheckMacValue(request.fields, stageCredentials.logisticsC2C, "md5")).toBe(true);
  });

  it.each<[string, Partial<CreateShipmentInput>]>([
    ["an amount over 20,000", { goodsAmount: 20_001 }],
    ["a receiver name with digits", { receiverName: "王小明2" }],
    ["a six-character Chinese name", { receiverName: "王小明王小明" }],
    ["a landline as cell phone", { receiverCellPhone: "0223456789" }],
    ["C2C without a goods name", { goodsName: undefined }],
    ["C2C without the sender's cell phone", { senderCellPhone: undefined }],
    ["B2C with a return store", { subType: "UNIMART", returnStoreId: "131386" }],
  ])("rejects %s", (_, change) => {
    expect(() => buildCreateShipment(c2c, { ...shipment, ...change })).toThrow();
  });
});

// R2/R3 of reference §3.4: ECPay stage answers to Express/Create, values raw on the wire.
const r2 =
  "1|AllPayLogisticsID=158981&BookingNote=&CVSPaymentNo=&CVSValidationNo=&GoodsAmount=110" +
  "&LogisticsSubType=UNIMART&LogisticsType=CVS&MerchantID=2000132&MerchantTradeNo=GW1901041548427509" +
  "&ReceiverAddress=&ReceiverCellPhone=0983337029&ReceiverEmail=&ReceiverName=Superuser&ReceiverPhone=" +
  "&RtnCode=300&RtnMsg=訂單處理中(已收到訂單資料)&UpdateStatusDate=2019/01/04 15:48:42" +
  "&CheckMacValue=5C5ECFEFB08C0525408D32C6538114DA";
const r3 =
  "1|AllPayLogisticsID=199185&BookingNote=&CVSPaymentNo=09936343518&CVSValidationNo=&GoodsAmount=200" +
  "&LogisticsSubType=FAMIC2C&LogisticsType=CVS&MerchantID=2000933&MerchantTradeNo=abc01234567891234167" +
  "&ReceiverAddress=&ReceiverCellPhone=0911429215&ReceiverEmail=&ReceiverName=收件人&ReceiverPhone=0911429215" +
  "&RtnCode=300&RtnMsg=訂單處理中(已收到訂單資料)&UpdateStatusDate=2019/08/05 17:49:46" +
  "&CheckMacValue=5BA761C51C3197EA59B6E10EA57E8C6C";

describe("parseCreateShipmentReply", () => {
  it("accepts ECPay's real B2C answer (R2)", () => {
    expect(parseCreateShipmentReply(r2, stageCredentials.logisticsB2C)).toMatchObject({
      ok: true,
      value: {
        logisticsId: "158981",
        merchantTradeNo: "GW1901041548427509",
        subType: "UNIMART",
        goodsAmount: 110,
        rtnCode: "300",
        rtnMsg: "訂單處理中(已收到訂單資料)",
        updatedAt: new Date("2019-01-04T07:48:42Z"),
        receiver: { name: "Superuser", cellPhone: "0983337029" },
      },
    });
  });

  it("accepts ECPay's real C2C answer (R3)", () => {
    expect(parseCreateShipmentReply(r3, stageCredentials.logisticsC2C)).toMatchObject({
      ok: true,
      value: { logisticsId: "199185", cvsPaymentNo: "09936343518", receiver: { name: "收件人" } },
    });
  });

  it("rejects R3 checked with the B2C keys, or altered", () => {
    expect(
      parseCreateShipmentReply(r3, { ...stageCredentials.logisticsB2C, merchantId: "2000933" }),
    ).toMatchObject({
      ok: false,
      error: "check-mac-value",
    });
    expect(
      parseCreateShipmentReply(r3.replace("GoodsAmount=200", "GoodsAmount=2"), stageCredentials.logisticsC2C),
    ).toMatchObject({ ok: false, error: "check-mac-value" });
  });

  it("returns ECPay's refusal message", () => {
    expect(parseCreateShipmentReply("0|MerchantTradeNo duplicated", stageCredentials.logisticsB2C)).toEqual({
      ok: false,
      error: "rejected",
      message: "MerchantTradeNo duplicated",
    });
    expect(parseCreateShipmentReply("<html>502</html>", stageCredentials.logisticsB2C)).toMatchObject({
      ok: false,
      error: "rejected",
    });
  });
});

describe("parseLogisticsStatus", () => {
  const status = {
    MerchantID: "2000132",
    MerchantTradeNo: "SY20250101S1",
    RtnCode: "2067",
    RtnMsg: "買家已到店取貨",
    AllPayLogisticsID: "158981",
    LogisticsType: "CVS",
    LogisticsSubType: "UNIMART",
    GoodsAmount: "350",
    UpdateStatusDate: "2025/01/05 18:30:00",
    ReceiverName: "王小明",
    ReceiverPhone: "",
    ReceiverCellPhone: "0987654321",
    ReceiverEmail: "",
    ReceiverAddress: "",
    CVSPaymentNo: "",
    CVSValidationNo: "",
    BookingNote: "",
  };

  it("reads a signed status change", () => {
    const fields = signFields(status, stageCredentials.logisticsB2C, "md5");
    expect(parseLogisticsStatus(fields, stageCredentials.logisticsB2C)).toMatchObject({
      ok: true,
      value: { logisticsId: "158981", rtnCode: "2067", updatedAt: new Date("2025-01-05T10:30:00Z") },
    });
  });

  it("rejects one signed with SHA256", () => {
    const fields = signFields(status, stageCredentials.logisticsB2C, "sha256");
    expect(parseLogisticsStatus(fields, stageCredentials.logisticsB2C)).toMatchObject({
      ok: false,
      error: "check-mac-value",
    });
  });
});

describe("parseStatusReply", () => {
  it("splits on the first bar only", () => {
    expect(parseStatusReply("1|OK")).toEqual({ code: "1", body: "OK" });
    expect(parseStatusReply("0|a|b")).toEqual({ code: "0", body: "a|b" });
    expect(parseStatusReply("OK")).toBeUndefined();
  });
});
