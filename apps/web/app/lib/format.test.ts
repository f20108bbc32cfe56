import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, latinLang, numbersWithUnits } from "./format.ts";

describe("formatDateTime", () => {
  it("writes Taiwan's time with a plain space, whatever the ICU version", () => {
    expect(formatDateTime("2026-11-23T19:36:00Z")).toBe("2026.11.24 03:36");
    expect(formatDateTime("2026-07-16T16:05:00Z")).toBe("2026.07.17 00:05");
  });
});

describe("formatDate", () => {
  const intl = new Intl.DateTimeFormat("zh-TW", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: "Asia/Taipei",
  });

  it("writes the day in Taiwan's time", () => {
    expect(formatDate("2026-11-23T15:59:59Z")).toBe("2026.11.23");
    expect(formatDate("2026-11-23T16:00:00Z")).toBe("2026.11.24");
    expect(formatDate("2024-02-28T16:00:00.000Z")).toBe("2024.02.29");
    expect(formatDate("2025-12-31T16:30:00+00:00")).toBe("2026.01.01");
  });

  it("agrees with the time-zone database on every day from 1980 to 2040", () => {
    for (
      let time = Date.UTC(1980, 0, 1, 15, 30);
      time < Date.UTC(2040, 0, 1);
      time += 86_400_000 + 3_600_000
    ) {
      const iso = new Date(time).toISOString();
      expect(formatDate(iso)).toBe(intl.format(new Date(time)).replaceAll("/", "."));
    }
  });

  it("refuses what is not a date", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});

describe("latinLang", () => {
  it("marks a text of Latin letters as English, and nothing with Chinese in it", () => {
    expect(latinLang("Keeping Your Regulars")).toBe("en");
    expect(latinLang("No. 48 — Café & Co.")).toBe("en");
    expect(latinLang("The Next Generation’s Kitchen")).toBe("en");
    expect(latinLang("餐桌上的 Tea")).toBeUndefined();
    expect(latinLang("專題")).toBeUndefined();
    expect(latinLang("2026")).toBeUndefined();
    expect(latinLang("")).toBeUndefined();
    expect(latinLang(null)).toBeUndefined();
  });
});

describe("numbersWithUnits", () => {
  it("keeps a number with the word after it, and breaks nothing else", () => {
    expect(numbersWithUnits("台北市大安區復興南路一段 219 巷 18 號 3 樓")).toBe(
      "台北市大安區復興南路一段 219\u00a0巷 18\u00a0號 3\u00a0樓",
    );
    expect(numbersWithUnits("No. 18 Lane 219")).toBe("No. 18 Lane 219");
  });
});
