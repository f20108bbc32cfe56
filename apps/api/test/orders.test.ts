import {
  orderMessages,
  type ApiError,
  type Order,
  type OrderCreated,
  type OrderDraftInput,
  type PaginationMeta,
} from "@shiyi/contracts";
import { formatDate } from "@shiyi/contracts/dates";
import { parseCreateShipmentReply, parseIssueInvoiceResponse, signFields } from "@shiyi/ecpay";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { cartLines, duplicatePayments, magazines, members, orderPayments, orders } from "../src/db/schema.ts";
import { orderMailKey } from "../src/services/orders.ts";
import { fulfilmentGraceMs, resumeFulfilment } from "../src/services/payments.ts";
import { startSession } from "../src/services/tokens.ts";
import { expectInvalid, testAuthConfig, useApi } from "./api.ts";
import { insertMagazine, insertMerch } from "./fixtures.ts";
import { databaseTargets } from "./databases.ts";
import { atmAccountIssued } from "./ecpay-notices.ts";

let sequence = 0;

const texts = {
  created: "訂單已成立",
  chooseStore: "請選擇取貨門市",
  captcha: "請完成機器人驗證",
  required: "此項為必填",
  notPayable: "此訂單已付款或已失效，無法再次付款",
  notFound: "找不到此訂單",
  notCancellable: "這筆訂單已付款、正在等待繳費或已結束，無法取消",
  paidOutOfStock:
    "這筆訂單付款時已超過保留時間，其中的商品已售完。我們將於 2 個工作天內與您聯繫，為您安排補貨後出貨或全額退款。",
};

type Form = { action: string; fields: Record<string, string> };

