import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import { z } from "zod";
import { signFields, verifyCheckMacValue, type EcpayFields } from "../check-mac-value.ts";
import type { EcpayCredentials } from "../environments.ts";
import { callbackUrl, formatTaipeiDateTime, taipeiDateTime } from "../fields.ts";
import { renderAutoSubmitForm } from "../form.ts";
import { b2cSubTypes, createShipmentSchema, logisticsSubType, type LogisticsSubType } from "../logistics.ts";
import { renderErrorPage, renderStoreMapPage } from "./page.ts";
import { digits, findMerchant, formBody, responseBody, type SimulatorContext } from "./shared.ts";
import { storeChainFor } from "./stores.ts";

/*
 * The simulator's domestic logistics (reference §4, MD5 CheckMacValue):
 * - POST /Express/map shows the chain's demo stores; choosing one
 *   (POST /simulator/maps/{id}) posts the §4.2 fields, unsigned, from the browser to ServerReplyURL;
 * - POST /Express/Create answers `1|…` (signed) or `0|message`, then notifies status 300;
 * - POST /simulator/shipments/{AllPayLogisticsID}/status (form field `code`) sends any later status.
 */

/**
 * A logistics account the simulator accepts. With `accountType`, the sub-type is checked against it
 * as ECPay does (a B2C MerchantID takes only B2C sub-types and vice versa, §4).
 */
export type LogisticsMerchant = EcpayCredentials & { readonly accountType?: "B2C" | "C2C" };

/** Status messages of the codes in reference §4.4; other codes get a generic one. */
const statusMessages: Record<string, string> = {
  "300": "訂單處理中",
  "2030": "物流中心驗收成功",
  "2068": "賣家已到門市寄件",
  "2063": "包裹配達取件門市",
  "2073": "包裹配達取件門市",
  "2067": "買家已到店取貨",
  "2074": "逾期未取，包裹將退回",
  "2065": "逾期未取，包裹將退回",
  "3024": "物流中心驗收成功",
  "3032": "賣家已到門市寄件",
  "3018": "包裹配達取件門市",
  "3029": "包裹配達取件門市",
  "3022": "買家已到店取貨",
  "3020": "逾期未取，包裹將退回",
  "3025": "逾期未取，包裹將退回",
};

const accountTypeOf = (subType: LogisticsSubType) =>
  (b2cSubTypes as readonly string[]).includes(subType) ? "B2C" : "C2C";

const mapRequestSchema = z.object({
  MerchantTradeNo: z.string().max(20).optional(),
  LogisticsType: z.literal("CVS"),
  LogisticsSubType: logisticsSubType,
  IsCollection: z.enum(["N", "Y"]),
  ServerReplyURL: callbackUrl,
  ExtraData: z.string().max(20).optional(),
  Device: z.enum(["0", "1"]).optional(),
});

type MapRequest = z.output<typeof mapRequestSchema>;

// Wire name of every createShipmentSchema key, to validate Express/Create with the package's limits.
const createFieldNames = {
  merchantTradeNo: "MerchantTradeNo",
  tradeDate: "MerchantTradeDate",
  subType: "LogisticsSubType",
  goodsAmount: "GoodsAmount",
  goodsName: "GoodsName",
  senderName: "SenderName",
  senderCellPhone: "SenderCellPhone",
  receiverName: "ReceiverName",
  receiverCellPhone: "ReceiverCellPhone",
  receiverEmail: "ReceiverEmail",
  receiverStoreId: "ReceiverStoreID",
  returnStoreId: "ReturnStoreID",
  serverReplyUrl: "ServerReplyURL",
  tradeDesc: "TradeDesc",
  remark: "Remark",
} as const;

/** The first problem of an Express/Create request by createShipmentSchema, in wire names. */
const createShipmentIssue = (fields: EcpayFields): string | undefined => {
  const input: Record<string, unknown> = {};
  for (const [key, wire] of Object.entries(createFieldNames)) {
    const value = fields[wire];
    if (value !== undefined && value !== "") input[key] = value;
  }
  const tradeDate = taipeiDateTime.safeParse(fields.MerchantTradeDate ?? "");
  input.tradeDate = tradeDate.success ? tradeDate.data : undefined;
  if (/^\d+$/.test(fields.GoodsAmount ?? "")) input.goodsAmount = Number(fields.GoodsAmount);
  const result = createShipmentSchema.safeParse(input);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  const key = String(issue?.path[0] ?? "");
  return `${createFieldNames[key as keyof typeof createFieldNames] ?? key} Error: ${issue?.message ?? ""}`;
};

