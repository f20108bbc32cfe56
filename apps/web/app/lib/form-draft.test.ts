import { describe, expect, it } from "vitest";
import { checkoutDraft, donationDraft, draftOf } from "./form-draft.ts";

describe("the checkout form kept for a return from the cart", () => {
  it("keeps what was typed, never passwords, the captcha, the cart's choices or the chosen store", () => {
    const form = new FormData();
    form.set("customer.name", "林小滿");
    form.set("customer.email", "reader@example.tw");
    form.set("customer.phone", "");
    form.set("receipt.type", "company");
    form.set("register", "on");
    form.set("password", "Secret123");
    form.set("password_confirmation", "Secret123");
    form.set("g_recaptcha_response", "token");
    form.set("payment", "credit");
    form.set("shipping", "cvs");
    form.set("delivery", "UNIMARTC2C");
    form.set("receiver.store.id", "131386");
    form.set("receiver.name", "林小滿");
    expect(draftOf(checkoutDraft, form.entries())).toEqual({
      "customer.name": "林小滿",
      "customer.email": "reader@example.tw",
      "receipt.type": "company",
      register: "on",
      "receiver.name": "林小滿",
    });
  });
});

describe("the donation form kept for a return from ECPay's page", () => {
  it("keeps what was typed, never the national ID or the captcha", () => {
    const form = new FormData();
    form.set("amount", "1000");
    form.set("name", "林小滿");
    form.set("tax_upload", "on");
    form.set("id_number", "A123456789");
    form.set("g_recaptcha_response", "token");
    form.set("terms", "on");
    expect(draftOf(donationDraft, form.entries())).toEqual({
      amount: "1000",
      name: "林小滿",
      tax_upload: "on",
      terms: "on",
    });
  });
});