describe.each(databaseTargets())("orders on $name", (target) => {
  const api = useApi(target);

  async function signedIn() {
    const n = (sequence += 1);
    const [row] = await api.db
      .insert(members)
      .values({ email: `buyer${n}@example.com`, name: "林小華", email_verified_at: new Date().toISOString() })
      .returning();
    const tokens = await startSession(api.db, testAuthConfig, row!.id);
    return { id: row!.id, auth: { authorization: `Bearer ${tokens.access_token}` } };
  }

  const draft = (
    lines: OrderDraftInput["line_items"],
    overrides: Partial<OrderDraftInput> = {},
  ): OrderDraftInput => ({
    customer: { name: "林小華", email: `guest${(sequence += 1)}@example.com`, phone: "0912345678" },
    receiver: {
      name: "林小華",
      phone: "0912345678",
      store: {
        id: "131386",
        name: "建興門市",
        address: "台北市中正區忠孝東路一段 1 號",
        brand: "UNIMARTC2C",
      },
    },
    line_items: lines,
    payment: "credit",
    shipping: "cvs",
    delivery: "UNIMARTC2C",
    receipt: { type: "personal" },
    g_recaptcha_response: "local-pass",
    ...overrides,
  });

  const place = <T = OrderCreated>(body: OrderDraftInput, headers: Record<string, string> = {}) =>
    api.post<T>("/orders", body, headers);

  const stockOf = async (id: number) =>
    (await api.db.select({ stock: magazines.stock }).from(magazines).where(eq(magazines.id, id)))[0]!.stock;

  /** A placed guest order of one issue (price 280, stock 5 unless given). */
  async function guestOrder(overrides: Partial<OrderDraftInput> = {}, stock = 5) {
    const issue = await insertMagazine(api.db, { stock });
    const response = await place(draft([{ item_id: issue.id, type: "magazine", quantity: 2 }], overrides));
    expect(response.status).toBe(201);
    const token = { "x-order-token": response.body.access_token };
    return { issue, order: response.body.data, token };
  }

  async function paymentForm(number: string, headers: Record<string, string>) {
    const response = await api.get<Form>(`/order-ecpay?number=${number}`, headers);
    expect(response.status).toBe(200);
    return response.body;
  }

  /** A ReturnURL notification for `form`'s trade as ECPay signs it. */
  const paidNotice = (form: Form, overrides: Record<string, string> = {}) =>
    signFields(
      {
        MerchantID: form.fields.MerchantID!,
        MerchantTradeNo: form.fields.MerchantTradeNo!,
        StoreID: "",
        RtnCode: "1",
        RtnMsg: "交易成功",
        TradeNo: "2611231200001234",
        TradeAmt: form.fields.TotalAmount!,
        PaymentDate: "2026/11/23 12:00:05",
        PaymentType: "Credit_CreditCard",
        PaymentTypeChargeFee: "5",
        TradeDate: "2026/11/23 12:00:00",
        SimulatePaid: "0",
        CustomField1: "",
        CustomField2: "",
        CustomField3: "",
        CustomField4: "",
        ...overrides,
      },
      api.ecpay.shop.payment,
      "sha256",
    );

  const orderOf = async (number: string, headers: Record<string, string>) =>
    (await api.get<{ data: Order }>(`/orders/${number}`, headers)).body.data;

  describe("POST /orders", () => {
    it("places a guest order with the server's prices and postage, holding the stock", async () => {
      const issue = await insertMagazine(api.db, { stock: 5, price: 280 });
      const merch = await insertMerch(api.db, {
        stock: 3,
        price: 450,
        options: [{ name: "尺寸", values: ["S", "M", "L"] }],
      });
      const response = await place(
        draft([
          { item_id: issue.id, type: "magazine", quantity: 2 },
          { item_id: merch.id, type: "merch", quantity: 1, sku: ["M"] },
        ]),
      );
      expect(response.status).toBe(201);
      expect(response.body.message).toBe(texts.created);
      const order = response.body.data;
      expect(order.number).toMatch(/^\d{14}$/);
      expect(order.status).toBe("pending");
      expect(order.payable).toBe(true);
      expect(order.items_total).toBe(280 * 2 + 450);
      expect(order.postage).toBe(44);
      expect(order.total).toBe(280 * 2 + 450 + 44);
      expect(order.line_items.map((line) => [line.title, line.unit_price, line.subtotal])).toEqual([
        [issue.title, 280, 560],
        [merch.title, 450, 450],
      ]);
      expect(order.receiver.store?.id).toBe("131386");
      expect(await stockOf(issue.id)).toBe(3);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    });

    it("charges home delivery 60 and overseas 92 at the overseas price", async () => {
      const issue = await insertMagazine(api.db, { price: 280, overseas_price: 400 });
      const line = [{ item_id: issue.id, type: "magazine" as const, quantity: 1 }];
      const address = { zip: "100", city: "台北市", dist: "中正區", addr: "重慶南路一段 2 號" };
      const home = await place(
        draft(line, {
          shipping: "home",
          delivery: undefined,
          receiver: { name: "林小華", phone: "0912345678", address },
        }),
      );
      expect([home.body.data.postage, home.body.data.total]).toEqual([60, 340]);
      const overseas = await place(
        draft(line, {
          shipping: "overseas",
          delivery: undefined,
          receiver: {
            name: "Lin Hua",
            phone: "0912345678",
            address: { zip: "10115", city: "Germany", dist: "Berlin", addr: "Torstraße 1" },
          },
        }),
      );
      expect([overseas.body.data.line_items[0]!.unit_price, overseas.body.data.postage]).toEqual([400, 92]);
      // To an address in Taiwan it goes by home delivery, at home prices.
      const toTaiwan = await place(
        draft(line, {
          shipping: "overseas",
          delivery: undefined,
          receiver: { name: "Lin Hua", phone: "0912345678", address: { ...address, city: "Taiwan" } },
        }),
      );
      expect(toTaiwan.status).toBe(422);
      expect((toTaiwan.body as unknown as ApiError).errors).toEqual({
        "receiver.address.city": ["寄送地址在臺灣，請選擇「宅配到府」"],
      });
    });

    it("takes pickup at a store up to NT$20,000 of goods, the most a parcel may declare", async () => {
      const issue = await insertMagazine(api.db, { price: 2_000, stock: 30, max_quantity: 20 });
      const line = (quantity: number) => [{ item_id: issue.id, type: "magazine" as const, quantity }];
      expect((await place(draft(line(10)))).status).toBe(201);
      const over = await place<ApiError>(draft(line(11)));
      expect([over.status, over.body]).toEqual([
        422,
        {
          message: "超商取貨的商品金額以 NT$20,000 為限，請選擇宅配到府",
          errors: { shipping: ["超商取貨的商品金額以 NT$20,000 為限，請選擇宅配到府"] },
        },
      ]);
      expect(await stockOf(issue.id)).toBe(20);
    });

    it("sends abroad to a foreign address and phone, and keeps Taiwan's rules at home", async () => {
      const issue = await insertMagazine(api.db, { price: 280, overseas_price: 400 });
      const line = [{ item_id: issue.id, type: "magazine" as const, quantity: 1 }];
      const abroad = {
        shipping: "overseas" as const,
        delivery: undefined,
        customer: {
          name: "Lin Hua",
          email: `abroad${(sequence += 1)}@example.com`,
          phone: "+44 20 7946 0958",
        },
        receiver: {
          name: "Lin Hua",
          phone: "+49 30 1234567",
          address: { zip: "10115", city: "Germany", dist: "Berlin", addr: "Torstraße 1" },
        },
      };
      const placed = await place(
        draft(line, { ...abroad, register: 1, password: "Abcdef12", password_confirmation: "Abcdef12" }),
      );
      expect(placed.status).toBe(201);
      expect(placed.body.data.receiver).toMatchObject({
        phone: "+49 30 1234567",
        address: abroad.receiver.address,
      });
      // The buyer's number abroad is the order's, not their mobile as a member.
      const [member] = await api.db.select().from(members).where(eq(members.email, abroad.customer.email));
      expect(member?.mobile).toBeNull();

      const home = await place<ApiError>(
        draft(line, {
          ...abroad,
          shipping: "home",
          customer: { ...abroad.customer, email: `home${(sequence += 1)}@example.com` },
        }),
      );
      expectInvalid(home, "customer.phone");
      expect(home.body.errors?.["receiver.phone"]).toEqual(["請輸入 09 開頭的 10 位數手機號碼"]);
      expect(home.body.errors?.["receiver.address.zip"]).toBeUndefined();
      expect(await stockOf(issue.id)).toBe(issue.stock - 1);

      // A member's address abroad stays with the order: the profile keeps addresses in Taiwan.
      const buyer = await signedIn();
      const saved = await place(draft(line, { ...abroad, saveAddress: 1 }), buyer.auth);
      expect(saved.status).toBe(201);
      const [profile] = await api.db.select().from(members).where(eq(members.id, buyer.id));
      expect(profile?.address).toBeNull();
    });

    it("names each missing or wrong field by its path and keeps the stock", async () => {
      const issue = await insertMagazine(api.db, { stock: 5 });
      const line = [{ item_id: issue.id, type: "magazine" as const, quantity: 1 }];
      const noStore = await place<ApiError>(
        draft(line, { receiver: { name: "林小華", phone: "0912345678" } }) as never,
      );
      expectInvalid(noStore, "receiver.store");
      expect(noStore.body.errors?.["receiver.store"]).toEqual([texts.chooseStore]);
      const company = await place(draft(line, { receipt: { type: "company", title: "食藝股份有限公司" } }));
      expectInvalid(company, "receipt.tax_id");
      const badEmail = await place(
        draft(line, { customer: { name: "林", email: "nope", phone: "0912345678" } }),
      );
      expectInvalid(badEmail, "customer.email");
      const robot = await place<ApiError>(draft(line, { g_recaptcha_response: "forged" }));
      expectInvalid(robot, "g_recaptcha_response");
      expect(robot.body.message).toBe(texts.captcha);
      expect(await stockOf(issue.id)).toBe(5);
    });

    it("takes a subscription's first issue among the issues out and the next six", async () => {
      const issue = await insertMagazine(api.db, { stock: 5 });
      const line = [{ item_id: issue.id, type: "magazine" as const, quantity: 1 }];
      const ok = await place(draft(line, { start_issue: issue.issue, annual_delivery: 1 }));
      expect(ok.status).toBe(201);
      expect(ok.body.data.start_issue).toBe(issue.issue);
      const typo = await place<ApiError>(draft(line, { start_issue: issue.issue + 1000 }));
      expectInvalid(typo, "start_issue");
      expect(typo.body.message).toBe("請選擇起訂期數");
    });

    it("refuses a line whose sku is no choice of the item's options with 422, naming the item", async () => {
      const merch = await insertMerch(api.db, {
        title: "圍裙",
        options: [{ name: "顏色", values: ["米色"] }],
      });
      const refused = await place<ApiError>(
        draft([{ item_id: merch.id, type: "merch", quantity: 1, sku: ["紅"] }]),
      );
      expectInvalid(refused, "line_items");
      expect(refused.body.message).toBe("「圍裙」：沒有這個顏色，請重新選擇");
      const unchosen = await place<ApiError>(draft([{ item_id: merch.id, type: "merch", quantity: 1 }]));
      expect(unchosen.body.message).toBe("「圍裙」：請選擇顏色");
    });

    it("refuses more than the stock with 409 and an unpublished item with 422", async () => {
      const issue = await insertMagazine(api.db, { stock: 1 });
      const tooMany = await place(draft([{ item_id: issue.id, type: "magazine", quantity: 2 }]));
      expect(tooMany.status).toBe(409);
      expect((tooMany.body as unknown as ApiError).message).toContain("庫存不足");
      const hidden = await insertMagazine(api.db, { status: 0 });
      expectInvalid(
        await place(draft([{ item_id: hidden.id, type: "magazine", quantity: 1 }])),
        "line_items",
      );
      expect(await stockOf(issue.id)).toBe(1);
    });

    it("refuses an order whose total is no longer the one the buyer saw (409, the new total), holding nothing", async () => {
      const issue = await insertMagazine(api.db, { stock: 5, price: 380 });
      const lines = [{ item_id: issue.id, type: "magazine" as const, quantity: 1 }];
      // The form showed 380 + 44; the price has gone up to 420 since.
      await api.db.update(magazines).set({ price: 420 }).where(eq(magazines.id, issue.id));
      const refused = await place<ApiError>({ ...draft(lines), expected_total: 424 });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("商品價格或運費已更新，訂單總計為 NT$464，請確認後再送出");
      expect(await stockOf(issue.id)).toBe(5);
      // Sent again with the total it now shows, it is placed.
      const placed = await place({ ...draft(lines), expected_total: 464 });
      expect(placed.status).toBe(201);
      expect(placed.body.data.total).toBe(464);
    });

    it("takes a member's ordered lines out of their cart and lists the order in /orders/me", async () => {
      const member = await signedIn();
      const issue = await insertMagazine(api.db, { stock: 5 });
      const other = await insertMagazine(api.db, { stock: 5 });
      await api.post("/cart", { item_id: issue.id, type: "magazine", quantity: 1 }, member.auth);
      await api.post("/cart", { item_id: other.id, type: "magazine", quantity: 1 }, member.auth);
      const response = await place(
        draft([{ item_id: issue.id, type: "magazine", quantity: 1 }]),
        member.auth,
      );
      expect(response.status).toBe(201);
      const left = await api.db.select().from(cartLines).where(eq(cartLines.member_id, member.id));
      expect(left.map((line) => line.item_id)).toEqual([other.id]);
      const mine = await api.get<{ data: Order[] }>("/orders/me", member.auth);
      expect(mine.body.data.map((order) => order.number)).toEqual([response.body.data.number]);
      expect((await api.get("/orders/me")).status).toBe(401);
    });

    it("lists a member's orders newest first, a page at a time", async () => {
      const member = await signedIn();
      const issue = await insertMagazine(api.db, { stock: 20 });
      const numbers: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const placed = await place(
          draft([{ item_id: issue.id, type: "magazine", quantity: 1 }]),
          member.auth,
        );
        expect(placed.status).toBe(201);
        numbers.unshift(placed.body.data.number);
      }
      type Page = { data: Order[]; meta: PaginationMeta };
      const first = await api.get<Page>("/orders/me?limit=2", member.auth);
      expect(first.body.data.map((order) => order.number)).toEqual(numbers.slice(0, 2));
      expect(first.body.meta).toEqual({
        current_page: 1,
        last_page: 2,
        per_page: 2,
        total: 3,
        from: 1,
        to: 2,
      });
      const second = await api.get<Page>("/orders/me?limit=2&page=2", member.auth);
      expect(second.body.data.map((order) => order.number)).toEqual(numbers.slice(2));
      expect(second.body.meta).toMatchObject({ current_page: 2, from: 3, to: 3 });
      // Ten a page unless asked; past the last page, an empty one.
      expect((await api.get<Page>("/orders/me", member.auth)).body.meta).toMatchObject({
        per_page: 10,
        total: 3,
      });
      expect((await api.get<Page>("/orders/me?page=9", member.auth)).body).toMatchObject({
        data: [],
        meta: { from: null, to: null },
      });
      for (const query of ["page=0", "page=abc", "limit=101", "limit=0"]) {
        const refused = await api.get<ApiError>(`/orders/me?${query}`, member.auth);
        expect(refused.status, query).toBe(422);
      }
    });

    it("creates the account when a guest asks to register, and refuses a taken address", async () => {
      const issue = await insertMagazine(api.db, { stock: 5 });
      const body = draft([{ item_id: issue.id, type: "magazine", quantity: 1 }], {
        register: 1,
        password: "Secret123",
        password_confirmation: "Secret123",
      });
      const response = await place(body);
      expect(response.status).toBe(201);
      const [member] = await api.db.select().from(members).where(eq(members.email, body.customer.email));
      expect(member?.name).toBe("林小華");
      const [row] = await api.db.select().from(orders).where(eq(orders.number, response.body.data.number));
      expect(row?.member_id).toBe(member?.id);
      const again = await place(body);
      expectInvalid(again, "customer.email");
    });
  });

  describe("the same form sent twice (Idempotency-Key)", () => {
    const key = () => `checkout-${(sequence += 1)}-${Date.now()}`;
    const ordersOfKey = async (value: string) =>
      api.db.select().from(orders).where(eq(orders.idempotency_key, value));

    it("gives the first order back, with its token, and takes the stock once", async () => {
      const issue = await insertMagazine(api.db, { stock: 5 });
      const body = draft([{ item_id: issue.id, type: "magazine", quantity: 2 }]);
      const headers = { "idempotency-key": key() };
      const first = await place(body, headers);
      expect(first.status).toBe(201);
      // Sent again (its answer lost): the captcha's token was used up by the first sending.
      const again = await place({ ...body, g_recaptcha_response: "used-up" }, headers);
      expect(again.status).toBe(201);
      expect(again.body.data.number).toBe(first.body.data.number);
      expect(again.body.data.total).toBe(first.body.data.total);
      expect(await ordersOfKey(headers["idempotency-key"])).toHaveLength(1);
      expect(await stockOf(issue.id)).toBe(3);
      // Every answer's token opens the order, whichever of them reached the buyer.
      expect(again.body.access_token).toBe(first.body.access_token);
      const number = first.body.data.number;
      expect((await api.get(`/orders/${number}`, { "x-order-token": again.body.access_token })).status).toBe(
        200,
      );
    });

    it("gives a repeat sent while the first is under way the first's order, its captcha token used up", async () => {
      const issue = await insertMagazine(api.db, { stock: 5 });
      const body = draft([{ item_id: issue.id, type: "magazine", quantity: 1 }]);
      const headers = { "idempotency-key": key() };
      const [first, repeat] = await Promise.all([
        place(body, headers),
        place({ ...body, g_recaptcha_response: "used-up" }, headers),
      ]);
      expect([first.status, repeat.status]).toEqual([201, 201]);
      expect(repeat.body.data.number).toBe(first.body.data.number);
      expect(await stockOf(issue.id)).toBe(4);
    });

    it("gives a visitor who registered with the order the order again, as that account's", async () => {
      const issue = await insertMagazine(api.db, { stock: 5 });
      const body = draft([{ item_id: issue.id, type: "magazine", quantity: 1 }], {
        register: 1,
        password: "Secret123",
        password_confirmation: "Secret123",
      });
      const headers = { "idempotency-key": key() };
      const first = await place(body, headers);
      expect(first.status).toBe(201);
      const again = await place({ ...body, g_recaptcha_response: "used-up" }, headers);
      expect([again.status, again.body.data.number]).toEqual([201, first.body.data.number]);
    });

    it("places one order for ten sendings at once", async () => {
      const issue = await insertMagazine(api.db, { stock: 30 });
      const body = draft([{ item_id: issue.id, type: "magazine", quantity: 1 }]);
      const headers = { "idempotency-key": key() };
      const answers = await Promise.all(Array.from({ length: 10 }, () => place(body, headers)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((answer) => answer.body.data.number)).size).toBe(1);
      expect(await ordersOfKey(headers["idempotency-key"])).toHaveLength(1);
      expect(await stockOf(issue.id)).toBe(29);
    });

    it("refuses the key with other content, or from another member, and places nothing", async () => {
      const member = await signedIn();
      const issue = await insertMagazine(api.db, { stock: 5 });
      const body = draft([{ item_id: issue.id, type: "magazine", quantity: 1 }]);
      const headers = { "idempotency-key": key() };
      expect((await place(body, { ...headers, ...member.auth })).status).toBe(201);
      const changed = await place<ApiError>(
        { ...body, line_items: [{ item_id: issue.id, type: "magazine", quantity: 2 }] },
        { ...headers, ...member.auth },
      );
      expect(changed.status).toBe(422);
      expect(changed.body.message).toBe("這份表單已經送出過；若要修改內容，請重新整理頁面後再送出");
      const stranger = await signedIn();
      const taken = await place<ApiError>(body, { ...headers, ...stranger.auth });
      expect(taken.status).toBe(422);
      expect(taken.body).not.toHaveProperty("data");
      // Nor is a member's order given to a visitor who sends their key and content.
      const visitor = await place<ApiError>(body, headers);
      expect([visitor.status, visitor.body]).toEqual([
        422,
        { message: "這份表單已經送出過；若要修改內容，請重新整理頁面後再送出" },
      ]);
      expect(await ordersOfKey(headers["idempotency-key"])).toHaveLength(1);
      expect(await stockOf(issue.id)).toBe(4);
    });

    it("places a new order for each new key, and refuses a malformed key with 422", async () => {
      const issue = await insertMagazine(api.db, { stock: 5 });
      const body = draft([{ item_id: issue.id, type: "magazine", quantity: 1 }]);
      expect((await place(body, { "idempotency-key": key() })).status).toBe(201);
      expect((await place(body, { "idempotency-key": key() })).status).toBe(201);
      for (const bad of ["short", "%E6%9C%89%E4%B8%AD%E6%96%87", "x".repeat(101), "a b c d e f g h"]) {
        const refused = await place<ApiError>(body, { "idempotency-key": bad });
        expect(refused.status, bad).toBe(422);
        expect(refused.body.message, bad).toBe("送出識別碼格式不正確，請重新整理頁面後再送出");
      }
      expect(await stockOf(issue.id)).toBe(3);
    });
  });

  describe("rate limits: new orders from one address, and for one e-mail", () => {
    let addresses = 0;
    const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${(addresses += 1)}` });
    const key = () => `limits-${(sequence += 1)}-${Date.now()}`;

    it("refuses the eleventh order from one address in 10 minutes with 429, taking no stock", async () => {
      const issue = await insertMagazine(api.db, { stock: 50 });
      const address = fromNewAddress();
      const line = [{ item_id: issue.id, type: "magazine" as const, quantity: 1 }];
      for (let i = 0; i < 10; i += 1) expect((await place(draft(line), address)).status).toBe(201);
      const refused = await place<ApiError>(draft(line), address);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: "送出次數過多，請稍後再試" });
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await stockOf(issue.id)).toBe(40);
      // Another address is not held back.
      expect((await place(draft(line), fromNewAddress())).status).toBe(201);
    });

    it("refuses the sixth order for one e-mail, from wherever it is sent", async () => {
      const issue = await insertMagazine(api.db, { stock: 50 });
      const line = [{ item_id: issue.id, type: "magazine" as const, quantity: 1 }];
      const customer = draft(line).customer;
      for (let i = 0; i < 5; i += 1)
        expect((await place(draft(line, { customer }), fromNewAddress())).status).toBe(201);
      const refused = await place<ApiError>(
        draft(line, { customer: { ...customer, email: customer.email.toUpperCase() } }),
        fromNewAddress(),
      );
      expect(refused.status).toBe(429);
      expect(await stockOf(issue.id)).toBe(45);
    });

    it("does not count a form sent again (the same Idempotency-Key), even at the same moment", async () => {
      const issue = await insertMagazine(api.db, { stock: 50 });
      const address = fromNewAddress();
      const body = draft([{ item_id: issue.id, type: "magazine", quantity: 1 }]);
      const headers = { ...address, "idempotency-key": key() };
      const sendings = await Promise.all(Array.from({ length: 12 }, () => place(body, headers)));
      expect(sendings.map((response) => response.status)).toEqual(Array(12).fill(201));
      // One order counted: nine more new ones from the address are still taken.
      for (let i = 0; i < 9; i += 1)
        expect(
          (await place(draft([{ item_id: issue.id, type: "magazine", quantity: 1 }]), address)).status,
        ).toBe(201);
      expect((await place(body, { ...address, "idempotency-key": key() })).status).toBe(429);
    });
  });

  describe("who may see an order", () => {
    it("is the guest with the token, the member who placed it, and nobody else", async () => {
      const { order, token } = await guestOrder();
      expect((await api.get(`/orders/${order.number}`, token)).status).toBe(200);
      expect((await api.get(`/orders/${order.number}`)).status).toBe(404);
      expect((await api.get(`/orders/${order.number}`, { "x-order-token": "wrong" })).status).toBe(404);
      // Another member learns no more than anyone: the order might as well not exist.
      const stranger = await signedIn();
      const denied = await api.get<ApiError>(`/orders/${order.number}`, stranger.auth);
      expect(denied.status).toBe(404);
      expect(denied.body.message).toBe(texts.notFound);
      expect((await api.get(`/order-ecpay?number=${order.number}`, stranger.auth)).status).toBe(404);
    });

    it("is anyone with the key of the order's mail, for that order only", async () => {
      const { order } = await guestOrder();
      const { order: other } = await guestOrder();
      const key = orderMailKey(testAuthConfig.jwtSecret, order.number);
      expect((await api.get(`/orders/${order.number}`, { "x-order-token": key })).status).toBe(200);
      expect((await api.get(`/orders/${other.number}`, { "x-order-token": key })).status).toBe(404);
      expect(
        (
          await api.get(`/orders/${order.number}`, {
            "x-order-token": orderMailKey("another secret", order.number),
          })
        ).status,
      ).toBe(404);
    });
  });

  describe("GET /order-ecpay", () => {
    it("gives the AioCheckOut form with a fresh MerchantTradeNo per attempt", async () => {
      const { order, token } = await guestOrder();
      const first = await paymentForm(order.number, token);
      expect(first.action).toBe(`${api.ecpay.shop.endpoints.aioCheckOut}`);
      expect(first.fields).toMatchObject({
        MerchantTradeNo: `${order.number}P01`,
        TotalAmount: String(order.total),
        ChoosePayment: "Credit",
        ReturnURL: `${testAuthConfig.apiUrl}/ecpay/return`,
        OrderResultURL: `${testAuthConfig.siteUrl}/cart/result?number=${order.number}`,
      });
      const second = await paymentForm(order.number, token);
      expect(second.fields.MerchantTradeNo).toBe(`${order.number}P02`);
      // The guest's key goes in its header, never in an address (where logs and referrers keep it).
      const inAddress = await api.getHtml(
        `/order-ecpay?number=${order.number}&token=${token["x-order-token"]}`,
      );
      expect(inAddress.status).toBe(404);
      const html = await api.getHtml(`/order-ecpay?number=${order.number}`, token);
      expect(html.status).toBe(200);
      expect(html.body).toContain(`action="${api.ecpay.shop.endpoints.aioCheckOut}"`);
      expect(html.body).toContain(`${order.number}P03`);
      // Its one script, the form's submit, runs by a nonce of this answer's; nothing else may run.
      const policy = html.headers.get("content-security-policy") ?? "";
      const nonce = /script-src 'nonce-([\w+/=-]+)' 'strict-dynamic'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect([...html.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1])).toEqual([` nonce="${nonce}"`]);
      const again = await api.getHtml(`/order-ecpay?number=${order.number}`, token);
      expect(again.headers.get("content-security-policy")).not.toContain(nonce);
    });
    it("pays by another way when the buyer chooses one, and the order keeps it", async () => {
      const { order, token } = await guestOrder();
      expect(order.payment.method).toBe("credit");
      const byCard = await paymentForm(order.number, token);
      expect(byCard.fields.ChoosePayment).toBe("Credit");
      const byTransfer = await api.get<Form>(`/order-ecpay?number=${order.number}&payment=atm`, token);
      expect(byTransfer.status).toBe(200);
      expect(byTransfer.body.fields).toMatchObject({
        ChoosePayment: "ATM",
        MerchantTradeNo: `${order.number}P02`,
      });
      const changed = await api.get<{ data: Order }>(`/orders/${order.number}`, token);
      expect(changed.body.data.payment.method).toBe("atm");
      // Without a choice the next attempt is by the way last chosen.
      expect((await paymentForm(order.number, token)).fields.ChoosePayment).toBe("ATM");

      const unknown = await api.get<ApiError>(`/order-ecpay?number=${order.number}&payment=cash`, token);
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toHaveProperty("payment");
    });

    it("refuses a way of paying whose limits the order's total is outside, and leaves the order as it was", async () => {
      const issue = await insertMagazine(api.db, { price: 3_500 });
      const placed = await place(draft([{ item_id: issue.id, type: "magazine", quantity: 2 }]));
      expect(placed.status).toBe(201);
      const token = { "x-order-token": placed.body.access_token };
      const number = placed.body.data.number;
      const refused = await api.get<ApiError>(`/order-ecpay?number=${number}&payment=cvs`, token);
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.payment).toEqual([orderMessages.paymentLimit(33, 6_000)]);
      const kept = await api.get<{ data: Order }>(`/orders/${number}`, token);
      expect(kept.body.data.payment.method).toBe("credit");
      expect((await paymentForm(number, token)).fields.MerchantTradeNo).toBe(`${number}P01`);
    });
  });

  describe("ReturnURL", () => {
    it("moves the order to paid once, answering 1|OK to ten concurrent re-sends", async () => {
      const { order, token } = await guestOrder();
      const form = await paymentForm(order.number, token);
      const notice = paidNotice(form);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => api.postForm("/ecpay/return", notice)),
      );
      expect(replies.map((reply) => reply.body)).toEqual(Array(10).fill("1|OK"));
      const paid = await orderOf(order.number, token);
      expect(paid.status).toBe("paid");
      expect(paid.payable).toBe(false);
      const attempts = await api.db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.merchant_trade_no, form.fields.MerchantTradeNo!));
      expect(attempts.map((attempt) => attempt.status)).toEqual(["paid"]);
      // Shipped, invoiced and mailed exactly once.
      expect(paid.shipping.status).toBe("created");
      expect(paid.shipping.logistics_id).toBeTruthy();
      expect(paid.invoice.status).toBe("issued");
      expect(paid.invoice.number).toMatch(/^[A-Z]{2}\d{8}$/);
      const confirmations = api.mail.messages({ subject: order.number });
      expect(confirmations.map((mail) => [mail.subject, mail.to[0]?.address])).toEqual([
        [`訂單 ${order.number} 付款完成`, order.customer.email],
      ]);
      expect((await api.get(`/order-ecpay?number=${order.number}`, token)).status).toBe(409);
    });

    it("issues a company's printed invoice to the delivery address when the buyer gave none", async () => {
      const address = { zip: "100", city: "台北市", dist: "中正區", addr: "重慶南路一段 2 號" };
      const { order, token } = await guestOrder({
        shipping: "home",
        delivery: undefined,
        receiver: { name: "林小華", phone: "0912345678", address },
        receipt: { type: "company", title: "食藝股份有限公司", tax_id: "22099131" },
      });
      const form = await paymentForm(order.number, token);
      expect((await api.postForm("/ecpay/return", paidNotice(form))).body).toBe("1|OK");
      const paid = await orderOf(order.number, token);
      expect(paid.invoice).toMatchObject({ type: "company", status: "issued", tax_id: "22099131" });
      expect(paid.shipping.status).toBe("pending");
    });

    it("invoices a buyer abroad by e-mail, and mails the address as it is written there", async () => {
      const address = { zip: "SW1A 1AA", city: "United Kingdom", dist: "London", addr: "10 Downing Street" };
      const issue = await insertMagazine(api.db, { overseas_price: 400 });
      const placed = await place(
        draft([{ item_id: issue.id, type: "magazine", quantity: 1 }], {
          shipping: "overseas",
          delivery: undefined,
          customer: { name: "Lin Hua", email: `uk${(sequence += 1)}@example.com`, phone: "+44 20 7946 0958" },
          receiver: { name: "Lin Hua", phone: "+44 20 7946 0958", address },
        }),
      );
      expect(placed.status).toBe(201);
      const order = placed.body.data;
      const token = { "x-order-token": placed.body.access_token };
      const form = await paymentForm(order.number, token);
      expect((await api.postForm("/ecpay/return", paidNotice(form))).body).toBe("1|OK");
      const paid = await orderOf(order.number, token);
      expect(paid.invoice.status).toBe("issued");
      const [mail] = api.mail.messages({ subject: order.number });
      expect(mail?.text).toContain("10 Downing Street, London SW1A 1AA, United Kingdom");
    });

    it("changes nothing for a forged CheckMacValue, a tampered amount or SimulatePaid=1", async () => {
      const { order, token } = await guestOrder();
      const form = await paymentForm(order.number, token);
      const forged = { ...paidNotice(form), CheckMacValue: "0".repeat(64) };
      const forgedReply = await api.postForm("/ecpay/return", forged);
      expect(forgedReply.status).toBe(400);
      expect(forgedReply.body).toMatch(/^0\|/);
      const tampered = await api.postForm("/ecpay/return", paidNotice(form, { TradeAmt: "1" }));
      expect(tampered.body).toMatch(/^0\|/);
      const simulated = await api.postForm("/ecpay/return", paidNotice(form, { SimulatePaid: "1" }));
      expect(simulated.body).toBe("1|OK");
      const unknown = await api.postForm(
        "/ecpay/return",
        paidNotice({ ...form, fields: { ...form.fields, MerchantTradeNo: "99999999999999P01" } }),
      );
      expect(unknown.body).toMatch(/^0\|/);
      // Signed with the stage's published keys, a NUL the database cannot store: refused, not a 500.
      for (const field of ["MerchantTradeNo", "RtnMsg"]) {
        const odd = paidNotice(form, { [field]: `${form.fields[field] ?? "交易成功"}\u0000` });
        const oddReply = await api.postForm("/ecpay/return", odd);
        expect(oddReply.status, field).toBe(400);
        expect(oddReply.body, field).toMatch(/^0\|/);
      }
      const still = await orderOf(order.number, token);
      expect(still.status).toBe("pending");
      expect(still.payable).toBe(true);
    });

    it("records a second payment from a second open payment page as a duplicate and asks the orders inbox to refund it", async () => {
      const { order, token } = await guestOrder();
      const first = await paymentForm(order.number, token);
      const second = await paymentForm(order.number, token);
      expect(second.fields.MerchantTradeNo).toBe(`${order.number}P02`);
      expect((await api.postForm("/ecpay/return", paidNotice(first))).body).toBe("1|OK");
      const late = paidNotice(second, { TradeNo: "2611231200009999" });
      // ECPay re-sends a notice until it is answered: the duplicate is reported once.
      for (let i = 0; i < 3; i += 1) expect((await api.postForm("/ecpay/return", late)).body).toBe("1|OK");
      await api.mailSettled();

      const attempts = await api.db
        .select({ trade: orderPayments.merchant_trade_no, status: orderPayments.status })
        .from(orderPayments)
        .innerJoin(orders, eq(orders.id, orderPayments.order_id))
        .where(eq(orders.number, order.number))
        .orderBy(orderPayments.id);
      expect(attempts.map((attempt) => attempt.status)).toEqual(["paid", "duplicate"]);
      const recorded = await api.db
        .select()
        .from(duplicatePayments)
        .where(eq(duplicatePayments.number, order.number));
      expect(recorded.map((row) => [row.kind, row.payment_key, row.refunded_at])).toEqual([
        ["order", "2611231200009999", null],
      ]);
      const paid = await orderOf(order.number, token);
      expect([paid.status, paid.total]).toEqual(["paid", 560 + paid.postage]);
      // One confirmation to the buyer, and one notice that the second payment comes back to them;
      // one refund request to the orders inbox.
      const toBuyer = api.mail.messages({ to: order.customer.email });
      expect(toBuyer).toHaveLength(2);
      expect(toBuyer.map((mail) => mail.subject)).toContain(`訂單 ${order.number} 收到重複付款，將為您退款`);
      const notice = toBuyer.find((mail) => mail.subject.includes("重複付款"))!;
      expect(notice.text).toContain(`NT$ ${paid.total.toLocaleString("en-US")}`);
      // A reply reaches the inbox that refunds it, and the order's page is a link away.
      expect(notice.headers["reply-to"]).toContain(api.ecpay.shop.contactInboxes.orders);
      expect(notice.text).not.toContain("請勿直接回覆");
      expect(notice.text).toMatch(new RegExp(`查看訂單.*/cart/result\\?number=${order.number}&key=`, "s"));
      const refunds = api.mail.messages({
        to: api.ecpay.shop.contactInboxes.orders,
        subject: "重複付款待退款",
      });
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.subject).toBe(
        `【重複付款待退款】訂單 ${order.number}（NT$ ${paid.total.toLocaleString("en-US")}）`,
      );
      expect(refunds[0]!.text).toContain("2611231200009999");
      expect(refunds[0]!.text).toContain(`${order.number}P02`);
    });

    it("reports a duplicate whose report was cut short when ECPay sends its notice again", async () => {
      const { order, token } = await guestOrder();
      const first = await paymentForm(order.number, token);
      const second = await paymentForm(order.number, token);
      expect((await api.postForm("/ecpay/return", paidNotice(first))).body).toBe("1|OK");
      const late = paidNotice(second, { TradeNo: "2611231200008888" });
      expect((await api.postForm("/ecpay/return", late)).body).toBe("1|OK");
      await api.mailSettled();
      const refunds = () =>
        api.mail.messages({ to: api.ecpay.shop.contactInboxes.orders, subject: order.number });
      expect(refunds()).toHaveLength(1);

      // As if the process had stopped after the duplicate was kept, before it was reported: the
      // attempt's mark and the kept payment stand (one transaction), the report is not made.
      await api.db
        .update(duplicatePayments)
        .set({ reported_at: null })
        .where(eq(duplicatePayments.number, order.number));
      for (let i = 0; i < 2; i += 1) expect((await api.postForm("/ecpay/return", late)).body).toBe("1|OK");
      await api.mailSettled();
      expect(refunds()).toHaveLength(2);
      const [kept] = await api.db
        .select()
        .from(duplicatePayments)
        .where(eq(duplicatePayments.number, order.number));
      expect(kept?.reported_at).not.toBeNull();
      expect(kept?.trade_no).toBe("2611231200008888");
    });

    it("leaves a failed payment's order payable with ECPay's message", async () => {
      const { order, token } = await guestOrder();
      const form = await paymentForm(order.number, token);
      const reply = await api.postForm(
        "/ecpay/return",
        paidNotice(form, { RtnCode: "10100058", RtnMsg: "付款失敗" }),
      );
      expect(reply.body).toBe("1|OK");
      const failed = await orderOf(order.number, token);
      expect([failed.status, failed.payable, failed.payment.failure]).toEqual(["pending", true, "付款失敗"]);
      // The buyer is mailed the way back to the order: its page opens with the mail's key alone.
      await api.mailSettled();
      const [mail] = api.mail.messages({ to: order.customer.email, subject: "尚未完成付款" });
      expect(mail?.subject).toBe(`訂單 ${order.number} 尚未完成付款`);
      expect(mail?.text).toContain("付款失敗");
      const key = new URL(
        /https?:\/\/\S+\/cart\/result\?\S+/.exec(mail?.text ?? "")?.[0] ?? "http://x",
      ).searchParams.get("key");
      expect(key).toBe(orderMailKey(testAuthConfig.jwtSecret, order.number));
      const retry = await paymentForm(order.number, token);
      expect(retry.fields.MerchantTradeNo).toBe(`${order.number}P02`);
      // A second failure is the buyer retrying on the page: no second mail.
      expect(
        (await api.postForm("/ecpay/return", paidNotice(retry, { RtnCode: "10100058", RtnMsg: "授權失敗" })))
          .body,
      ).toBe("1|OK");
      const third = await paymentForm(order.number, token);
      expect((await api.postForm("/ecpay/return", paidNotice(third))).body).toBe("1|OK");
      expect((await orderOf(order.number, token)).status).toBe("paid");
      await api.mailSettled();
      expect(api.mail.messages({ to: order.customer.email, subject: "尚未完成付款" })).toHaveLength(1);
    });
  });

  describe("fulfilment cut short", () => {
    /** A placed order marked paid as the ReturnURL's transaction does, with nothing shipped, invoiced or mailed. */
    async function paidUnfulfilled(minutesAgo: number) {
      const { order, token } = await guestOrder();
      const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      await api.db
        .update(orders)
        .set({ status: "paid", paid_at: at, updated_at: at })
        .where(eq(orders.number, order.number));
      return { order, token };
    }

    it("is finished by the sweep once the grace period is over: shipped, invoiced and mailed once", async () => {
      const late = await paidUnfulfilled(fulfilmentGraceMs / 60_000 + 1);
      const recent = await paidUnfulfilled(1);
      // Two instances sweeping at the same moment take the order up once between them.
      const now = new Date();
      const { options: deps, calls } = api.countingEcpay();
      const [first, second] = await Promise.all([resumeFulfilment(deps, now), resumeFulfilment(deps, now)]);
      expect(calls.toSorted()).toEqual(
        [
          new URL(api.options.shop.endpoints.logisticsCreate).pathname,
          new URL(api.options.shop.endpoints.invoiceIssue).pathname,
        ].toSorted(),
      );
      expect([...first, ...second].filter((number) => number === late.order.number)).toEqual([
        late.order.number,
      ]);
      expect([...first, ...second]).not.toContain(recent.order.number);

      const finished = await orderOf(late.order.number, late.token);
      expect(finished.shipping.status).toBe("created");
      expect(finished.shipping.logistics_id).toBeTruthy();
      expect(finished.invoice.status).toBe("issued");
      expect(finished.invoice.number).toMatch(/^[A-Z]{2}\d{8}$/);
      expect(api.mail.messages({ subject: late.order.number }).map((mail) => mail.subject)).toEqual([
        `訂單 ${late.order.number} 付款完成`,
      ]);

      // The order its own request may still be fulfilling is left alone.
      const waiting = await orderOf(recent.order.number, recent.token);
      expect([waiting.shipping.status, waiting.invoice.status]).toEqual(["pending", "pending"]);
      expect(api.mail.messages({ subject: recent.order.number })).toEqual([]);

      // Later sweeps find nothing left to do for the finished order.
      const later = new Date(now.getTime() + 2 * fulfilmentGraceMs);
      expect(await resumeFulfilment(api.options, later)).not.toContain(late.order.number);
      expect(api.mail.messages({ subject: late.order.number })).toHaveLength(1);
    });

    /**
     * The suite's options with ECPay's answer to `endpoint` lost after ECPay acted (a timeout, a
     * dropped connection): `read` sees the answer first, for the test to know what ECPay did.
     */
    function losingAnswerOf(endpoint: string, read: (response: Response) => Promise<void>) {
      const { shop } = api.options;
      const fetch: typeof globalThis.fetch = async (input, init) => {
        const response = await shop.fetch(input, init);
        if (String(input) !== endpoint) return response;
        await read(response);
        throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
      };
      return { ...api.options, shop: { ...shop, fetch } };
    }

    /** The order quiet for two grace periods, so the next sweep takes it up again. */
    const quietAgain = (number: string) =>
      api.db
        .update(orders)
        .set({ updated_at: new Date(Date.now() - 2 * fulfilmentGraceMs).toISOString() })
        .where(eq(orders.number, number));

    it("records the invoice an earlier call issued when that call's answer was lost", async () => {
      const { order, token } = await paidUnfulfilled(fulfilmentGraceMs / 60_000 + 1);
      // The first sweep's Issue call reaches ECPay, which issues the invoice, but its answer never
      // comes back (a timeout, a dropped connection): the step stays pending.
      const { shop } = api.options;
      let lost: string | undefined;
      const losing = losingAnswerOf(shop.endpoints.invoiceIssue, async (response) => {
        const answer = parseIssueInvoiceResponse(await response.json(), shop.invoice);
        lost = answer.ok ? answer.value.invoiceNo : undefined;
      });
      await resumeFulfilment(losing, new Date());
      expect(lost).toMatch(/^[A-Z]{2}\d{8}$/);
      expect((await orderOf(order.number, token)).invoice.status).toBe("pending");

      // The next sweep's Issue is refused (the RelateNumber was used); ECPay is asked what it holds.
      const { options: deps, calls } = api.countingEcpay();
      await quietAgain(order.number);
      expect(await resumeFulfilment(deps, new Date())).toContain(order.number);
      expect(calls).toEqual(
        [shop.endpoints.invoiceIssue, shop.endpoints.invoiceGetIssue].map((url) => new URL(url).pathname),
      );
      const row = await orderOf(order.number, token);
      expect(row.invoice.status).toBe("issued");
      expect(row.invoice.number).toBe(lost);
    });

    it("adopts the shipment an earlier call created when its first status notice arrives", async () => {
      const { order, token } = await paidUnfulfilled(fulfilmentGraceMs / 60_000 + 1);
      // Express/Create reaches ECPay, which creates the shipment, but the answer is lost.
      const { shop } = api.options;
      let lostId: string | undefined;
      const losing = losingAnswerOf(shop.endpoints.logisticsCreate, async (response) => {
        const reply = parseCreateShipmentReply(await response.text(), shop.logistics);
        lostId = reply.ok ? reply.value.logisticsId : undefined;
      });
      await resumeFulfilment(losing, new Date());
      expect(lostId).toBeTruthy();

      // The next sweep's Express/Create is refused (the MerchantTradeNo was used): failed for now.
      await quietAgain(order.number);
      await resumeFulfilment(api.options, new Date());
      expect((await orderOf(order.number, token)).shipping.status).toBe("failed");

      // ECPay's first status notice for that shipment names it: the order takes it up.
      const notice = await api.ecpay.simulator.request(`/simulator/shipments/${lostId}/status`, {
        method: "POST",
        body: new URLSearchParams({ code: "2073" }),
      });
      expect(notice.status).toBe(200);
      const row = await orderOf(order.number, token);
      expect(row.shipping.logistics_id).toBe(lostId);
      expect(row.shipping.status).toBe("arrived");
    });

    it("fails the invoice when ECPay refuses it and holds none for the order", async () => {
      const { order, token } = await paidUnfulfilled(fulfilmentGraceMs / 60_000 + 1);
      // A company invoice whose tax ID ECPay refuses.
      await api.db
        .update(orders)
        .set({ receipt: { type: "company", title: "山海樓有限公司", tax_id: "1234", carrier: null } })
        .where(eq(orders.number, order.number));
      const { options: deps, calls } = api.countingEcpay();
      await resumeFulfilment(deps, new Date());
      expect(calls).toContain(new URL(api.options.shop.endpoints.invoiceGetIssue).pathname);
      expect((await orderOf(order.number, token)).invoice.status).toBe("failed");
    });

    it("runs only the steps still pending, and leaves a step ECPay refused to the office", async () => {
      const { order, token } = await paidUnfulfilled(fulfilmentGraceMs / 60_000 + 1);
      await api.db
        .update(orders)
        .set({ shipment_status: "failed", invoice_status: "issued", invoice_number: "AB12345678" })
        .where(eq(orders.number, order.number));
      const { options: deps, calls } = api.countingEcpay();
      expect(await resumeFulfilment(deps, new Date())).toContain(order.number);
      expect(calls).toEqual([]);
      const row = await orderOf(order.number, token);
      expect(row.shipping.status).toBe("failed");
      expect(row.shipping.logistics_id).toBeFalsy();
      expect(row.invoice.number).toBe("AB12345678");
      expect(api.mail.messages({ subject: order.number })).toHaveLength(1);
    });
  });

  describe("the parcel", () => {
    it("follows ECPay's logistics status notifications to the store and the pickup", async () => {
      const { order, token } = await guestOrder();
      const form = await paymentForm(order.number, token);
      expect((await api.postForm("/ecpay/return", paidNotice(form))).body).toBe("1|OK");
      const paid = await orderOf(order.number, token);
      expect(paid.shipping.status).toBe("created");
      const status = async (code: string) => {
        const response = await api.ecpay.simulator.request(
          `/simulator/shipments/${paid.shipping.logistics_id}/status`,
          {
            method: "POST",
            body: new URLSearchParams({ code }),
          },
        );
        expect(response.status).toBe(200);
        return (await orderOf(order.number, token)).shipping.status;
      };
      expect(await status("2073")).toBe("arrived");
      // At the store: when, until when it waits there, and a mail to the buyer saying so, once.
      const arrived = await orderOf(order.number, token);
      const arrivedAt = Date.parse(arrived.shipping.status_at!);
      expect(Math.abs(Date.now() - arrivedAt)).toBeLessThan(60_000);
      expect(Date.parse(arrived.shipping.pick_up_by!) - arrivedAt).toBe(7 * 86_400_000);
      const arrivalMails = () => api.mail.messages({ subject: `訂單 ${order.number} 已送達取貨門市` });
      await vi.waitFor(() => expect(arrivalMails()).toHaveLength(1), { timeout: 5_000 });
      const [mail] = arrivalMails();
      expect(mail!.to[0]?.address).toBe(order.customer.email);
      const until = formatDate(arrived.shipping.pick_up_by!);
      expect(mail!.text).toContain(`您訂購的商品已送達 7-ELEVEN 建興門市，請於 ${until} 前取貨。`);
      expect(mail!.text).toContain("台北市中正區忠孝東路一段 1 號");
      expect(mail!.text).toContain(`/cart/result?number=${order.number}&key=`);
      expect(await status("2073")).toBe("arrived");
      expect(arrivalMails()).toHaveLength(1);
      // A late notice of an earlier stage (the creation's 300, say) never moves the parcel back.
      expect(await status("300")).toBe("arrived");

      expect(await status("2067")).toBe("picked_up");
      expect((await orderOf(order.number, token)).shipping.pick_up_by).toBeNull();
      const forged = await api.postForm("/ecpay/logistics", {
        MerchantID: api.ecpay.shop.logistics.merchantId,
        AllPayLogisticsID: paid.shipping.logistics_id!,
        RtnCode: "2074",
        CheckMacValue: "00000000000000000000000000000000",
      });
      expect(forged.body).toMatch(/^0\|/);
      expect((await orderOf(order.number, token)).shipping.status).toBe("picked_up");
    });
  });

  describe("ATM and CVS codes", () => {
    /** PaymentInfoURL: ECPay issued an ATM account for `form`'s trade. */
    const codeIssued = (form: Form) =>
      atmAccountIssued(form.fields, api.ecpay.shop.payment, {
        vAccount: "9103522175887271",
        tradeNo: "2611231200009999",
      });

    it("says the way of the attempt that was used, whatever was chosen after it began", async () => {
      // The buyer opens ATM transfer (P01), then card in another tab (P02); the first tab gets its
      // account: the order waits for a transfer, and says so.
      const { order, token } = await guestOrder({ payment: "atm" });
      const byTransfer = await paymentForm(order.number, token);
      expect((await api.get<Form>(`/order-ecpay?number=${order.number}&payment=credit`, token)).status).toBe(
        200,
      );
      expect((await orderOf(order.number, token)).payment.method).toBe("credit");
      expect((await api.postForm("/ecpay/payment-info", codeIssued(byTransfer))).body).toBe("1|OK");
      const waiting = await orderOf(order.number, token);
      expect([waiting.status, waiting.payment.method]).toEqual(["awaiting_payment", "atm"]);

      // And the other way round: a card attempt begun before a switch to ATM pays the order by card.
      const second = await guestOrder();
      const byCard = await paymentForm(second.order.number, second.token);
      expect(
        (await api.get(`/order-ecpay?number=${second.order.number}&payment=atm`, second.token)).status,
      ).toBe(200);
      expect((await api.postForm("/ecpay/return", paidNotice(byCard))).body).toBe("1|OK");
      const paid = await orderOf(second.order.number, second.token);
      expect([paid.status, paid.payment.method]).toEqual(["paid", "credit"]);
    });

    it("keeps the order waiting with its code until ECPay reports the payment", async () => {
      const { order, token } = await guestOrder({ payment: "atm" });
      const form = await paymentForm(order.number, token);
      expect(form.fields.ChoosePayment).toBe("ATM");
      expect(form.fields.PaymentInfoURL).toBe(`${testAuthConfig.apiUrl}/ecpay/payment-info`);
      const info = codeIssued(form);
      expect((await api.postForm("/ecpay/payment-info", info)).body).toBe("1|OK");
      const waiting = await orderOf(order.number, token);
      expect(waiting.status).toBe("awaiting_payment");
      expect(waiting.payable).toBe(false);
      expect(waiting.payment.code).toMatchObject({
        method: "atm",
        bank_code: "812",
        account: "9103522175887271",
      });
      expect(waiting.reserved_until).toBe(new Date("2099-11-26T23:59:59+08:00").toISOString());
      // The buyer is mailed the account once (a guest may have no other way back to it).
      expect((await api.postForm("/ecpay/payment-info", info)).body).toBe("1|OK");
      await api.mailSettled();
      const mails = api.mail.messages({ to: order.customer.email, subject: "ATM 轉帳資訊" });
      expect(mails.map((mail) => mail.subject)).toEqual([`訂單 ${order.number} 的 ATM 轉帳資訊`]);
      expect(mails[0]!.text).toContain("9103522175887271");
      expect(mails[0]!.text).toContain("812 台新銀行");
      // The deadline as the pages write it, in Taiwan time.
      expect(mails[0]!.text).toContain("2099.11.26 23:59");
      // With the way back to the order from any browser: its page, opened with the mail's key.
      const key = orderMailKey(testAuthConfig.jwtSecret, order.number);
      expect(mails[0]!.text).toContain(
        `${testAuthConfig.siteUrl}/cart/result?number=${order.number}&key=${key}`,
      );
      const paid = await api.postForm("/ecpay/return", paidNotice(form, { PaymentType: "ATM_TAISHIN" }));
      expect(paid.body).toBe("1|OK");
      expect((await orderOf(order.number, token)).status).toBe("paid");
    });

    it("keeps waiting on its code when an earlier attempt's failure arrives late", async () => {
      const { order, token } = await guestOrder({ payment: "atm" });
      const abandoned = await paymentForm(order.number, token);
      const form = await paymentForm(order.number, token);
      const info = codeIssued(form);
      expect((await api.postForm("/ecpay/payment-info", info)).body).toBe("1|OK");
      const late = paidNotice(abandoned, { RtnCode: "10100058", RtnMsg: "付款失敗" });
      expect((await api.postForm("/ecpay/return", late)).body).toBe("1|OK");
      const waiting = await orderOf(order.number, token);
      expect(waiting.status).toBe("awaiting_payment");
      expect(waiting.payment.code).toMatchObject({ method: "atm", account: "9103522175887271" });
    });
  });

  describe("reservations", () => {
    it("lapse when unpaid, giving the stock back once, and are taken again if the money still arrives", async () => {
      const { issue, order, token } = await guestOrder({}, 5);
      const form = await paymentForm(order.number, token);
      expect(await stockOf(issue.id)).toBe(3);
      await api.db
        .update(orders)
        .set({ reserved_until: new Date(Date.now() - 1000).toISOString() })
        .where(eq(orders.number, order.number));
      const [first, second] = await Promise.all([orderOf(order.number, token), orderOf(order.number, token)]);
      expect([first.status, second.status]).toEqual(["expired", "expired"]);
      expect(first.payable).toBe(false);
      expect(await stockOf(issue.id)).toBe(5);
      expect((await api.get(`/order-ecpay?number=${order.number}`, token)).status).toBe(409);
      expect((await api.postForm("/ecpay/return", paidNotice(form))).body).toBe("1|OK");
      expect((await orderOf(order.number, token)).status).toBe("paid");
      expect(await stockOf(issue.id)).toBe(3);
      expect((await orderOf(order.number, token)).shipping.out_of_stock).toBe(false);
    });

    it("stay paid when the money comes after their stock was sold, ship nothing, and tell the buyer and the office", async () => {
      const { issue, order, token } = await guestOrder({}, 2);
      const form = await paymentForm(order.number, token);
      await api.db
        .update(orders)
        .set({ reserved_until: new Date(Date.now() - 1000).toISOString() })
        .where(eq(orders.number, order.number));
      expect((await orderOf(order.number, token)).status).toBe("expired");
      // Another buyer takes the two copies the lapse gave back.
      expect(await stockOf(issue.id)).toBe(2);
      await api.db.update(magazines).set({ stock: 0 }).where(eq(magazines.id, issue.id));

      expect((await api.postForm("/ecpay/return", paidNotice(form))).body).toBe("1|OK");
      await api.mailSettled();
      const paid = await orderOf(order.number, token);
      expect([paid.status, paid.shipping.out_of_stock, paid.shipping.status]).toEqual([
        "paid",
        true,
        "pending",
      ]);
      expect(await stockOf(issue.id)).toBe(0);
      const [confirmation] = api.mail.messages({ to: order.customer.email, subject: "付款完成" });
      expect(confirmation?.text).toContain(texts.paidOutOfStock);
      const office = api.mail.messages({ to: api.ecpay.shop.contactInboxes.orders, subject: "付款後缺貨" });
      expect(office.map((mail) => mail.subject)).toEqual([
        `【付款後缺貨】訂單 ${order.number}（NT$ ${paid.total.toLocaleString("en-US")}）`,
      ]);
      expect(office[0]!.text).toContain(`${issue.title} × 2`);
    });
  });

  describe("POST /orders/{number}/cancel", () => {
    it("lets the buyer give up an unpaid order: cancelled once, its stock back at once", async () => {
      const { issue, order, token } = await guestOrder({}, 5);
      expect(await stockOf(issue.id)).toBe(3);
      // Nobody else may: the order might as well not exist.
      expect((await api.post(`/orders/${order.number}/cancel`, {})).status).toBe(404);
      const stranger = await signedIn();
      expect((await api.post(`/orders/${order.number}/cancel`, {}, stranger.auth)).status).toBe(404);

      const cancelled = await api.post<{ data: Order; message: string }>(
        `/orders/${order.number}/cancel`,
        {},
        token,
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.message).toBe("訂單已取消，保留的商品已釋出");
      expect([cancelled.body.data.status, cancelled.body.data.payable]).toEqual(["cancelled", false]);
      expect(await stockOf(issue.id)).toBe(5);
      const again = await api.post<ApiError>(`/orders/${order.number}/cancel`, {}, token);
      expect([again.status, again.body.message]).toEqual([409, texts.notCancellable]);
      expect(await stockOf(issue.id)).toBe(5);
      expect((await api.get(`/order-ecpay?number=${order.number}`, token)).status).toBe(409);
    });

    it("leaves alone an order that is paid, or waits on an issued code", async () => {
      const paid = await guestOrder();
      const form = await paymentForm(paid.order.number, paid.token);
      expect((await api.postForm("/ecpay/return", paidNotice(form))).body).toBe("1|OK");
      expect((await api.post(`/orders/${paid.order.number}/cancel`, {}, paid.token)).status).toBe(409);
      expect((await orderOf(paid.order.number, paid.token)).status).toBe("paid");

      const atm = await guestOrder({ payment: "atm" });
      const atmForm = await paymentForm(atm.order.number, atm.token);
      const issued = atmAccountIssued(atmForm.fields, api.ecpay.shop.payment, {
        vAccount: "9103522175887271",
        tradeNo: "2611231200008888",
      });
      expect((await api.postForm("/ecpay/payment-info", issued)).body).toBe("1|OK");
      expect((await api.post(`/orders/${atm.order.number}/cancel`, {}, atm.token)).status).toBe(409);
      expect((await orderOf(atm.order.number, atm.token)).status).toBe("awaiting_payment");
    });
  });

  describe("holds renewed by payment attempts", () => {
    const minute = 60_000;
    const holdOf = async (number: string) =>
      new Date(
        (await api.db.select().from(orders).where(eq(orders.number, number)))[0]!.reserved_until!,
      ).getTime();
    const backdate = (number: string, startedMinutesAgo: number, heldMinutes: number) =>
      api.db
        .update(orders)
        .set({
          created_at: new Date(Date.now() - startedMinutesAgo * minute).toISOString(),
          reserved_until: new Date(Date.now() + heldMinutes * minute).toISOString(),
        })
        .where(eq(orders.number, number));

    it("hold the stock for the payment's time, but never past four holds from the order's start", async () => {
      const { order, token } = await guestOrder();
      const reservation = api.ecpay.shop.reservationMinutes;
      const started = Date.now();
      await paymentForm(order.number, token);
      expect(await holdOf(order.number)).toBeGreaterThanOrEqual(started + reservation * minute);

      // Near the limit: renewed only up to it.
      await backdate(order.number, 4 * reservation - 20, 5);
      const before = Date.now();
      await paymentForm(order.number, token);
      const limited = await holdOf(order.number);
      expect(limited).toBeLessThanOrEqual(Date.now() + 20 * minute + 1000);
      expect(limited).toBeGreaterThanOrEqual(before + 20 * minute - 1000);

      // Past it, with the hold running out: no new payment page (the stock could lapse mid-payment).
      await backdate(order.number, 4 * reservation + 10, 1);
      const held = await holdOf(order.number);
      const refused = await api.get<ApiError>(`/order-ecpay?number=${order.number}`, token);
      expect([refused.status, refused.body.message]).toEqual([
        409,
        "此訂單的保留時間即將結束，請回到購物車重新下單",
      ]);
      expect(await holdOf(order.number)).toBe(held);
    });
  });

  describe("the last copies", () => {
    it("go to exactly as many of 100 concurrent buyers as there are copies", async () => {
      const issue = await insertMagazine(api.db, { stock: 5, max_quantity: 10 });
      const responses = await Promise.all(
        Array.from({ length: 100 }, () =>
          place(draft([{ item_id: issue.id, type: "magazine", quantity: 1 }])),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
      expect(await stockOf(issue.id)).toBe(0);
      const held = await api.db.select().from(orders);
      const holding = held.filter((row) =>
        responses.some((response) => response.status === 201 && response.body.data.number === row.number),
      );
      expect(holding).toHaveLength(5);
    }, 60_000);
  });

  describe("convenience-store map", () => {
    it("gives the map form and brings the chosen store back to checkout with a 303", async () => {
      const map = await api.post<Form>("/ecpay/cvs-map/init", { brand: "FAMIC2C", token: "abc123" });
      expect(map.status).toBe(200);
      expect(map.body.action).toBe(api.ecpay.shop.endpoints.logisticsMap);
      expect(map.body.fields).toMatchObject({
        LogisticsSubType: "FAMIC2C",
        ServerReplyURL: `${testAuthConfig.apiUrl}/ecpay/cvs-map/reply`,
        ExtraData: "abc123",
      });
      expectInvalid(await api.post("/ecpay/cvs-map/init", { brand: "NOPE" }), "brand");
      const reply = await api.postForm("/ecpay/cvs-map/reply", {
        MerchantID: api.ecpay.shop.logistics.merchantId,
        MerchantTradeNo: "",
        LogisticsSubType: "FAMIC2C",
        CVSStoreID: "006598",
        CVSStoreName: "全家台北店",
        CVSAddress: "台北市中正區羅斯福路一段 1 號",
        CVSTelephone: "",
        CVSOutSide: "0",
        ExtraData: "abc123",
      });
      expect(reply.status).toBe(303);
      const location = new URL(reply.headers.get("location")!);
      expect(location.origin + location.pathname).toBe(`${testAuthConfig.siteUrl}/cart/checkout`);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        store_id: "006598",
        store_name: "全家台北店",
        store_address: "台北市中正區羅斯福路一段 1 號",
        brand: "FAMIC2C",
        token: "abc123",
      });
      const bad = await api.postForm("/ecpay/cvs-map/reply", { CVSStoreID: "<script>" });
      expect(new URL(bad.headers.get("location")!).searchParams.get("store_error")).toBe(texts.chooseStore);
    });
  });
});