type ShipmentRecord = {
  logisticsId: string;
  merchant: LogisticsMerchant;
  request: EcpayFields;
  merchantTradeNo: string;
  cvsPaymentNo: string;
  cvsValidationNo: string;
};

/** CVS payment (寄件) numbers roughly shaped like each chain's; B2C gets its ShipmentNo later (§4.3). */
const cvsNumbers = (subType: string) => {
  switch (subType) {
    case "UNIMARTC2C":
      return { cvsPaymentNo: digits(8), cvsValidationNo: digits(4) };
    case "FAMIC2C":
      return { cvsPaymentNo: digits(12), cvsValidationNo: "" };
    case "HILIFEC2C":
    case "OKMARTC2C":
      return { cvsPaymentNo: digits(11), cvsValidationNo: "" };
    default:
      return { cvsPaymentNo: "", cvsValidationNo: "" };
  }
};

export type LogisticsSimulatorOptions = SimulatorContext & {
  readonly merchants: readonly LogisticsMerchant[];
  /** Wait before the first (300) status notification of a new shipment. */
  readonly statusDelayMs: number;
};

/** Adds the logistics routes to the simulator's app. */
export function addLogisticsRoutes(app: Hono, options: LogisticsSimulatorOptions) {
  const { merchants, now, deliver } = options;
  const maps = new Map<string, { merchant: LogisticsMerchant; request: MapRequest }>();
  const shipments = new Map<string, ShipmentRecord>();
  const usedTradeNos = new Set<string>();

  const subTypeRefusal = (merchant: LogisticsMerchant, subType: LogisticsSubType) =>
    merchant.accountType !== undefined && merchant.accountType !== accountTypeOf(subType)
      ? `${merchant.accountType} 帳號不能使用 ${subType}`
      : undefined;

  app.post("/Express/map", async (c) => {
    const fields = await formBody(c);
    const fail = (message: string) => c.html(renderErrorPage(message, "logistics"), 400);
    const merchant = findMerchant(merchants, fields.MerchantID);
    if (!merchant) return fail(`找不到物流特店編號 ${fields.MerchantID ?? "（未提供）"}。`);
    if (!verifyCheckMacValue(fields, merchant, "md5")) return fail("CheckMacValue Error：檢查碼錯誤。");
    const parsed = mapRequestSchema.safeParse(fields);
    if (!parsed.success) {
      const names = parsed.error.issues.map((issue) => issue.path.join("."));
      return fail(`參數錯誤：${names.join("、")}。`);
    }
    const refusal = subTypeRefusal(merchant, parsed.data.LogisticsSubType);
    if (refusal) return fail(`${refusal}。`);

    const id = randomUUID();
    maps.set(id, { merchant, request: parsed.data });
    const chain = storeChainFor(parsed.data.LogisticsSubType);
    c.header("Cache-Control", "no-store");
    return c.html(
      renderStoreMapPage({
        chain: chain.name,
        subType: parsed.data.LogisticsSubType,
        stores: chain.stores,
        // Relative to `<base>/Express/map`, wherever the simulator is mounted.
        action: `../simulator/maps/${id}`,
      }),
    );
  });

  app.post("/simulator/maps/:id", async (c) => {
    const session = maps.get(c.req.param("id"));
    if (!session)
      return c.html(renderErrorPage("找不到這次的門市選擇，請重新開啟電子地圖。", "logistics"), 404);
    const { merchant, request } = session;
    const storeId = (await formBody(c)).store;
    const store = storeChainFor(request.LogisticsSubType).stores.find(
      (candidate) => candidate.id === storeId,
    );
    if (!store) return c.html(renderErrorPage("請選擇清單中的門市。", "logistics"), 400);
    // Exactly what ECPay posts back (§4.2): no CheckMacValue, no RtnCode.
    const fields = {
      MerchantID: merchant.merchantId,
      MerchantTradeNo: request.MerchantTradeNo ?? "",
      LogisticsSubType: request.LogisticsSubType,
      CVSStoreID: store.id,
      CVSStoreName: store.name,
      CVSAddress: store.address,
      CVSTelephone: store.telephone,
      CVSOutSide: store.outlyingIsland ? "1" : "0",
      ExtraData: request.ExtraData ?? "",
    };
    c.header("Cache-Control", "no-store");
    return c.html(
      renderAutoSubmitForm(
        { action: request.ServerReplyURL, fields },
        { title: "正在返回商店", button: "返回商店" },
      ),
    );
  });

  /** The §4.4 fields of a shipment in status `code` (also Express/Create's answer). */
  const statusFields = (shipment: ShipmentRecord, code: string) => {
    const request = shipment.request;
    return signFields(
      {
        MerchantID: shipment.merchant.merchantId,
        MerchantTradeNo: shipment.merchantTradeNo,
        RtnCode: code,
        RtnMsg: statusMessages[code] ?? "物流狀態更新（模擬）",
        AllPayLogisticsID: shipment.logisticsId,
        LogisticsType: "CVS",
        LogisticsSubType: request.LogisticsSubType!,
        GoodsAmount: request.GoodsAmount!,
        UpdateStatusDate: formatTaipeiDateTime(now()),
        ReceiverName: request.ReceiverName!,
        ReceiverPhone: request.ReceiverPhone ?? "",
        ReceiverCellPhone: request.ReceiverCellPhone!,
        ReceiverEmail: request.ReceiverEmail ?? "",
        ReceiverAddress: "",
        CVSPaymentNo: shipment.cvsPaymentNo,
        CVSValidationNo: shipment.cvsValidationNo,
        BookingNote: "",
      },
      shipment.merchant,
      "md5",
    );
  };

  const notifyStatus = (shipment: ShipmentRecord, code: string) =>
    deliver(shipment.request.ServerReplyURL!, statusFields(shipment, code));

  const newLogisticsId = () => {
    for (;;) {
      const id = `${formatTaipeiDateTime(now()).replace(/\D/g, "").slice(2, 8)}${digits(6)}`;
      if (!shipments.has(id)) return id;
    }
  };

  // Server to server: answers are text, `0|…` for every refusal (HTTP 200, as ECPay).
  app.post("/Express/Create", async (c) => {
    const fields = await formBody(c);
    const merchant = findMerchant(merchants, fields.MerchantID);
    if (!merchant) return c.text("0|MerchantID Error");
    if (!verifyCheckMacValue(fields, merchant, "md5")) return c.text("0|CheckMacValue Error");
    if (fields.LogisticsType !== "CVS") return c.text("0|LogisticsType Error: only CVS is simulated");
    if (fields.IsCollection !== "N" && fields.IsCollection !== "Y") return c.text("0|IsCollection Error");
    const issue = createShipmentIssue(fields);
    if (issue) return c.text(`0|${issue}`);
    const refusal = subTypeRefusal(merchant, fields.LogisticsSubType as LogisticsSubType);
    if (refusal) return c.text(`0|LogisticsSubType Error: ${refusal}`);

    const logisticsId = newLogisticsId();
    // ECPay generates a MerchantTradeNo when none was sent.
    const merchantTradeNo = fields.MerchantTradeNo || `EC${logisticsId}`;
    const tradeKey = `${merchant.merchantId}/${merchantTradeNo}`;
    if (usedTradeNos.has(tradeKey)) return c.text("0|MerchantTradeNo duplicated");
    usedTradeNos.add(tradeKey);

    const shipment: ShipmentRecord = {
      logisticsId,
      merchant,
      request: fields,
      merchantTradeNo,
      ...cvsNumbers(fields.LogisticsSubType!),
    };
    shipments.set(logisticsId, shipment);
    // ECPay notifies after answering; the delay lets the merchant store AllPayLogisticsID first.
    setTimeout(() => void notifyStatus(shipment, "300"), options.statusDelayMs);
    return c.text(`1|${responseBody(statusFields(shipment, "300"))}`);
  });

  app.post("/simulator/shipments/:id/status", async (c) => {
    const shipment = shipments.get(c.req.param("id"));
    if (!shipment) return c.json({ error: "找不到這筆物流訂單。" }, 404);
    const code = (await formBody(c)).code ?? "";
    if (!/^\d{3,5}$/.test(code)) return c.json({ error: "code 須為 3 到 5 位數的物流狀態碼。" }, 400);
    const delivered = await notifyStatus(shipment, code);
    return c.json({ delivered, rtnCode: code, rtnMsg: statusMessages[code] ?? "物流狀態更新（模擬）" });
  });
}
