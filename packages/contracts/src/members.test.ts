import { describe, expect, it } from "vitest";
import { memberAddressSchema, profileSchema } from "./members.ts";

const fieldErrors = (value: unknown) =>
  Object.fromEntries(
    (memberAddressSchema.safeParse(value).error?.issues ?? []).map((issue) => [
      issue.path.join("."),
      issue.message,
    ]),
  );

describe("a member's address", () => {
  it("is all four parts or none", () => {
    expect(
      memberAddressSchema.parse({ zip: "106", city: "臺北市", dist: "大安區", addr: "復興南路一段 1 號" }),
    ).toEqual({ zip: "106", city: "臺北市", dist: "大安區", addr: "復興南路一段 1 號" });
    expect(memberAddressSchema.parse({})).toEqual({});
    expect(memberAddressSchema.parse({ zip: "", city: " ", dist: "", addr: "" })).toEqual({});
  });

  it("names each part missing beside one given: a 縣市 alone is no address", () => {
    expect(fieldErrors({ city: "台北市" })).toEqual({
      zip: "此項為必填",
      dist: "此項為必填",
      addr: "此項為必填",
    });
    expect(fieldErrors({ zip: "106", city: "臺北市", dist: "大安區", addr: "" })).toEqual({
      addr: "此項為必填",
    });
  });

  it("is checked by the profile form too", () => {
    const result = profileSchema.safeParse({ name: "林小滿", address: { city: "台北市" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "address.zip",
      "address.dist",
      "address.addr",
    ]);
  });
});
