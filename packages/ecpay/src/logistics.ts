import { z } from "zod";
import { type EcpayFields, signFields } from "./check-mac-value.ts";
import type { EcpayCredentials, EcpayEndpoints } from "./environments.ts";
import {
  callbackUrl,
  type EcpayRequest,
  formatTaipeiDateTime,
  integerField,
  merchantTradeNo,
  type Parsed,
  parseSigned,
  parseStatusReply,
  parseUnsigned,
  plainText,
  responseFields,
  taipeiDateTime,
} from "./fields.ts";

/*
 * Domestic logistics 物流整合 API (reference §4): the CVS store map, Express/Create and status
 * notifications. MD5 CheckMacValue, and logistics credentials (B2C and C2C accounts differ).
 */

/** Where and with which logistics account requests go. */
export type LogisticsConfig = { readonly endpoints: EcpayEndpoints; readonly credentials: EcpayCredentials };

export const b2cSubTypes = ["FAMI", "UNIMART", "UNIMARTFREEZE", "HILIFE"] as const;
export const c2cSubTypes = ["FAMIC2C", "UNIMARTC2C", "HILIFEC2C", "OKMARTC2C"] as const;
/** The store chain; a B2C account takes only B2C sub-types, a C2C account only C2C ones. */
export const logisticsSubType = z.enum([...b2cSubTypes, ...c2cSubTypes]);
export type LogisticsSubType = z.output<typeof logisticsSubType>;
const isC2C = (subType: LogisticsSubType) => (c2cSubTypes as readonly string[]).includes(subType);

/** A CVS store id (the map's CVSStoreID, Express/Create's ReceiverStoreID). */
export const cvsStoreId = z.string().regex(/^[A-Za-z0-9]{1,6}$/, "1–6 letters or digits");

export const storeMapSchema = z.object({
  merchantTradeNo: merchantTradeNo.optional(),
  subType: logisticsSubType,
  /** Where the browser is POSTed the chosen store (no cookies arrive there: answer with a 303). */
  serverReplyUrl: callbackUrl,
  /** Echoed back unchanged: a correlation token, ≤ 20 characters. */
  extraData: z.string().max(20).optional(),
  /** `0` PC, `1` mobile; omitted lets 7-ELEVEN decide. */
  device: z.union([z.literal(0), z.literal(1)]).optional(),
});

export type StoreMapInput = z.input<typeof storeMapSchema>;

/** The Express/map request (store selection) for the customer's browser to POST. */
export const buildStoreMap = (config: LogisticsConfig, input: StoreMapInput): EcpayRequest => {
  const map = storeMapSchema.parse(input);
  const fields: Record<string, string> = {
    MerchantID: config.credentials.merchantId,
    LogisticsType: "CVS",
    LogisticsSubType: map.subType,
    IsCollection: "N", // paid through AIO, never cash on delivery
    ServerReplyURL: map.serverReplyUrl,
  };
  if (map.merchantTradeNo !== undefined) fields.MerchantTradeNo = map.merchantTradeNo;
  if (map.extraData !== undefined) fields.ExtraData = map.extraData;
  if (map.device !== undefined) fields.Device = String(map.device);
  return { action: config.endpoints.logisticsMap, fields: signFields(fields, config.credentials, "md5") };
};

const storeText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}<>]*$/u);

const storeMapReplySchema = z
  .object({
    MerchantTradeNo: z.string().max(20).optional(),
    LogisticsSubType: logisticsSubType,
    CVSStoreID: cvsStoreId,
    CVSStoreName: storeText(60),
    CVSAddress: storeText(200),
    CVSTelephone: z.string().max(20).optional(),
    CVSOutSide: z.enum(["0", "1"]).optional(),
    ExtraData: z.string().max(20).optional(),
  })
  .transform((fields) => ({
    merchantTradeNo: fields.MerchantTradeNo ?? "",
    subType: fields.LogisticsSubType,
    storeId: fields.CVSStoreID,
    storeName: fields.CVSStoreName,
    address: fields.CVSAddress,
    telephone: fields.CVSTelephone ?? "",
    /** An outlying-island store (CVSOutSide=1), which some shipping methods exclude. */
    outlyingIsland: fields.CVSOutSide === "1",
    extraData: fields.ExtraData ?? "",
  }));

export type StoreSelection = z.output<typeof storeMapReplySchema>;

/**
 * The store the map posts back. It is a browser POST with **no** CheckMacValue: user-controlled
 * input, validated here for shape and MerchantID only. Correlate it through `extraData`.
 */
export const parseStoreMapReply = (
  fields: EcpayFields,
  credentials: EcpayCredentials,
): Parsed<StoreSelection> => parseUnsigned(fields, credentials, storeMapReplySchema);

// Short personal names: 2–5 CJK characters or 4–10 Latin letters (reference §4.3).
export const personName = z
  .string()
  .trim()
  .regex(/^(?:\p{Script=Han}{2,5}|[A-Za-z ]{4,10})$/u, "2–5 Chinese characters or 4–10 letters");
const cellPhone = z.string().regex(/^09\d{8}$/, "09 and 8 digits");

