import { describe, expect, it } from "vitest";
import { signFields, verifyCheckMacValue } from "../check-mac-value.ts";
import {
  buildAioCheckout,
  buildQueryTradeInfo,
  parsePaymentInfo,
  parsePaymentResult,
  parseQueryTradeInfo,
  type AioCheckoutInput,
} from "../aio.ts";
import { ecpayEndpoints, stageCredentials } from "../environments.ts";
import { formFields } from "../fields.ts";
import { createEcpaySimulator } from "./index.ts";

const base = "http://shop.test/_ecpay";
const credentials = stageCredentials.payment;
const config = { credentials, endpoints: ecpayEndpoints("simulator", base) };
const returnUrl = "http://shop.test/api/ecpay/return";
const paymentInfoUrl = "http://shop.test/api/ecpay/payment-info";

type Received = { url: string; fields: Record<string, string> };

/** A merchant server: records every notification, answers `replies` in turn, then `1|OK`. */
function receiver(replies: string[] = []) {
  const received: Received[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    received.push({ url: String(input), fields: formFields(String(init?.body)) });
    return new Response(replies.shift() ?? "1|OK");
  };
  return { received, fetch: fetchStub };
}

let sequence = 0;
const order = (overrides: Partial<AioCheckoutInput> = {}): AioCheckoutInput => ({
  merchantTradeNo: `T${Date.now()}${sequence++}`,
  tradeDate: new Date(),
  totalAmount: 380,
  tradeDesc: "雜誌訂購",
  itemNames: ["拾藝 第 12 期"],
  returnUrl,
  payment: { method: "Credit" },
  ...overrides,
});

function setup(replies?: string[]) {
  const merchant = receiver(replies);
  const app = createEcpaySimulator({ fetch: merchant.fetch, retryDelaysMs: [1, 1, 1] });
  return { app, received: merchant.received };
}

const post = (
  app: ReturnType<typeof createEcpaySimulator>,
  path: string,
  fields: Record<string, string> = {},
) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** Submits the checkout form; returns the page and the simulator's TradeNo from the buttons. */
async function checkout(app: ReturnType<typeof createEcpaySimulator>, input: AioCheckoutInput) {
  const { fields } = buildAioCheckout(config, input);
  const response = await post(app, "/Cashier/AioCheckOut/V5", fields);
  const page = await response.text();
  const tradeNo = /simulator\/trades\/(\d+)\//.exec(page)?.[1];
  return { response, page, tradeNo: tradeNo! };
}

