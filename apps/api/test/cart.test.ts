import type { ApiError, CartBulkResult, CartLine } from "@shiyi/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { magazines, members, merchandise } from "../src/db/schema.ts";
import { startSession } from "../src/services/tokens.ts";
import { expectInvalid, testAuthConfig, useApi, type ApiResponse } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { daysFromNow, image, insertMagazine, insertMerch } from "./fixtures.ts";

const texts = {
  added: "成功加入購物車",
  updated: "成功更新購物車",
  removed: "已移除商品",
  unavailable: "此商品已下架或不存在",
  soldOut: "此商品已售完",
  overStock: (n: number) => `庫存不足，目前最多可購買 ${n} 件`,
  overMax: (n: number) => `每筆訂單最多購買 ${n} 件`,
  unauthenticated: "Unauthenticated.",
};

type LineItem = { data: CartLine; message: string };
type Cart = { data: CartLine[] };

function expectNoStore(response: ApiResponse<unknown>) {
  expect(response.headers.get("cache-control")).toBe("private, no-store");
}

function expectRefused(
  response: ApiResponse<unknown>,
  field: "quantity" | "item_id" | "sku",
  message: string,
) {
  expectInvalid(response, field);
  expect(response.body).toEqual({ message, errors: { [field]: [message] } });
}

let sequence = 0;