export const createShipmentSchema = z
  .object({
    /** Unique forever; ECPay generates one when omitted. */
    merchantTradeNo: merchantTradeNo.optional(),
    /** When the customer ordered; sent as Taiwan time. */
    tradeDate: z.date(),
    subType: logisticsSubType,
    /** Integer TWD, 1–20,000. */
    goodsAmount: z.int().min(1).max(20_000),
    /** ≤ 50, required for C2C. */
    goodsName: plainText(50).optional(),
    senderName: personName,
    /** Required for C2C. */
    senderCellPhone: cellPhone.optional(),
    receiverName: personName,
    receiverCellPhone: cellPhone,
    receiverEmail: z.email().max(100).optional(),
    receiverStoreId: cvsStoreId,
    /** C2C only: where a parcel not collected goes back (default: the sender's store). */
    returnStoreId: cvsStoreId.optional(),
    /** Status notifications (a different endpoint from the map reply). */
    serverReplyUrl: callbackUrl,
    tradeDesc: plainText(200).optional(),
    remark: plainText(200).optional(),
  })
  .superRefine((input, ctx) => {
    if (!isC2C(input.subType)) {
      if (input.returnStoreId !== undefined) {
        ctx.addIssue({ code: "custom", path: ["returnStoreId"], message: "C2C only" });
      }
      return;
    }
    for (const name of ["goodsName", "senderCellPhone"] as const) {
      if (input[name] === undefined)
        ctx.addIssue({ code: "custom", path: [name], message: "required for C2C" });
    }
  });

export type CreateShipmentInput = z.input<typeof createShipmentSchema>;

/**
 * An Express/Create request (a CVS shipment, no cash on delivery) for the server to POST
 * form-encoded; read the answer with `parseCreateShipmentReply`.
 */
export const buildCreateShipment = (config: LogisticsConfig, input: CreateShipmentInput): EcpayRequest => {
  const shipment = createShipmentSchema.parse(input);
  const optional: Record<string, string | undefined> = {
    MerchantTradeNo: shipment.merchantTradeNo,
    GoodsName: shipment.goodsName,
    SenderCellPhone: shipment.senderCellPhone,
    ReceiverEmail: shipment.receiverEmail,
    ReturnStoreID: shipment.returnStoreId,
    TradeDesc: shipment.tradeDesc,
    Remark: shipment.remark,
  };
  const fields: Record<string, string> = {
    MerchantID: config.credentials.merchantId,
    MerchantTradeDate: formatTaipeiDateTime(shipment.tradeDate),
    LogisticsType: "CVS",
    LogisticsSubType: shipment.subType,
    GoodsAmount: String(shipment.goodsAmount),
    IsCollection: "N",
    SenderName: shipment.senderName,
    ReceiverName: shipment.receiverName,
    ReceiverCellPhone: shipment.receiverCellPhone,
    ReceiverStoreID: shipment.receiverStoreId,
    ServerReplyURL: shipment.serverReplyUrl,
  };
  for (const [name, value] of Object.entries(optional)) if (value !== undefined) fields[name] = value;
  return { action: config.endpoints.logisticsCreate, fields: signFields(fields, config.credentials, "md5") };
};

const shipmentSchema = z
  .object({
    AllPayLogisticsID: z.string().min(1),
    MerchantTradeNo: z.string(),
    LogisticsType: z.string(),
    LogisticsSubType: z.string(),
    GoodsAmount: integerField,
    RtnCode: z.string(),
    RtnMsg: z.string(),
    UpdateStatusDate: taipeiDateTime,
    CVSPaymentNo: z.string().default(""),
    CVSValidationNo: z.string().default(""),
    BookingNote: z.string().default(""),
    ReceiverName: z.string().default(""),
    ReceiverPhone: z.string().default(""),
    ReceiverCellPhone: z.string().default(""),
    ReceiverEmail: z.string().default(""),
    ReceiverAddress: z.string().default(""),
  })
  .transform((fields) => ({
    /** ECPay's shipment id: keep it for queries, printing and returns. */
    logisticsId: fields.AllPayLogisticsID,
    merchantTradeNo: fields.MerchantTradeNo,
    logisticsType: fields.LogisticsType,
    subType: fields.LogisticsSubType,
    goodsAmount: fields.GoodsAmount,
    /** Status code (`300` 訂單處理中, …): data, the table changes (reference §4.4). */
    rtnCode: fields.RtnCode,
    rtnMsg: fields.RtnMsg,
    updatedAt: fields.UpdateStatusDate,
    cvsPaymentNo: fields.CVSPaymentNo,
    cvsValidationNo: fields.CVSValidationNo,
    bookingNote: fields.BookingNote,
    receiver: {
      name: fields.ReceiverName,
      phone: fields.ReceiverPhone,
      cellPhone: fields.ReceiverCellPhone,
      email: fields.ReceiverEmail,
      address: fields.ReceiverAddress,
    },
  }));

export type Shipment = z.output<typeof shipmentSchema>;

/**
 * Express/Create's answer: `1|k=v&…` (signed; verified here) or `0|message`, which comes back as
 * `{ ok: false, error: "rejected", message }`.
 */
export const parseCreateShipmentReply = (
  body: string,
  credentials: EcpayCredentials,
): Parsed<Shipment> | { ok: false; error: "rejected"; message: string } => {
  const reply = parseStatusReply(body);
  if (reply?.code !== "1") return { ok: false, error: "rejected", message: reply?.body ?? body };
  return parseSigned(responseFields(reply.body), credentials, "md5", shipmentSchema);
};

/**
 * A status notification on the shipment's ServerReplyURL (MD5-signed; forward and return trips).
 * Answer with `okReply`; ECPay re-sends otherwise.
 */
export const parseLogisticsStatus = (fields: EcpayFields, credentials: EcpayCredentials): Parsed<Shipment> =>
  parseSigned(fields, credentials, "md5", shipmentSchema);
