import { describe, expect, it } from "vitest";
import { addressLine, orderDraftSchema, type OrderDraftInput } from "./orders.ts";

const taipei = { zip: "106", city: "臺北市", dist: "大安區", addr: "復興南路一段 219 巷 18 號" };
const berlin = { zip: "10115", city: "Germany", dist: "Berlin", addr: "Torstraße 1" };
const london = { zip: "SW1A 1AA", city: "United Kingdom", dist: "London", addr: "10 Downing Street" };

const draft = (overrides: Partial<OrderDraftInput>): OrderDraftInput => ({
  customer: { name: "林小華", email: "reader@example.com", phone: "0912345678" },
  receiver: { name: "林小華", phone: "0912345678", address: taipei },
  line_items: [{ item_id: 1, type: "magazine", sku: [], quantity: 1 }],
  payment: "credit",
  shipping: "home",
  receipt: { type: "personal" },
  ...overrides,
});

const errorsOf = (input: OrderDraftInput) => {
  const parsed = orderDraftSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
};

describe("where an order goes, and how the people in it are reached", () => {
  it("delivers in Taiwan to Taiwan's postcodes and mobile numbers (SPEC §5)", () => {
    expect(errorsOf(draft({}))).toEqual({});
    expect(
      errorsOf(
        draft({
          customer: { name: "林小華", email: "reader@example.com", phone: "+1 415 555 0100" },
          receiver: { name: "林小華", phone: "0912", address: { ...taipei, zip: "SW1A 1AA" } },
        }),
      ),
    ).toEqual({
      "customer.phone": ["請輸入 09 開頭的 10 位數手機號碼"],
      "receiver.phone": ["請輸入 09 開頭的 10 位數手機號碼"],
      "receiver.address.zip": ["請輸入 3、5 或 6 位數的郵遞區號"],
    });
  });

  it.each([
    ["106", true],
    ["10651", true],
    ["106001", true],
    ["1060", false],
    ["10", false],
    ["1060012", false],
  ])("takes a Taiwan postcode of 3, 5 or 6 digits: %s", (zip, valid) => {
    const errors = errorsOf(
      draft({ receiver: { name: "林小華", phone: "0912345678", address: { ...taipei, zip } } }),
    );
    expect(errors).toEqual(valid ? {} : { "receiver.address.zip": ["請輸入 3、5 或 6 位數的郵遞區號"] });
  });

  it("reads phones and postcodes typed in full width or grouped, and keeps them plain", () => {
    const parsed = orderDraftSchema.parse(
      draft({
        customer: { name: "林小華", email: "reader@example.com", phone: "０９１２－３４５－６７８" },
        receiver: { name: "林小華", phone: "+886 912 345 678", address: { ...taipei, zip: "１０６" } },
      }),
    );
    expect([parsed.customer.phone, parsed.receiver.phone, parsed.receiver.address?.zip]).toEqual([
      "0912345678",
      "0912345678",
      "106",
    ]);
    const abroad = orderDraftSchema.parse(
      draft({
        shipping: "overseas",
        receiver: {
          name: "Lin Hua",
          phone: "＋４９ ３０ １２３４５６７",
          address: { ...berlin, zip: "１０１１５" },
        },
      }),
    );
    expect([abroad.receiver.phone, abroad.receiver.address?.zip]).toEqual(["+49 30 1234567", "10115"]);
  });

  it("takes a landline as it is written, at home or abroad, and refuses what is no number", () => {
    const parsed = orderDraftSchema.parse(
      draft({
        customer: {
          name: "林小華",
          email: "reader@example.com",
          phone: "0912345678",
          tel: "（０２）２３４５－６７８９＃１２",
        },
        receiver: { name: "Lin Hua", phone: "0912345678", tel: " +44 20 7946 0958 ", address: taipei },
      }),
    );
    expect([parsed.customer.tel, parsed.receiver.tel]).toEqual(["(02)2345-6789#12", "+44 20 7946 0958"]);
    expect(
      errorsOf(
        draft({
          customer: { name: "林小華", email: "reader@example.com", phone: "0912345678", tel: "02-2345-678x" },
          receiver: { name: "林小華", phone: "0912345678", tel: "12+345678", address: taipei },
        }),
      ),
    ).toEqual({ "customer.tel": ["請輸入正確的電話號碼"], "receiver.tel": ["請輸入正確的電話號碼"] });
  });

  it("sends abroad to an address and a phone of the receiver's country", () => {
    const abroad = draft({
      shipping: "overseas",
      customer: { name: "Lin Hua", email: "reader@example.com", phone: "+44 20 7946 0958" },
      receiver: { name: "Lin Hua", phone: "+49 30 1234567", address: berlin },
    });
    expect(errorsOf(abroad)).toEqual({});
    expect(
      errorsOf({ ...abroad, receiver: { name: "Lin Hua", phone: "0912345678", address: london } }),
    ).toEqual({});
    expect(
      errorsOf({
        ...abroad,
        receiver: { name: "Lin Hua", phone: "12345", address: { ...berlin, zip: "#1" } },
      }),
    ).toEqual({
      "receiver.phone": ["請輸入 09 開頭的手機號碼，或以 + 與國碼開頭的電話號碼"],
      "receiver.address.zip": ["請輸入正確的郵遞區號（英文字母、數字）"],
    });
  });

  it("sends a parcel for Taiwan by home delivery, not abroad, whatever Taiwan is called", () => {
    const abroad = draft({
      shipping: "overseas",
      customer: { name: "Lin Hua", email: "reader@example.com", phone: "+44 20 7946 0958" },
      receiver: { name: "Lin Hua", phone: "+49 30 1234567", address: berlin },
    });
    for (const country of [
      "臺灣",
      "台灣",
      "臺灣省",
      "Taiwan",
      " taiwan ",
      "TW",
      "R.O.C.",
      "Taiwan (R.O.C.)",
      "Taiwan, R.O.C.",
      "Taiwan ROC",
      "Taiwan, Republic of China",
      "台灣 Taiwan",
      "中華民國",
      "台北市",
      "臺北市",
    ]) {
      const toTaiwan = { ...abroad, receiver: { ...abroad.receiver, address: { ...berlin, city: country } } };
      expect(errorsOf(toTaiwan), country).toEqual({
        "receiver.address.city": ["寄送地址在臺灣，請選擇「宅配到府」"],
      });
    }
    // A buyer in Taiwan may send a parcel abroad; and countries that only look alike pass.
    const fromTaiwan = { ...abroad, customer: { ...abroad.customer, address: { ...taipei, zip: "106" } } };
    expect(errorsOf(fromTaiwan)).toEqual({});
    for (const country of [
      "Thailand",
      "Twnland",
      "Republic of Korea",
      "People's Republic of China",
      "China",
    ]) {
      const elsewhere = {
        ...abroad,
        receiver: { ...abroad.receiver, address: { ...berlin, city: country } },
      };
      expect(errorsOf(elsewhere), country).toEqual({});
    }
  });

  it("keeps an address in Taiwan to what a member's profile takes", () => {
    expect(
      errorsOf(
        draft({
          customer: {
            name: "林小華",
            email: "reader@example.com",
            phone: "0912345678",
            address: { zip: "SW1A 1AA", city: "United Kingdom", dist: "London", addr: "10 Downing Street" },
          },
          receiver: {
            name: "林小華",
            phone: "0912345678",
            address: { ...taipei, city: "臺北市臺北市臺北市臺北市" },
          },
        }),
      ),
    ).toEqual({
      "customer.address.zip": ["請輸入 3、5 或 6 位數的郵遞區號"],
      "customer.address.city": ["數值長度不得大於 10"],
      "receiver.address.city": ["數值長度不得大於 10"],
    });
  });

  it("writes an address on one line the way its country does", () => {
    expect(addressLine(taipei, false)).toBe("106 臺北市大安區復興南路一段 219 巷 18 號");
    expect(addressLine(berlin, true)).toBe("Torstraße 1, Berlin 10115, Germany");
  });

  it("keeps a draft's phone within bounds", () => {
    expect(
      errorsOf(
        draft({ customer: { name: "林小華", email: "reader@example.com", phone: `+${"1".repeat(30)}` } }),
      )["customer.phone"],
    ).toContain("數值長度不得大於 24");
  });
});

describe("the invoice's mobile barcode", () => {
  it("is read as typed in full width or lower case, and kept plain", () => {
    const parsed = orderDraftSchema.parse(
      draft({ receipt: { type: "mobile", carrier: "／ａｂｃ１２３４" } }),
    );
    expect(parsed.receipt.carrier).toBe("/ABC1234");
  });

  it("is refused when it is not a slash and seven of 0-9 A-Z . + -", () => {
    for (const carrier of ["ABC12345", "/ABC123", "/ABC12345", "/ABC_234"]) {
      expect(errorsOf(draft({ receipt: { type: "mobile", carrier } }))["receipt.carrier"], carrier).toEqual([
        "請輸入正確的手機條碼（/ 加 7 碼英數字）",
      ]);
    }
  });
});
