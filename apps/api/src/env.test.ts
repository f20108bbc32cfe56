import { describe, expect, it } from "vitest";
import { readApiConfig } from "./env.ts";
import { shopConfig } from "./shop-config.ts";

describe("the API's mail configuration", () => {
  it("catches mail locally by default, from the site's no-reply address, on port 1025", () => {
    expect(readApiConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: "食藝誌 <no-reply@shiyi.local>",
      catcherPort: 1025,
    });
  });

  it("counts empty variables as unset", () => {
    const { mail } = readApiConfig({ SMTP_URL: "", MAIL_FROM: "", MAIL_CATCHER_PORT: "" });
    expect(mail).toEqual({ smtpUrl: undefined, from: "食藝誌 <no-reply@shiyi.local>", catcherPort: 1025 });
  });

  it("takes an SMTP URL, a sender and a catcher port", () => {
    const { mail } = readApiConfig({
      SMTP_URL: "smtps://user:secret@smtp.example.com:465",
      MAIL_FROM: "食藝誌 <service@example.com>",
      MAIL_CATCHER_PORT: "2525",
    });
    expect(mail).toEqual({
      smtpUrl: "smtps://user:secret@smtp.example.com:465",
      from: "食藝誌 <service@example.com>",
      catcherPort: 2525,
    });
  });

  it("refuses a URL that is not SMTP", () => {
    expect(() => readApiConfig({ SMTP_URL: "https://smtp.example.com" })).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it("stops start-up in production without SMTP_URL, saying why", () => {
    expect(() => readApiConfig({ NODE_ENV: "production" })).toThrow(/SMTP_URL must be set in production/);
    // Production needs its sign-in secrets too; given those, SMTP_URL is what decides.
    const secrets = {
      JWT_SECRET: "j".repeat(32),
      OAUTH_CLIENT_SECRET: "c".repeat(16),
      ECPAY_MODE: "stage",
      RECAPTCHA_SECRET: "r".repeat(20),
    };
    expect(() => readApiConfig({ NODE_ENV: "production", ...secrets })).toThrow(
      /SMTP_URL must be set in production/,
    );
    expect(
      readApiConfig({ NODE_ENV: "production", SMTP_URL: "smtp://mail:25", ...secrets }).mail.smtpUrl,
    ).toBe("smtp://mail:25");
  });

  it("reads an API on HTTPS without NODE_ENV as production: a forgotten NODE_ENV keeps no stand-in", () => {
    expect(() => readApiConfig({ API_PUBLIC_URL: "https://api.shiyi.example/api" })).toThrow(
      /SMTP_URL must be set in production/,
    );
    expect(readApiConfig({ API_PUBLIC_URL: "http://localhost:3001/api" }).NODE_ENV).toBe("development");
  });
});

describe("the API's shared rate-limit store", () => {
  it("is this process's memory unless REDIS_URL is set; an empty value counts as unset", () => {
    expect(readApiConfig({}).REDIS_URL).toBeUndefined();
    expect(readApiConfig({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
    expect(readApiConfig({ REDIS_URL: "redis://127.0.0.1:6379/0" }).REDIS_URL).toBe(
      "redis://127.0.0.1:6379/0",
    );
    expect(readApiConfig({ REDIS_URL: "rediss://:secret@cache.example.com:6380" }).REDIS_URL).toBe(
      "rediss://:secret@cache.example.com:6380",
    );
  });

  it("refuses a URL that is not Redis", () => {
    expect(() => readApiConfig({ REDIS_URL: "http://cache:6379" })).toThrow(
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });
});

describe("the shop's configuration", () => {
  const production = {
    NODE_ENV: "production",
    SMTP_URL: "smtp://mail:25",
    JWT_SECRET: "j".repeat(32),
    OAUTH_CLIENT_SECRET: "c".repeat(16),
  };

  it("stops start-up in production on the simulator or without a reCAPTCHA secret, saying which", () => {
    expect(() => readApiConfig(production)).toThrow(/ECPAY_MODE must be stage or production in production/);
    // Each problem is named at its own variable.
    expect(() => readApiConfig({ ...production, ECPAY_MODE: "stage" })).toThrow(
      /RECAPTCHA_SECRET must be set in production \(NODE_ENV=production\)\n\s*→ at RECAPTCHA_SECRET/,
    );
    expect(readApiConfig({ ...production, ECPAY_MODE: "stage", RECAPTCHA_SECRET: "r" }).ECPAY_MODE).toBe(
      "stage",
    );
  });

  it("needs every ECPay credential in ECPay's production mode", () => {
    expect(() => readApiConfig({ ECPAY_MODE: "production", ECPAY_MERCHANT_ID: "3000000" })).toThrow(
      /ECPAY_MODE=production needs ECPAY_HASH_KEY, ECPAY_HASH_IV, ECPAY_LOGISTICS_MERCHANT_ID/,
    );
  });

  it("stops start-up on a shipment sender ECPay would refuse, not at the first shipment", () => {
    for (const name of ["食", "食藝文化基金會", "Shi1"]) {
      expect(() => readApiConfig({ SHIPPING_SENDER_NAME: name }), name).toThrow(/SHIPPING_SENDER_NAME/);
    }
    for (const name of ["食藝文化", "Shiyi Co"]) {
      expect(readApiConfig({ SHIPPING_SENDER_NAME: name }).SHIPPING_SENDER_NAME).toBe(name);
    }
  });

  it("uses the simulator, ECPay's stage accounts and the local captcha by default", () => {
    const shop = shopConfig(readApiConfig({}), { simulatorBase: "http://localhost:3000/_ecpay" });
    expect(shop.mode).toBe("simulator");
    expect(shop.endpoints.aioCheckOut).toBe("http://localhost:3000/_ecpay/Cashier/AioCheckOut/V5");
    expect(shop.payment.merchantId).toBe("3002607");
    expect(shop.logistics.merchantId).toBe("2000933");
    expect(shop.captcha.kind).toBe("local");
    expect(shop.reservationMinutes).toBe(30);
  });
});