describe("ECPay simulator", () => {
  it("refuses a forged CheckMacValue and notifies nobody", async () => {
    const { app, received } = setup();
    const { fields } = buildAioCheckout(config, order());
    const response = await post(app, "/Cashier/AioCheckOut/V5", { ...fields, TotalAmount: "1" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("CheckMacValue");
    expect(received).toEqual([]);
  });

  it("refuses an unknown MerchantID", async () => {
    const { app } = setup();
    const other = { ...config, credentials: { ...credentials, merchantId: "9999999" } };
    const { fields } = buildAioCheckout(other, order());
    const response = await post(app, "/Cashier/AioCheckOut/V5", fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("找不到特店編號");
  });

  it("shows the order with the payment choices, escaping the item name", async () => {
    const { app } = setup();
    const { response, page, tradeNo } = await checkout(app, order({ itemNames: ["\"雜誌\" & 特刊 'x'"] }));
    expect(response.status).toBe(200);
    expect(tradeNo).toMatch(/^\d{16}$/);
    expect(page).toContain("&quot;雜誌&quot; &amp; 特刊 &#39;x&#39;");
    expect(page).toContain("380");
    expect(page).toContain("信用卡付款成功");
    expect(page).toContain("付款失敗");
    expect(page).not.toContain("取得超商代碼");

    const all = await checkout(app, order({ payment: { method: "ATM", paymentInfoUrl } }));
    expect(all.page).toContain("取得 ATM 轉帳帳號");
  });

  it("escapes markup in ItemName on the page", async () => {
    const { app } = setup();
    // buildAioCheckout refuses < >; a merchant signing by hand may still send them.
    const fields = signFields(
      {
        ...buildAioCheckout(config, order()).fields,
        ItemName: "<script>alert(1)</script>",
      },
      credentials,
      "sha256",
    );
    const page = await (await post(app, "/Cashier/AioCheckOut/V5", fields)).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("pays by credit card: a signed ReturnURL notification with RtnCode 1, then OrderResultURL", async () => {
    const { app, received } = setup();
    const orderResultUrl = "http://shop.test/checkout/result";
    const input = order({ orderResultUrl, customFields: ["attempt-1"] });
    const { tradeNo } = await checkout(app, input);
    const response = await post(app, `/simulator/trades/${tradeNo}/credit`);
    expect(response.status).toBe(200);

    expect(received).toHaveLength(1);
    const [{ url, fields }] = received as [Received];
    expect(url).toBe(returnUrl);
    expect(verifyCheckMacValue(fields, credentials, "sha256")).toBe(true);
    const parsed = parsePaymentResult(fields, credentials);
    expect(parsed.ok && parsed.value).toMatchObject({
      merchantTradeNo: input.merchantTradeNo,
      tradeNo,
      rtnCode: "1",
      amount: 380,
      paymentType: "Credit_CreditCard",
      paid: true,
      customFields: ["attempt-1", "", "", ""],
    });

    const page = await response.text();
    expect(page).toContain(`action="${orderResultUrl}"`);
    expect(page).toContain(`value="${fields.CheckMacValue}"`);

    // The trade is settled: a second choice is refused.
    expect((await post(app, `/simulator/trades/${tradeNo}/fail`)).status).toBe(409);
  });

  it("re-sends until the merchant answers exactly 1|OK", async () => {
    const { app, received } = setup(["0|err", "0|err"]);
    const { tradeNo } = await checkout(app, order({ clientBackUrl: "http://shop.test/" }));
    const page = await (await post(app, `/simulator/trades/${tradeNo}/credit`)).text();
    expect(received).toHaveLength(3);
    for (const { fields } of received) {
      expect(verifyCheckMacValue(fields, credentials, "sha256")).toBe(true);
      expect(fields.RtnCode).toBe("1");
    }
    expect(received.map(({ fields }) => fields.RtnMsg)).toEqual(["交易成功", "paid", "paid"]);
    expect(page).toContain('href="http://shop.test/"');
    expect(page).not.toContain("通知未送達");
  });

  it("gives up after the configured attempts and says so", async () => {
    const { app, received } = setup(["0|err", "0|err", "0|err", "0|err"]);
    const { tradeNo } = await checkout(app, order());
    const page = await (await post(app, `/simulator/trades/${tradeNo}/credit`)).text();
    expect(received).toHaveLength(4);
    expect(page).toContain("通知未送達");
  });

  it("issues an ATM account to PaymentInfoURL, then pays it later on ReturnURL", async () => {
    const { app, received } = setup();
    const input = order({ payment: { method: "ATM", paymentInfoUrl, expireDays: 7 } });
    const { tradeNo } = await checkout(app, input);
    const page = await (await post(app, `/simulator/trades/${tradeNo}/atm`)).text();

    expect(received).toHaveLength(1);
    const info = received[0]!;
    expect(info.url).toBe(paymentInfoUrl);
    const parsed = parsePaymentInfo(info.fields, credentials);
    expect(parsed.ok && parsed.value).toMatchObject({
      method: "ATM",
      issued: true,
      bankCode: "812",
      tradeNo,
    });
    expect(info.fields.vAccount).toMatch(/^\d{16}$/);
    expect(info.fields.PaymentType).toBe("ATM_TAISHIN");
    expect(info.fields.ExpireDate).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(page).toContain(info.fields.vAccount);
    expect(page).toContain('action="pay"');

    expect((await post(app, `/simulator/trades/${tradeNo}/pay`)).status).toBe(200);
    expect(received).toHaveLength(2);
    const paid = received[1]!;
    expect(paid.url).toBe(returnUrl);
    const result = parsePaymentResult(paid.fields, credentials);
    expect(result.ok && result.value).toMatchObject({ rtnCode: "1", paid: true, paymentType: "ATM_TAISHIN" });

    expect((await post(app, `/simulator/trades/${tradeNo}/pay`)).status).toBe(409);
  });

  it("issues a CVS payment code with RtnCode 10100073", async () => {
    const { app, received } = setup();
    const { tradeNo } = await checkout(app, order({ payment: { method: "CVS", paymentInfoUrl } }));
    await post(app, `/simulator/trades/${tradeNo}/cvs`);
    const parsed = parsePaymentInfo(received[0]!.fields, credentials);
    expect(parsed.ok && parsed.value).toMatchObject({ method: "CVS", issued: true, rtnCode: "10100073" });
    expect(received[0]!.fields.PaymentNo).toMatch(/^LLL\d{11}$/);
  });

  it("reports a failed payment on ReturnURL with a RtnCode other than 1", async () => {
    const { app, received } = setup();
    const { tradeNo } = await checkout(app, order());
    await post(app, `/simulator/trades/${tradeNo}/fail`);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe(returnUrl);
    expect(verifyCheckMacValue(received[0]!.fields, credentials, "sha256")).toBe(true);
    expect(received[0]!.fields.RtnCode).not.toBe("1");
    const parsed = parsePaymentResult(received[0]!.fields, credentials);
    expect(parsed.ok && parsed.value.paid).toBe(false);
  });

  it("refuses a reused MerchantTradeNo and unknown trades", async () => {
    const { app } = setup();
    const input = order();
    expect((await checkout(app, input)).response.status).toBe(200);
    expect((await checkout(app, input)).response.status).toBe(400);
    expect((await post(app, "/simulator/trades/0000/credit")).status).toBe(404);
  });
});

describe("ECPay simulator: QueryTradeInfo V5", () => {
  const query = async (app: ReturnType<typeof createEcpaySimulator>, tradeNo: string, now = new Date()) =>
    post(app, "/Cashier/QueryTradeInfo/V5", buildQueryTradeInfo(config, tradeNo, now).fields);

  it("answers a signed TradeInfo that parseQueryTradeInfo accepts, before and after payment", async () => {
    const { app } = setup();
    const input = order({ customFields: ["attempt-1"], itemNames: ["拾憶 第 12 期 + 別冊", "A&B=C"] });
    const { tradeNo } = await checkout(app, input);

    const before = parseQueryTradeInfo(await (await query(app, input.merchantTradeNo)).text(), credentials);
    expect(before.ok && before.value).toMatchObject({ tradeNo, tradeStatus: "0", paid: false, amount: 380 });

    await post(app, `/simulator/trades/${tradeNo}/credit`);
    const response = await query(app, input.merchantTradeNo);
    expect(response.status).toBe(200);
    const after = parseQueryTradeInfo(await response.text(), credentials);
    expect(after.ok && after.value).toMatchObject({
      merchantTradeNo: input.merchantTradeNo,
      tradeNo,
      amount: 380,
      tradeStatus: "1",
      paid: true,
      paymentType: "Credit_CreditCard",
      customFields: ["attempt-1", "", "", ""],
    });
    expect(after.ok && after.value.paymentDate).toBeInstanceOf(Date);
    expect(after.ok && after.fields.ItemName).toBe("拾憶 第 12 期 + 別冊#A&B=C");
  });

  it("reports a failed payment as 10200095 and an unknown trade as 10200047", async () => {
    const { app } = setup();
    const input = order();
    const { tradeNo } = await checkout(app, input);
    await post(app, `/simulator/trades/${tradeNo}/fail`);
    const failed = parseQueryTradeInfo(await (await query(app, input.merchantTradeNo)).text(), credentials);
    expect(failed.ok && failed.value).toMatchObject({ tradeStatus: "10200095", paid: false });

    const unknown = parseQueryTradeInfo(await (await query(app, "NOSUCHTRADE1")).text(), credentials);
    expect(unknown.ok && unknown.value).toMatchObject({ tradeStatus: "10200047", tradeNo: "", paid: false });
  });

  it("refuses a forged CheckMacValue and a TimeStamp older than 3 minutes", async () => {
    const { app } = setup();
    const input = order();
    await checkout(app, input);
    const { fields } = buildQueryTradeInfo(config, input.merchantTradeNo);
    const forged = await post(app, "/Cashier/QueryTradeInfo/V5", { ...fields, MerchantTradeNo: "OTHER1" });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("CheckMacValue");

    const stale = await query(app, input.merchantTradeNo, new Date(Date.now() - 4 * 60_000));
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain("TimeStamp");
  });
});