describe.each(databaseTargets())("cart on $name", (target) => {
  const api = useApi(target);

  /** A verified member of their own, signed in: each test's cart starts empty. */
  async function signedIn() {
    const n = (sequence += 1);
    const [row] = await api.db
      .insert(members)
      .values({ email: `cart${n}@example.com`, name: "王小明", email_verified_at: new Date().toISOString() })
      .returning();
    const tokens = await startSession(api.db, testAuthConfig, row!.id);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    return {
      cart: () => api.get<Cart>("/cart", auth),
      add: <T = LineItem>(body: unknown) => api.post<T>("/cart", body, auth),
      update: <T = LineItem>(id: number, body: unknown) => api.patch<T>(`/cart/${id}`, body, auth),
      remove: <T = { message: string }>(id: number) => api.delete<T>(`/cart/${id}`, auth),
    };
  }

  const magazine = (values: Parameters<typeof insertMagazine>[1] = {}) =>
    insertMagazine(api.db, { stock: 20, max_quantity: 10, ...values });
  const merch = (values: Parameters<typeof insertMerch>[1] = {}) =>
    insertMerch(api.db, { stock: 20, max_quantity: 10, ...values });
  const sizes = { name: "尺寸", values: ["S", "M", "L"] };
  const colours = { name: "顏色", values: ["米色", "藍", "紅"] };

  describe("signed out", () => {
    it("answers every cart call with 401 Unauthenticated.", async () => {
      const item = await magazine();
      const line = { item_id: item.id, type: "magazine", quantity: 1 };
      for (const response of [
        await api.get<ApiError>("/cart"),
        await api.post<ApiError>("/cart", line),
        await api.post<ApiError>("/cart", { quantity: 0 }),
        await api.patch<ApiError>("/cart/1", { quantity: 1 }),
        await api.delete<ApiError>("/cart/1"),
        await api.get<ApiError>("/cart", { authorization: "Bearer not-a-token" }),
      ]) {
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: texts.unauthenticated });
        expect(response.headers.get("cache-control")).toMatch(/no-store/);
      }
    });
  });

  describe("GET /cart", () => {
    it("is empty for a new member and kept by no cache", async () => {
      const member = await signedIn();
      const response = await member.cart();
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: [] });
      expectNoStore(response);
    });

    it("shows each line with its item as it is now: prices, stock, limit, thumbnail", async () => {
      const member = await signedIn();
      const issue = await magazine({
        title: "第88期 米",
        price: 300,
        original_price: 350,
        overseas_price: 500,
        cover: image("/media/88.jpg", 600, 800),
      });
      const tote = await merch({
        title: "帆布袋",
        price: 450,
        images: [image("/media/tote.jpg")],
        options: [colours],
      });
      await member.add({ item_id: issue.id, type: "magazine", quantity: 2 });
      await member.add({ item_id: tote.id, type: "merch", sku: ["米色"], quantity: 1 });
      await api.db.update(magazines).set({ price: 320, stock: 7 }).where(eq(magazines.id, issue.id));

      const { body } = await member.cart();
      expect(body.data).toEqual([
        expect.objectContaining({
          item_id: tote.id,
          type: "merch",
          sku: ["米色"],
          quantity: 1,
          price: 450,
          title: "帆布袋",
          path: tote.path,
          issue: null,
          thumbnail: image("/media/tote.jpg"),
          available: 1,
        }),
        {
          id: expect.any(Number),
          item_id: issue.id,
          type: "magazine",
          sku: [],
          quantity: 2,
          price: 320,
          original_price: 350,
          overseas_price: 500,
          path: issue.path,
          title: "第88期 米",
          info_title: null,
          description: null,
          issue: issue.issue,
          thumbnail: image("/media/88.jpg", 600, 800),
          stock: 7,
          max_quantity: 10,
          available: 1,
        },
      ]);
    });

    it("marks lines whose item was switched off, soft-deleted or not yet published as unavailable", async () => {
      const member = await signedIn();
      const off = await magazine();
      const deleted = await merch();
      const later = await merch();
      const kept = await merch();
      for (const item of [off, deleted, later, kept]) {
        const type = "issue" in item ? "magazine" : "merch";
        expect((await member.add({ item_id: item.id, type, quantity: 1 })).status).toBe(201);
      }
      await api.db.update(magazines).set({ status: 0 }).where(eq(magazines.id, off.id));
      await api.db
        .update(merchandise)
        .set({ deleted_at: daysFromNow(-1) })
        .where(eq(merchandise.id, deleted.id));
      await api.db
        .update(merchandise)
        .set({ start_at: daysFromNow(2) })
        .where(eq(merchandise.id, later.id));

      const { body } = await member.cart();
      const availability = Object.fromEntries(body.data.map((line) => [line.item_id, line.available]));
      expect(availability).toEqual({ [off.id]: 0, [deleted.id]: 0, [later.id]: 0, [kept.id]: 1 });
    });

    it("shows only the member's own lines", async () => {
      const [one, other] = [await signedIn(), await signedIn()];
      const item = await merch();
      await one.add({ item_id: item.id, type: "merch", quantity: 1 });
      expect((await other.cart()).body.data).toEqual([]);
    });
  });

  describe("POST /cart", () => {
    it("adds a line at the item's price, whatever price the client sends (201)", async () => {
      const member = await signedIn();
      const item = await magazine({ price: 280, original_price: 300 });
      const response = await member.add({
        item_id: item.id,
        type: "magazine",
        quantity: 2,
        price: 1,
        original_price: 2,
      });
      expect(response.status).toBe(201);
      expectNoStore(response);
      expect(response.body.message).toBe(texts.added);
      expect(response.body.data).toMatchObject({
        item_id: item.id,
        type: "magazine",
        sku: [],
        quantity: 2,
        price: 280,
        original_price: 300,
        available: 1,
      });
      expect((await member.cart()).body.data).toEqual([response.body.data]);
    });

    it("adds to the quantity of the line with the same item, type and sku", async () => {
      const member = await signedIn();
      const item = await merch({ options: [sizes, colours] });
      const first = await member.add({ item_id: item.id, type: "merch", sku: ["M", "藍"], quantity: 2 });
      const second = await member.add({ item_id: item.id, type: "merch", sku: [" M ", "藍"], quantity: 3 });
      expect(second.status).toBe(201);
      expect(second.body.data).toMatchObject({ id: first.body.data.id, sku: ["M", "藍"], quantity: 5 });
      const { body } = await member.cart();
      expect(body.data.map((line) => [line.id, line.quantity])).toEqual([[first.body.data.id, 5]]);
    });

    it("keeps another sku on a line of its own, newest first", async () => {
      const member = await signedIn();
      const item = await merch({ options: [sizes] });
      const small = await member.add({ item_id: item.id, type: "merch", sku: ["S"], quantity: 1 });
      const large = await member.add({ item_id: item.id, type: "merch", sku: ["L"], quantity: 1 });
      const medium = await member.add({ item_id: item.id, type: "merch", sku: ["M"], quantity: 1 });
      expect(new Set([small, large, medium].map((r) => r.body.data.id)).size).toBe(3);
      const { body } = await member.cart();
      expect(body.data.map((line) => line.sku)).toEqual([["M"], ["L"], ["S"]]);
    });

    it("shows a line whose sku is no longer a choice of its item's options as unavailable", async () => {
      const member = await signedIn();
      const item = await merch();
      expect((await member.add({ item_id: item.id, type: "merch", quantity: 1 })).status).toBe(201);
      // An editor gives the item options after it went into carts.
      await api.db
        .update(merchandise)
        .set({ options: [sizes] })
        .where(eq(merchandise.id, item.id));
      expect((await member.cart()).body.data.map((line) => line.available)).toEqual([0]);
      const preview = await api.post<{ data: CartLine[] }>("/cart/preview", {
        items: [
          { item_id: item.id, type: "merch", quantity: 1 },
          { item_id: item.id, type: "merch", sku: ["M"], quantity: 1 },
        ],
      });
      expect(preview.body.data.map((line) => line.available)).toEqual([0, 1]);
    });

    it("takes one value of each of the item's options, in their order, and none for an item without", async () => {
      const member = await signedIn();
      const item = await merch({ options: [sizes, colours] });
      const plain = await merch();
      const issue = await magazine();
      for (const [body, message] of [
        [{ item_id: item.id, type: "merch", quantity: 1 }, "請選擇尺寸"],
        [{ item_id: item.id, type: "merch", sku: ["M"], quantity: 1 }, "請選擇顏色"],
        [{ item_id: item.id, type: "merch", sku: ["XL", "藍"], quantity: 1 }, "沒有這個尺寸，請重新選擇"],
        [{ item_id: item.id, type: "merch", sku: ["藍", "M"], quantity: 1 }, "沒有這個尺寸，請重新選擇"],
        [
          { item_id: item.id, type: "merch", sku: ["M", "藍", "大"], quantity: 1 },
          "規格選擇有誤，請重新選擇",
        ],
        [{ item_id: plain.id, type: "merch", sku: ["米色"], quantity: 1 }, "此商品沒有可選的規格"],
        [{ item_id: issue.id, type: "magazine", sku: ["精裝"], quantity: 1 }, "此商品沒有可選的規格"],
      ] as const) {
        expectRefused(await member.add(body), "sku", message);
      }
      expect((await member.cart()).body.data).toEqual([]);
      expect(
        (await member.add({ item_id: item.id, type: "merch", sku: ["M", "藍"], quantity: 1 })).status,
      ).toBe(201);
    });

    it("keeps a magazine and a piece of merchandise that share an id on lines of their own", async () => {
      const member = await signedIn();
      const id = 900_000 + (sequence += 1);
      await merch({ id });
      await magazine({ id });
      await member.add({ item_id: id, type: "merch", quantity: 1 });
      await member.add({ item_id: id, type: "magazine", quantity: 2 });
      const { body } = await member.cart();
      expect(body.data.map((line) => [line.item_id, line.type, line.quantity])).toEqual([
        [id, "magazine", 2],
        [id, "merch", 1],
      ]);
    });

    it("refuses more than the stock (422 on quantity), counting what the cart already holds", async () => {
      const member = await signedIn();
      const item = await merch({ stock: 3, max_quantity: 10, options: [sizes] });
      expect((await member.add({ item_id: item.id, type: "merch", sku: ["S"], quantity: 2 })).status).toBe(
        201,
      );
      const response = await member.add({ item_id: item.id, type: "merch", sku: ["S"], quantity: 2 });
      expectRefused(response, "quantity", texts.overStock(3));
      expectNoStore(response);
      // Other skus of the item draw on the same stock.
      const otherSku = await member.add({ item_id: item.id, type: "merch", sku: ["L"], quantity: 2 });
      expectRefused(otherSku, "quantity", texts.overStock(3));
      expect((await member.cart()).body.data.map((line) => line.quantity)).toEqual([2]);
    });

    it("refuses more than the item's max_quantity per order (422 on quantity)", async () => {
      const member = await signedIn();
      const item = await magazine({ stock: 50, max_quantity: 2 });
      expectRefused(
        await member.add({ item_id: item.id, type: "magazine", quantity: 3 }),
        "quantity",
        texts.overMax(2),
      );
      expect((await member.add({ item_id: item.id, type: "magazine", quantity: 2 })).status).toBe(201);
      expectRefused(
        await member.add({ item_id: item.id, type: "magazine", quantity: 1 }),
        "quantity",
        texts.overMax(2),
      );
    });

    it("counts adds made at the same time one after the other: together they never pass the stock", async () => {
      const member = await signedIn();
      const item = await merch({ stock: 3, max_quantity: 10 });
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => member.add({ item_id: item.id, type: "merch", quantity: 1 })),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([201, 201, 201, 422, 422]);
      expect((await member.cart()).body.data.map((line) => line.quantity)).toEqual([3]);
    });

    it("refuses a sold-out item", async () => {
      const member = await signedIn();
      const item = await merch({ stock: 0 });
      expectRefused(
        await member.add({ item_id: item.id, type: "merch", quantity: 1 }),
        "quantity",
        texts.soldOut,
      );
    });

    it("refuses an item that is switched off, soft-deleted, not yet published or unknown (422 on item_id)", async () => {
      const member = await signedIn();
      const off = await magazine({ status: 0 });
      const deleted = await merch({ deleted_at: daysFromNow(-1) });
      const later = await merch({ start_at: daysFromNow(3) });
      for (const line of [
        { item_id: off.id, type: "magazine" },
        { item_id: deleted.id, type: "merch" },
        { item_id: later.id, type: "merch" },
        { item_id: 2_000_000_000, type: "merch" },
        { item_id: 1_999_999_999, type: "magazine" },
      ]) {
        expectRefused(await member.add({ ...line, quantity: 1 }), "item_id", texts.unavailable);
      }
      expect((await member.cart()).body.data).toEqual([]);
    });

    it("checks the line's fields (422 naming the field)", async () => {
      const member = await signedIn();
      const item = await merch();
      expectInvalid(await member.add({ item_id: item.id, type: "merch", quantity: 0 }), "quantity");
      expectInvalid(await member.add({ item_id: item.id, type: "merch", quantity: 1000 }), "quantity");
      expectInvalid(await member.add({ item_id: item.id, type: "merch", quantity: 1.5 }), "quantity");
      expectInvalid(await member.add({ item_id: item.id, type: "ebook", quantity: 1 }), "type");
      expectInvalid(await member.add({ item_id: item.id, type: "merch", sku: [""], quantity: 1 }), "sku");
      // A missing item is 此項為必填; one named by something other than a number is malformed.
      const missing = await member.add<ApiError>({ type: "merch", quantity: 1 });
      expect(missing.body.errors?.item_id).toEqual(["此項為必填"]);
      const named = await member.add<ApiError>({ item_id: "x", type: "merch", quantity: 1 });
      expectInvalid(named, "item_id");
      expect(named.body.errors?.item_id).toEqual(["參數格式不正確"]);
      // A field of the wrong type gets the site's words, not the schema library's English.
      const wrongType = await member.add({ item_id: item.id, type: "merch", sku: null, quantity: 1 });
      expectInvalid(wrongType, "sku");
      expect(wrongType.body).toEqual({ message: "參數格式不正確", errors: { sku: ["參數格式不正確"] } });
    });

    describe("with items (the local cart merged at login)", () => {
      it("adds every line in one call, merging with the cart, the list's first line on top", async () => {
        const member = await signedIn();
        const [a, b, c] = [
          await merch({ options: [sizes] }),
          await magazine(),
          await merch({ options: [colours] }),
        ];
        const existing = await member.add({ item_id: a.id, type: "merch", sku: ["L"], quantity: 1 });

        const response = await member.add<CartBulkResult>({
          items: [
            { item_id: b.id, type: "magazine", quantity: 2 },
            { item_id: a.id, type: "merch", sku: ["L"], quantity: 2, price: 1 },
            { item_id: c.id, type: "merch", sku: ["紅"], quantity: 1 },
          ],
        });
        expect(response.status).toBe(201);
        expectNoStore(response);
        // In pieces, as the cart counts them: 2 of b, 1 of c and 2 more of a.
        expect(response.body.message).toBe("成功加入 5 件商品");
        expect(response.body.adjusted).toEqual([]);
        expect(response.body.data.map((line) => [line.item_id, line.sku, line.quantity])).toEqual([
          [b.id, [], 2],
          [c.id, ["紅"], 1],
          [a.id, ["L"], 3],
        ]);
        expect(response.body.data.find((line) => line.item_id === a.id)).toMatchObject({
          id: existing.body.data.id,
          price: a.price,
        });
        expect((await member.cart()).body).toEqual({ data: response.body.data });
      });

      it("lowers a line past the limit to the most allowed, leaves out what cannot be bought, and says so", async () => {
        const member = await signedIn();
        const scarce = await merch({ stock: 3, max_quantity: 10 });
        const limited = await magazine({ stock: 50, max_quantity: 2 });
        const off = await merch({ status: 0 });
        const soldOut = await merch({ stock: 0 });
        const fine = await merch();
        await member.add({ item_id: scarce.id, type: "merch", quantity: 1 });

        const response = await member.add<CartBulkResult>({
          items: [
            { item_id: scarce.id, type: "merch", quantity: 5 },
            { item_id: limited.id, type: "magazine", quantity: 4 },
            { item_id: off.id, type: "merch", quantity: 1 },
            { item_id: soldOut.id, type: "merch", quantity: 1 },
            { item_id: fine.id, type: "merch", quantity: 1 },
          ],
        });
        expect(response.status).toBe(201);
        expect(response.body.message).toBe(
          "成功加入 5 件商品；2 項商品已調整為可購買的數量上限；2 項商品已下架、售完或已達購買上限，未加入",
        );
        expect(response.body.adjusted).toEqual([
          { item_id: scarce.id, type: "merch", sku: [], quantity: 3, message: texts.overStock(3) },
          { item_id: limited.id, type: "magazine", sku: [], quantity: 2, message: texts.overMax(2) },
          { item_id: off.id, type: "merch", sku: [], quantity: 0, message: texts.unavailable },
          { item_id: soldOut.id, type: "merch", sku: [], quantity: 0, message: texts.soldOut },
        ]);
        const quantities = Object.fromEntries(
          response.body.data.map((line) => [line.item_id, line.quantity]),
        );
        expect(quantities).toEqual({ [scarce.id]: 3, [limited.id]: 2, [fine.id]: 1 });
      });

      it("checks every line (422) and changes nothing when one is malformed", async () => {
        const member = await signedIn();
        const item = await merch();
        const response = await member.add({
          items: [
            { item_id: item.id, type: "merch", quantity: 1 },
            { item_id: item.id, type: "merch", quantity: 0 },
          ],
        });
        expectInvalid(response, "items");
        expectInvalid(await member.add({ items: [] }), "items");
        expect((await member.cart()).body.data).toEqual([]);
      });
    });
  });

  describe("POST /cart/preview (an anonymous visitor's local cart)", () => {
    type Preview = { data: Omit<CartLine, "id">[] };
    const preview = <T = Preview>(body: unknown) => api.post<T>("/cart/preview", body);

    it("shows the lines sent, in their order, with each item as it is now, without signing in", async () => {
      const issue = await magazine({
        price: 300,
        original_price: 350,
        overseas_price: 500,
        stock: 7,
        cover: image("/media/preview.jpg", 600, 800),
      });
      const tote = await merch({
        title: "帆布袋",
        price: 450,
        images: [image("/media/tote-p.jpg")],
        options: [colours],
      });
      const response = await preview({
        items: [
          { item_id: tote.id, type: "merch", sku: [" 米色 "], quantity: 2, price: 1 },
          { item_id: issue.id, type: "magazine", quantity: 1 },
        ],
      });
      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body.data).toEqual([
        expect.objectContaining({
          item_id: tote.id,
          type: "merch",
          sku: ["米色"],
          quantity: 2,
          price: 450,
          title: "帆布袋",
          issue: null,
          thumbnail: image("/media/tote-p.jpg"),
          available: 1,
        }),
        {
          item_id: issue.id,
          type: "magazine",
          sku: [],
          quantity: 1,
          price: 300,
          original_price: 350,
          overseas_price: 500,
          path: issue.path,
          title: issue.title,
          info_title: null,
          description: null,
          issue: issue.issue,
          thumbnail: image("/media/preview.jpg", 600, 800),
          stock: 7,
          max_quantity: 10,
          available: 1,
        },
      ]);
    });

    it("refuses nothing: past the limit the quantity stays, an item off sale is unavailable, one gone is left out", async () => {
      const scarce = await merch({ stock: 2, max_quantity: 10 });
      const off = await magazine({ status: 0 });
      const soldOut = await merch({ stock: 0 });
      // Not yet started: nothing of it is public, so it is left out like an item that is gone.
      const upcoming = await magazine({ start_at: daysFromNow(1) });
      const response = await preview({
        items: [
          { item_id: scarce.id, type: "merch", quantity: 5 },
          { item_id: off.id, type: "magazine", quantity: 1 },
          { item_id: 2_000_000_000, type: "merch", quantity: 1 },
          { item_id: upcoming.id, type: "magazine", quantity: 1 },
          { item_id: soldOut.id, type: "merch", quantity: 1 },
        ],
      });
      expect(response.status).toBe(200);
      expect(
        response.body.data.map((line) => [line.item_id, line.quantity, line.stock, line.available]),
      ).toEqual([
        [scarce.id, 5, 2, 1],
        [off.id, 1, 20, 0],
        [soldOut.id, 1, 0, 1],
      ]);
    });

    it("writes nothing, not even for a signed-in member", async () => {
      const member = await signedIn();
      const item = await merch();
      const response = await api.post<Preview>(
        "/cart/preview",
        { items: [{ item_id: item.id, type: "merch", quantity: 1 }] },
        {},
      );
      expect(response.status).toBe(200);
      expect((await member.cart()).body.data).toEqual([]);
    });

    it("checks the lines (422 naming items)", async () => {
      const item = await merch();
      expectInvalid(await preview({ items: [] }), "items");
      expectInvalid(await preview({ items: [{ item_id: item.id, type: "merch", quantity: 0 }] }), "items");
      expectInvalid(await preview({ items: [{ item_id: item.id, type: "ebook", quantity: 1 }] }), "items");
      expectInvalid(await preview({ item_id: item.id, type: "merch", quantity: 1 }), "items");
      const tooMany = Array.from({ length: 101 }, () => ({ item_id: item.id, type: "merch", quantity: 1 }));
      expectInvalid(await preview({ items: tooMany }), "items");
    });
  });

  describe("PATCH /cart/{id}", () => {
    it("sets the quantity of the member's own line (200)", async () => {
      const member = await signedIn();
      const item = await merch({ price: 450 });
      const added = await member.add({ item_id: item.id, type: "merch", quantity: 1 });
      const response = await member.update(added.body.data.id, { quantity: 4, price: 1 });
      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({
        data: { ...added.body.data, quantity: 4, price: 450 },
        message: texts.updated,
      });
      expect((await member.cart()).body.data.map((line) => line.quantity)).toEqual([4]);
    });

    it("keeps to the stock and max_quantity, counting the item's other lines (422 on quantity)", async () => {
      const member = await signedIn();
      const scarce = await merch({ stock: 4, max_quantity: 10, options: [sizes] });
      const limited = await magazine({ stock: 50, max_quantity: 3 });
      const small = await member.add({ item_id: scarce.id, type: "merch", sku: ["S"], quantity: 1 });
      await member.add({ item_id: scarce.id, type: "merch", sku: ["L"], quantity: 2 });
      const issue = await member.add({ item_id: limited.id, type: "magazine", quantity: 1 });

      expectRefused(await member.update(small.body.data.id, { quantity: 3 }), "quantity", texts.overStock(4));
      expect((await member.update(small.body.data.id, { quantity: 2 })).status).toBe(200);
      expectRefused(await member.update(issue.body.data.id, { quantity: 4 }), "quantity", texts.overMax(3));
      expectInvalid(await member.update(issue.body.data.id, { quantity: 0 }), "quantity");
      // A body that is not an object at all is named as the body (`_`), not left without errors.
      const list = await member.update<ApiError>(issue.body.data.id, []);
      expect([list.status, list.body]).toEqual([
        422,
        { message: "參數格式不正確", errors: { _: ["參數格式不正確"] } },
      ]);
    });

    it("changes a line's options, alone or with its quantity, and asks for one of the two", async () => {
      const member = await signedIn();
      const item = await merch({ price: 680, options: [sizes, colours] });
      const added = await member.add({ item_id: item.id, type: "merch", sku: ["M", "藍"], quantity: 2 });
      const id = added.body.data.id;

      const moved = await member.update(id, { sku: ["L", "藍"] });
      expect([moved.status, moved.body]).toEqual([
        200,
        { data: { ...added.body.data, sku: ["L", "藍"] }, message: texts.updated },
      ]);
      const both = await member.update(id, { sku: [" S ", "紅"], quantity: 3 });
      expect(both.body.data).toMatchObject({ id, sku: ["S", "紅"], quantity: 3 });

      expectRefused(await member.update(id, { sku: ["XL", "紅"] }), "sku", "沒有這個尺寸，請重新選擇");
      expectRefused(await member.update(id, { sku: ["S"] }), "sku", "請選擇顏色");
      expectRefused(await member.update(id, {}), "quantity", "此項為必填");
      expectInvalid(await member.update(id, { sku: "S" }), "sku");
      expect((await member.cart()).body.data.map((line) => [line.sku, line.quantity])).toEqual([
        [["S", "紅"], 3],
      ]);
    });

    it("merges a line moved to the options of another line into that one, within the limit", async () => {
      const member = await signedIn();
      const item = await merch({ stock: 6, max_quantity: 10, options: [sizes] });
      const small = await member.add({ item_id: item.id, type: "merch", sku: ["S"], quantity: 2 });
      const large = await member.add({ item_id: item.id, type: "merch", sku: ["L"], quantity: 3 });

      // Six in all is the stock: seven is refused and nothing changes.
      expectRefused(
        await member.update(small.body.data.id, { sku: ["L"], quantity: 4 }),
        "quantity",
        texts.overStock(6),
      );
      const merged = await member.update(small.body.data.id, { sku: ["L"] });
      expect(merged.status).toBe(200);
      expect(merged.body.data).toMatchObject({ id: large.body.data.id, sku: ["L"], quantity: 5 });
      expect((await member.cart()).body.data.map((line) => [line.id, line.sku, line.quantity])).toEqual([
        [large.body.data.id, ["L"], 5],
      ]);
    });

    it("refuses a line whose item is no longer on sale (422)", async () => {
      const member = await signedIn();
      const item = await magazine();
      const added = await member.add({ item_id: item.id, type: "magazine", quantity: 1 });
      await api.db.update(magazines).set({ status: 0 }).where(eq(magazines.id, item.id));
      expectRefused(await member.update(added.body.data.id, { quantity: 2 }), "item_id", texts.unavailable);
    });

    it("answers another member's line as an unknown one: 404, the same message, nothing changed", async () => {
      const [owner, other] = [await signedIn(), await signedIn()];
      const item = await merch();
      const added = await owner.add({ item_id: item.id, type: "merch", quantity: 1 });
      const others = await other.update<ApiError>(added.body.data.id, { quantity: 2 });
      expect((await owner.cart()).body.data.map((line) => line.quantity)).toEqual([1]);

      const unknown = await owner.update<ApiError>(2_000_000_000, { quantity: 1 });
      expect([others.status, others.body]).toEqual([404, unknown.body]);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBeTruthy();
      expect((await owner.update(0, { quantity: 1 })).status).toBe(422);
    });
  });

  describe("DELETE /cart/{id}", () => {
    it("removes the member's own line, even one whose item was withdrawn", async () => {
      const member = await signedIn();
      const [kept, withdrawn] = [await merch(), await merch()];
      await member.add({ item_id: kept.id, type: "merch", quantity: 1 });
      const added = await member.add({ item_id: withdrawn.id, type: "merch", quantity: 1 });
      await api.db
        .update(merchandise)
        .set({ deleted_at: daysFromNow(0) })
        .where(eq(merchandise.id, withdrawn.id));

      const response = await member.remove(added.body.data.id);
      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({ message: texts.removed });
      expect((await member.cart()).body.data.map((line) => line.item_id)).toEqual([kept.id]);
      expect((await member.remove<ApiError>(added.body.data.id)).status).toBe(404);
    });

    it("answers another member's line as an unknown one: 404, the same message, nothing removed", async () => {
      const [owner, other] = [await signedIn(), await signedIn()];
      const item = await merch();
      const added = await owner.add({ item_id: item.id, type: "merch", quantity: 1 });
      const others = await other.remove<ApiError>(added.body.data.id);
      expect((await owner.cart()).body.data).toHaveLength(1);
      const unknown = await owner.remove<ApiError>(2_000_000_000);
      expect([others.status, others.body]).toEqual([404, unknown.body]);
    });
  });
});
