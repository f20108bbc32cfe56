import { describe, expect, it } from "vitest";
import { checkoutDraft, donationDraft, draftOf, keptValues } from "./form-draft.ts";

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

describe("whose draft it is", () => {
  const values = { amount: "1000", name: "林小滿", id_number: "A123456789" };

  it("gives a member's draft back to that member only", () => {
    const kept = { owner: "reader@example.tw", values };
    expect(keptValues(donationDraft, kept, "reader@example.tw")).toEqual({ amount: "1000", name: "林小滿" });
    // Logged out, or someone else signed in on the same tab: nothing of it.
    expect(keptValues(donationDraft, kept, null)).toBeNull();
    expect(keptValues(donationDraft, kept, "other@example.tw")).toBeNull();
  });

  it("gives a visitor's draft back to them, signed in or not", () => {
    const kept = { owner: null, values };
    expect(keptValues(donationDraft, kept, null)).toEqual({ amount: "1000", name: "林小滿" });
    expect(keptValues(donationDraft, kept, "reader@example.tw")).toEqual({ amount: "1000", name: "林小滿" });
  });

  it("reads nothing from a draft without an owner or values", () => {
    for (const kept of [null, "text", [], { values }, { owner: null }, { owner: null, values: [] }]) {
      expect(keptValues(donationDraft, kept, null), JSON.stringify(kept)).toBeNull();
    }
  });
});
