import { describe, expect, it, vi } from "vitest";
import { signFields, verifyCheckMacValue } from "../check-mac-value.ts";
import { ecpayEndpoints, stageCredentials } from "../environments.ts";
import { formFields } from "../fields.ts";
import {
  buildCreateShipment,
  buildStoreMap,
  parseCreateShipmentReply,
  parseLogisticsStatus,
  parseStoreMapReply,
  type CreateShipmentInput,
  type LogisticsConfig,
  type StoreMapInput,
} from "../logistics.ts";
import { createEcpaySimulator } from "./index.ts";

const endpoints = ecpayEndpoints("simulator", "http://shop.test/_ecpay");
const c2c: LogisticsConfig = { endpoints, credentials: stageCredentials.logisticsC2C };
const b2c: LogisticsConfig = { endpoints, credentials: stageCredentials.logisticsB2C };
const storeReplyUrl = "http://shop.test/api/ecpay/store";
const statusUrl = "http://shop.test/api/ecpay/logistics-status";

type Received = { url: string; fields: Record<string, string> };
type Simulator = ReturnType<typeof createEcpaySimulator>;

/** A merchant server: records every notification, answers `replies` in turn, then `1|OK`. */
function setup() {
  const received: Received[] = [];
  const replies: string[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    received.push({ url: String(input), fields: formFields(String(init?.body)) });
    return new Response(replies.shift() ?? "1|OK");
  };
  const app = createEcpaySimulator({ fetch: fetchStub, retryDelaysMs: [1, 1, 1], shipmentStatusDelayMs: 0 });
  return { app, received, replies };
}

const post = (app: Simulator, path: string, fields: Record<string, string> = {}) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const unescape = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The action and hidden fields of an auto-submit page. */
function autoSubmitForm(page: string) {
  const action = unescape(/<form id="ecpay-form" method="post" action="([^"]*)"/.exec(page)?.[1] ?? "");
  const fields = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, name, value]) => [
      unescape(name!),
      unescape(value!),
    ]),
  );
  return { action, fields };
}

async function openMap(app: Simulator, input: Partial<StoreMapInput> = {}, config = c2c) {
  const { fields } = buildStoreMap(config, {
    subType: "UNIMARTC2C",
    serverReplyUrl: storeReplyUrl,
    ...input,
  });
  const response = await post(app, "/Express/map", fields);
  const page = await response.text();
  const mapId = /action="\.\.\/simulator\/maps\/([0-9a-f-]+)"/.exec(page)?.[1];
  return { response, page, mapId: mapId! };
}

let sequence = 0;
const shipment = (overrides: Partial<CreateShipmentInput> = {}): CreateShipmentInput => ({
  merchantTradeNo: `L${Date.now()}${sequence++}`,
  tradeDate: new Date(),
  subType: "UNIMARTC2C",
  goodsAmount: 380,
  goodsName: "拾憶 第 12 期",
  senderName: "拾憶雜誌",
  senderCellPhone: "0912345678",
  receiverName: "王小明",
  receiverCellPhone: "0987654321",
  receiverEmail: "reader@example.tw",
  receiverStoreId: "131386",
  serverReplyUrl: statusUrl,
  ...overrides,
});

const create = async (app: Simulator, input: CreateShipmentInput, config = c2c) =>
  (await post(app, "/Express/Create", buildCreateShipment(config, input).fields)).text();

