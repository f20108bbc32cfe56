import { describe, expect, it } from "vitest";
import {
  donationAccessHeaders,
  donationNumberOf,
  donationTokensSetCookie,
  withPresetAmount,
} from "./donation.server.ts";

/** A request carrying the cookies `Set-Cookie` values set. */
const withCookies = (...setCookies: string[]) =>
  new Request("http://site.test/support-us/result", {
    headers: { cookie: setCookies.map((value) => value.split(";")[0]).join("; ") },
  });

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("a guest's donation keys", () => {
  it("lets the guest read the gifts made from this browser, and only those", () => {
    const first = donationTokensSetCookie(new Request("http://site.test/"), "26071600000001", "key-1", {
      secure: true,
    });
    expect(first).toMatch(/^shiyi_donations=.+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/);
    const second = donationTokensSetCookie(withCookies(first), "26071600000002", "key_2", { secure: false });
    const request = withCookies(second);
    expect(donationAccessHeaders(request, "26071600000001")).toEqual({ "x-donation-token": "key-1" });
    expect(donationAccessHeaders(request, "26071600000002")).toEqual({ "x-donation-token": "key_2" });
    expect(donationAccessHeaders(request, "26071600000009")).toEqual({});
  });

  it("reads a number only when it is one", () => {
    expect(donationNumberOf(new Request("http://site.test/support-us/result?number=26071600000001"))).toBe(
      "26071600000001",
    );
    expect(donationNumberOf(new Request("http://site.test/support-us/result"))).toBeNull();
    expect(donationNumberOf(new Request("http://site.test/support-us/result?number=1%27%3B--"))).toBeNull();
  });
});

describe("the form's amount", () => {
  it("is what was typed, whatever preset is chosen", () => {
    const merged = withPresetAmount(
      form([
        ["preset", "1000"],
        ["amount", "750"],
      ]),
    );
    expect(merged.getAll("amount")).toEqual(["750"]);
  });

  it("is the preset when nothing was typed (a form sent without JavaScript)", () => {
    const merged = withPresetAmount(
      form([
        ["amount", " "],
        ["preset", "3000"],
        ["name", "林小滿"],
      ]),
    );
    expect(merged.getAll("amount")).toEqual(["3000"]);
    expect(merged.get("name")).toBe("林小滿");
  });

  it("stays missing when neither was given, so the schema says so", () => {
    expect(withPresetAmount(form([["name", "林小滿"]])).has("amount")).toBe(false);
  });
});
