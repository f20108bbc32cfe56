import { describe, expect, it } from "vitest";
import { donationDraftSchema } from "./donations.ts";
import { orderDraftSchema } from "./orders.ts";

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the donation draft", () => {
  it("says the way to pay's range for an amount of 0, and at least 1 before a way is chosen", () => {
    const zero = donationDraftSchema.safeParse({ amount: "0", frequency: "once", payment: "cvs" });
    expect(messagesOf(zero).amount).toBe("捐款金額須介於 100 至 6,000 元");
    const unchosen = donationDraftSchema.safeParse({ amount: "0", frequency: "once" });
    expect(messagesOf(unchosen).amount).toBe("輸入數值不得小於 1");
  });

  it("says 此項為必填 for an empty amount", () => {
    const errors = messagesOf(
      donationDraftSchema.safeParse({ amount: "", frequency: "once", payment: "credit" }),
    );
    expect(errors.amount).toBe("此項為必填");
  });

  it("shows the rules that tie fields together in the same round as the missing fields", () => {
    const errors = messagesOf(
      donationDraftSchema.safeParse({
        amount: "7000",
        frequency: "monthly",
        payment: "cvs",
        receipt: "yearly",
        receipt_format: "paper",
        tax_upload: "on",
      }),
    );
    expect(errors).toMatchObject({
      name: "此項為必填",
      email: "此項為必填",
      terms: "請勾選同意條款",
      amount: "捐款金額須介於 100 至 6,000 元",
      payment: "定期定額捐款僅能以信用卡付款",
      id_number: "申報所得稅扣除額需填寫身分證字號",
      "address.zip": "紙本收據需填寫郵寄地址",
    });
  });
});

describe("the order draft", () => {
  it("asks for the store and the company's tax ID together with the missing buyer", () => {
    const errors = messagesOf(
      orderDraftSchema.safeParse({
        customer: {},
        receiver: { name: "林小華", phone: "0912345678" },
        line_items: [{ item_id: 1, type: "magazine", quantity: 1 }],
        payment: "credit",
        shipping: "cvs",
        delivery: "FAMIC2C",
        receipt: { type: "company", title: "食藝" },
      }),
    );
    expect(errors).toMatchObject({
      "customer.name": "此項為必填",
      "receiver.store": "請選擇取貨門市",
      "receipt.tax_id": "此項為必填",
    });
  });
});