describe("ECPay simulator: store map", () => {
  it("refuses a forged CheckMacValue and an unknown merchant with an error page", async () => {
    const { app } = setup();
    const { fields } = buildStoreMap(c2c, { subType: "UNIMARTC2C", serverReplyUrl: storeReplyUrl });
    const forged = await post(app, "/Express/map", { ...fields, ServerReplyURL: "http://evil.test/" });
    expect(forged.status).toBe(400);
    const page = await forged.text();
    expect(page).toContain("CheckMacValue");
    expect(page).toContain('role="alert"');

    const other: LogisticsConfig = {
      endpoints,
      credentials: { ...stageCredentials.logisticsC2C, merchantId: "9999999" },
    };
    expect((await openMap(app, {}, other)).response.status).toBe(400);
  });

  it("refuses a sub-type the account type does not allow", async () => {
    const { app } = setup();
    const { response, page } = await openMap(app, { subType: "FAMI" });
    expect(response.status).toBe(400);
    expect(page).toContain("C2C 帳號不能使用 FAMI");
  });

  it.each([
    { subType: "UNIMARTC2C", config: c2c, has: ["7-ELEVEN", "131386", "建國門市"], not: "全家" },
    { subType: "FAMIC2C", config: c2c, has: ["全家便利商店", "006598", "全家新生店"], not: "7-ELEVEN" },
    { subType: "OKMARTC2C", config: c2c, has: ["OK mart", "1328", "OK台北長安店"], not: "萊爾富" },
    { subType: "HILIFE", config: b2c, has: ["萊爾富", "萊爾富松山店"], not: "OK mart" },
  ] as const)("lists the $subType chain's stores as buttons", async ({ subType, config, has, not }) => {
    const { app } = setup();
    const { response, page, mapId } = await openMap(app, { subType }, config);
    expect(response.status).toBe(200);
    expect(mapId).toBeTruthy();
    for (const text of has) expect(page).toContain(text);
    expect(page).not.toContain(not);
    expect(page).toMatch(/<button type="submit" name="store" value="\w+" aria-describedby="store-\w+">/);
  });

  it("posts exactly the §4.2 fields of the chosen store to ServerReplyURL, unsigned", async () => {
    const { app, received } = setup();
    const { mapId } = await openMap(app, { merchantTradeNo: "SY2025S1", extraData: "tok123", device: 1 });
    const response = await post(app, `/simulator/maps/${mapId}`, { store: "173902" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");

    const { action, fields } = autoSubmitForm(await response.text());
    expect(action).toBe(storeReplyUrl);
    expect(fields).toEqual({
      MerchantID: "2000933",
      MerchantTradeNo: "SY2025S1",
      LogisticsSubType: "UNIMARTC2C",
      CVSStoreID: "173902",
      CVSStoreName: "馬公門市",
      CVSAddress: "澎湖縣馬公市中正路50號",
      CVSTelephone: "06-9273902",
      CVSOutSide: "1",
      ExtraData: "tok123",
    });
    const parsed = parseStoreMapReply(fields, stageCredentials.logisticsC2C);
    expect(parsed.ok && parsed.value).toMatchObject({
      storeId: "173902",
      outlyingIsland: true,
      extraData: "tok123",
    });
    // A browser navigation: nothing went server to server.
    expect(received).toEqual([]);
  });

  it("sends empty MerchantTradeNo and ExtraData when the request had none", async () => {
    const { app } = setup();
    const { mapId } = await openMap(app, { subType: "FAMIC2C" });
    const { fields } = autoSubmitForm(
      await (await post(app, `/simulator/maps/${mapId}`, { store: "006598" })).text(),
    );
    expect(fields).toMatchObject({
      MerchantTradeNo: "",
      ExtraData: "",
      CVSStoreID: "006598",
      CVSOutSide: "0",
    });
    expect(parseStoreMapReply(fields, stageCredentials.logisticsC2C).ok).toBe(true);
  });

  it("refuses a store of another chain and an unknown map", async () => {
    const { app } = setup();
    const { mapId } = await openMap(app);
    expect((await post(app, `/simulator/maps/${mapId}`, { store: "006598" })).status).toBe(400);
    expect((await post(app, "/simulator/maps/nope", { store: "131386" })).status).toBe(404);
  });
});

describe("ECPay simulator: Express/Create and status notifications", () => {
  it("creates a shipment whose signed answer parseCreateShipmentReply accepts, then notifies 300", async () => {
    const { app, received } = setup();
    const input = shipment();
    const body = await create(app, input);
    expect(body).toMatch(/^1\|/);
    const reply = parseCreateShipmentReply(body, stageCredentials.logisticsC2C);
    if (!reply.ok) throw new Error(`not accepted: ${JSON.stringify(reply)}`);
    expect(reply.value).toMatchObject({
      merchantTradeNo: input.merchantTradeNo,
      subType: "UNIMARTC2C",
      goodsAmount: 380,
      rtnCode: "300",
      rtnMsg: "訂單處理中",
      receiver: { name: "王小明", cellPhone: "0987654321", email: "reader@example.tw" },
    });
    expect(reply.value.logisticsId).toMatch(/^\d{12}$/);
    expect(reply.value.cvsPaymentNo).toMatch(/^\d{8}$/);
    expect(reply.value.cvsValidationNo).toMatch(/^\d{4}$/);
    expect(reply.value.updatedAt).toBeInstanceOf(Date);

    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    const [{ url, fields }] = received as [Received];
    expect(url).toBe(statusUrl);
    const status = parseLogisticsStatus(fields, stageCredentials.logisticsC2C);
    expect(status.ok && status.value).toMatchObject({
      logisticsId: reply.value.logisticsId,
      rtnCode: "300",
      cvsPaymentNo: reply.value.cvsPaymentNo,
    });
  });

  it("creates B2C shipments with the B2C account", async () => {
    const { app } = setup();
    const input = shipment({ subType: "FAMI", receiverStoreId: "006598", senderCellPhone: undefined });
    const reply = parseCreateShipmentReply(await create(app, input, b2c), stageCredentials.logisticsB2C);
    expect(reply.ok && reply.value.subType).toBe("FAMI");
  });

  it("refuses a duplicate MerchantTradeNo, a bad CheckMacValue and invalid fields", async () => {
    const { app, received } = setup();
    const input = shipment();
    expect(await create(app, input)).toMatch(/^1\|/);
    expect(await create(app, input)).toBe("0|MerchantTradeNo duplicated");

    const { fields } = buildCreateShipment(c2c, shipment());
    const forged = await post(app, "/Express/Create", { ...fields, GoodsAmount: "1" });
    expect(await forged.text()).toBe("0|CheckMacValue Error");

    const invalid = signFields(
      { ...fields, ReceiverCellPhone: "12345" },
      stageCredentials.logisticsC2C,
      "md5",
    );
    expect(await (await post(app, "/Express/Create", invalid)).text()).toMatch(/^0\|ReceiverCellPhone Error/);

    const b2cSubType = signFields(
      { ...fields, LogisticsSubType: "FAMI" },
      stageCredentials.logisticsC2C,
      "md5",
    );
    expect(await (await post(app, "/Express/Create", b2cSubType)).text()).toMatch(/^0\|/);

    const rejected = parseCreateShipmentReply("0|MerchantTradeNo duplicated", stageCredentials.logisticsC2C);
    expect(rejected).toEqual({ ok: false, error: "rejected", message: "MerchantTradeNo duplicated" });
    // Only the one shipment created is notified.
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
  });

  it("sends a status on request, re-sending until the merchant answers exactly 1|OK", async () => {
    const { app, received, replies } = setup();
    const reply = parseCreateShipmentReply(await create(app, shipment()), stageCredentials.logisticsC2C);
    if (!reply.ok) throw new Error("shipment not created");
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });

    replies.push("0|err", "1|OK\n");
    const response = await post(app, `/simulator/shipments/${reply.value.logisticsId}/status`, {
      code: "2073",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ delivered: true, rtnCode: "2073", rtnMsg: "包裹配達取件門市" });
    const resent = received.slice(1);
    expect(resent).toHaveLength(3);
    for (const { url, fields } of resent) {
      expect(url).toBe(statusUrl);
      expect(verifyCheckMacValue(fields, stageCredentials.logisticsC2C, "md5")).toBe(true);
      const status = parseLogisticsStatus(fields, stageCredentials.logisticsC2C);
      expect(status.ok && status.value).toMatchObject({
        logisticsId: reply.value.logisticsId,
        rtnCode: "2073",
      });
    }

    const pickedUp = await post(app, `/simulator/shipments/${reply.value.logisticsId}/status`, {
      code: "2067",
    });
    expect(await pickedUp.json()).toMatchObject({ delivered: true, rtnMsg: "買家已到店取貨" });
    expect(received.at(-1)?.fields.RtnCode).toBe("2067");
  });

  it("gives up after the configured attempts, and refuses unknown shipments and bad codes", async () => {
    const { app, received, replies } = setup();
    const reply = parseCreateShipmentReply(await create(app, shipment()), stageCredentials.logisticsC2C);
    if (!reply.ok) throw new Error("shipment not created");
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });

    replies.push("0|err", "0|err", "0|err", "0|err");
    const path = `/simulator/shipments/${reply.value.logisticsId}/status`;
    expect(await (await post(app, path, { code: "3022" })).json()).toMatchObject({ delivered: false });
    expect(received).toHaveLength(5);

    expect((await post(app, path, { code: "abc" })).status).toBe(400);
    expect((await post(app, "/simulator/shipments/0/status", { code: "2073" })).status).toBe(404);
  });
});
