import { describe, expect, it } from "vitest";
import { readWebConfig } from "./env.ts";

describe("the web server's mail configuration", () => {
  it("with nothing set: React's production build, mail caught locally", () => {
    const config = readWebConfig({});
    expect(config.mode).toBe("production");
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: "食藝誌 <no-reply@shiyi.local>",
      catcherPort: 1025,
    });
  });

  it("stops start-up when NODE_ENV=production is set without SMTP_URL, saying why", () => {
    expect(() => readWebConfig({ NODE_ENV: "production" })).toThrow(/SMTP_URL must be set in production/);
    expect(readWebConfig({ NODE_ENV: "production", SMTP_URL: "smtp://mail:587" }).mail.smtpUrl).toBe(
      "smtp://mail:587",
    );
  });

  it("needs no SMTP_URL when the API runs elsewhere (API_BASE_URL): the web then sends no mail", () => {
    expect(readWebConfig({ NODE_ENV: "production", API_BASE_URL: "http://api:3001/api" }).mail.smtpUrl).toBe(
      undefined,
    );
  });
});

describe("the page cache's lifetime", () => {
  it("is the read cache's 10 s unless set; an empty value counts as unset and 0 turns it off", () => {
    expect(readWebConfig({}).pageCacheTtlMs).toBe(10_000);
    expect(readWebConfig({ PAGE_CACHE_TTL_MS: "" }).pageCacheTtlMs).toBe(10_000);
    expect(readWebConfig({ PAGE_CACHE_TTL_MS: "0" }).pageCacheTtlMs).toBe(0);
    expect(() => readWebConfig({ PAGE_CACHE_TTL_MS: "-1" })).toThrow(/PAGE_CACHE_TTL_MS/);
  });
});
