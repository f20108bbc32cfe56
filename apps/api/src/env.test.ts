import path from "node:path";
import { describe, expect, it } from "vitest";
import { readApiConfig } from "./env.ts";
import { shopConfig } from "./shop-config.ts";
import { productionEnv } from "../../../test/production-env.ts";

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
    const { SMTP_URL: _smtp, ...withoutSmtp } = productionEnv;
    expect(() => readApiConfig(withoutSmtp)).toThrow(/SMTP_URL must be set in production/);
    expect(readApiConfig(productionEnv).mail.smtpUrl).toBe("smtp://mail:587");
  });

  it("reads an API on HTTPS without NODE_ENV as production: a forgotten NODE_ENV keeps no stand-in", () => {
    expect(() => readApiConfig({ API_PUBLIC_URL: "https://api.shiyi.example/api" })).toThrow(
      /SMTP_URL must be set in production/,
    );
    expect(readApiConfig({ API_PUBLIC_URL: "http://localhost:3001/api" }).NODE_ENV).toBe("development");
  });
});

describe("the demo content at a first start", () => {
  it("is loaded by a local run and not by a deployment, unless SEED_DEMO_CONTENT says otherwise", () => {
    expect(readApiConfig({}).seedDemoContent).toBe(true);
    expect(readApiConfig({ SEED_DEMO_CONTENT: "false" }).seedDemoContent).toBe(false);
    expect(readApiConfig(productionEnv).seedDemoContent).toBe(false);
    expect(readApiConfig({ ...productionEnv, SEED_DEMO_CONTENT: "true" }).seedDemoContent).toBe(true);
    expect(readApiConfig({ ...productionEnv, SEED_DEMO_CONTENT: "" }).seedDemoContent).toBe(false);
  });
});

describe("where the pictures live", () => {
  const bucket = {
    MEDIA_S3_ENDPOINT: "https://s3.ap-northeast-1.amazonaws.com",
    MEDIA_S3_BUCKET: "shiyi-media",
    MEDIA_S3_ACCESS_KEY_ID: "AKIA0000",
    MEDIA_S3_SECRET_ACCESS_KEY: "secret",
  };

  it("is DATA_DIR/media unless a bucket is named; an empty endpoint counts as unset", () => {
    expect(readApiConfig({ DATA_DIR: "/srv/shiyi" }).media).toEqual({
      kind: "folder",
      dir: "/srv/shiyi/media",
    });
    expect(readApiConfig({ MEDIA_S3_ENDPOINT: "" }).media.kind).toBe("folder");
  });

  it("is a bucket with MEDIA_S3_*, in us-east-1 and at its root unless said", () => {
    expect(readApiConfig(bucket).media).toEqual({
      kind: "s3",
      endpoint: "https://s3.ap-northeast-1.amazonaws.com",
      bucket: "shiyi-media",
      region: "us-east-1",
      accessKeyId: "AKIA0000",
      secretAccessKey: "secret",
      prefix: "",
    });
    const r2 = readApiConfig({ ...bucket, MEDIA_S3_REGION: "auto", MEDIA_S3_PREFIX: "site/media/" }).media;
    expect(r2).toMatchObject({ region: "auto", prefix: "site/media/" });
  });

  it("stops start-up naming each bucket setting missing, and a prefix that is no folder", () => {
    const error = (() => {
      try {
        readApiConfig({ MEDIA_S3_ENDPOINT: bucket.MEDIA_S3_ENDPOINT });
      } catch (caught) {
        return String(caught);
      }
    })();
    for (const variable of ["MEDIA_S3_BUCKET", "MEDIA_S3_ACCESS_KEY_ID", "MEDIA_S3_SECRET_ACCESS_KEY"])
      expect(error).toContain(`${variable} must be set with MEDIA_S3_ENDPOINT`);
    expect(() => readApiConfig({ ...bucket, MEDIA_S3_PREFIX: "/media" })).toThrow(/MEDIA_S3_PREFIX must be/);
    for (const prefix of ["../", "media/../", "./media/"])
      expect(() => readApiConfig({ ...bucket, MEDIA_S3_PREFIX: prefix }), prefix).toThrow(
        /none of them \. or \.\./,
      );
    expect(readApiConfig({ ...bucket, MEDIA_S3_PREFIX: "site.v2/media/" }).media).toMatchObject({
      prefix: "site.v2/media/",
    });
    expect(() => readApiConfig({ ...bucket, MEDIA_S3_ENDPOINT: "s3://bucket" })).toThrow(
      /MEDIA_S3_ENDPOINT must be an http/,
    );
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

describe("the database in production", () => {
  it("must be PostgreSQL: start-up stops without DATABASE_URL, saying why", () => {
    const { DATABASE_URL: _database, ...embedded } = productionEnv;
    expect(() => readApiConfig(embedded)).toThrow(/DATABASE_URL must be set in production/);
    expect(readApiConfig(productionEnv).DATABASE_URL).toBe(productionEnv.DATABASE_URL);
    expect(readApiConfig({}).DATABASE_URL).toBeUndefined();
  });
});

describe("the proxies believed", () => {
  it("are none of the public ones unless TRUSTED_PROXIES lists them, addresses or ranges", () => {
    expect(readApiConfig({}).TRUSTED_PROXIES).toEqual([]);
    expect(readApiConfig({ TRUSTED_PROXIES: "" }).TRUSTED_PROXIES).toEqual([]);
    expect(
      readApiConfig({ TRUSTED_PROXIES: " 104.16.0.0/13, 2400:cb00::/32 ,198.51.100.7" }).TRUSTED_PROXIES,
    ).toEqual(["104.16.0.0/13", "2400:cb00::/32", "198.51.100.7"]);
  });

  it("refuses an entry that is neither, naming it", () => {
    expect(() => readApiConfig({ TRUSTED_PROXIES: "104.16.0.0/13, cdn.example.com" })).toThrow(
      /TRUSTED_PROXIES lists IP addresses or CIDR ranges, separated by commas: "cdn.example.com" is neither/,
    );
  });
});

describe("the API's own settings", () => {
  it("uses each default when a variable is empty", () => {
    const config = readApiConfig({ PORT: "", DATA_DIR: "", LOG_LEVEL: "", DATABASE_URL: "" });
    expect([config.PORT, config.LOG_LEVEL, config.DATABASE_URL]).toEqual([3001, "info", undefined]);
    expect(config.DATA_DIR).toBe(path.resolve(".data"));
  });

  it("takes only a PostgreSQL URL as DATABASE_URL", () => {
    expect(() => readApiConfig({ DATABASE_URL: "mysql://db/shop" })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });
});

describe("the shop's configuration", () => {
  it("stops start-up in production on the simulator or without a reCAPTCHA secret, saying which", () => {
    expect(() => readApiConfig({ ...productionEnv, ECPAY_MODE: "simulator" })).toThrow(
      /ECPAY_MODE must be stage or production in production/,
    );
    // Each problem is named at its own variable.
    const { RECAPTCHA_SECRET: _secret, ...withoutCaptcha } = productionEnv;
    expect(() => readApiConfig(withoutCaptcha)).toThrow(
      /RECAPTCHA_SECRET must be set in production \(NODE_ENV=production\)\n\s*→ at RECAPTCHA_SECRET/,
    );
    expect(readApiConfig(productionEnv).ECPAY_MODE).toBe("stage");
  });

  it("refuses ECPay's stage mode in production on the published test keys: anyone could sign a notice", () => {
    const { ECPAY_MERCHANT_ID: _id, ECPAY_HASH_KEY: _key, ECPAY_HASH_IV: _iv, ...onTestKeys } = productionEnv;
    expect(() => readApiConfig(onTestKeys)).toThrow(
      /ECPAY_MODE=stage in production needs the merchant's own ECPAY_MERCHANT_ID, ECPAY_HASH_KEY, ECPAY_HASH_IV/,
    );
    // The logistics and invoice accounts too: a parcel's notices are signed with their keys.
    const { ECPAY_LOGISTICS_HASH_KEY: _logistics, ...withoutLogisticsKey } = productionEnv;
    expect(() => readApiConfig(withoutLogisticsKey)).toThrow(
      /ECPAY_MODE=stage in production needs the merchant's own ECPAY_LOGISTICS_HASH_KEY/,
    );
    // Given by hand, copied from ECPay's documents, they are refused the same, in either mode.
    const published = {
      ECPAY_MERCHANT_ID: "3002607",
      ECPAY_HASH_KEY: "pwFHCqoQZGmho4w6",
      ECPAY_HASH_IV: "EkRm7iFT261dpevs",
    };
    expect(() => readApiConfig({ ...onTestKeys, ...published })).toThrow(
      /ECPAY_HASH_KEY is one of ECPay's published test keys: production needs the merchant's own/,
    );
    expect(() =>
      readApiConfig({
        ...productionEnv,
        ECPAY_LOGISTICS_HASH_KEY: "XBERn1YOvpM9nfZc",
        ECPAY_MODE: "production",
      }),
    ).toThrow(/ECPAY_LOGISTICS_HASH_KEY is one of ECPay's published test keys/);
    // Outside production the stage mode runs on them, as ECPay publishes them for.
    expect(shopConfig(readApiConfig({ ECPAY_MODE: "stage" })).payment.merchantId).toBe("3002607");
  });

  it("refuses the demo's inboxes, sender and foundation in production, naming each", () => {
    const demo = {
      CONTACT_INBOX_ORDERS: undefined,
      SHIPPING_SENDER_PHONE: undefined,
      FOUNDATION_TAX_ID: undefined,
      FOUNDATION_NAME: "",
    };
    const refusal = (() => {
      try {
        readApiConfig({ ...productionEnv, ...demo });
      } catch (error) {
        return String(error);
      }
      return "";
    })();
    expect(refusal).toMatch(
      /CONTACT_INBOX_ORDERS must be set in production: the demo address orders@shiyi\.local/,
    );
    expect(refusal).toMatch(/SHIPPING_SENDER_PHONE must be set in production: .*printed on shipments/);
    expect(refusal).toMatch(/FOUNDATION_TAX_ID must be set in production: .*printed on donation receipts/);
    expect(refusal).toMatch(/FOUNDATION_NAME must be set in production/);
    expect(refusal).not.toMatch(/CONTACT_INBOX_OTHER|SHIPPING_SENDER_NAME|FOUNDATION_ADDRESS/);
    // Outside production the demo's values are the defaults.
    expect(readApiConfig({}).CONTACT_INBOX_ORDERS).toBe("orders@shiyi.local");
  });

  it("needs the site's HTTPS address and a real sender in production", () => {
    const { PUBLIC_URL: _url, ...withoutUrl } = productionEnv;
    expect(() => readApiConfig(withoutUrl)).toThrow(/PUBLIC_URL must be set in production/);
    expect(() => readApiConfig({ ...productionEnv, PUBLIC_URL: "http://shiyi.example" })).toThrow(
      /PUBLIC_URL must be an https:\/\/ address in production/,
    );
    expect(() => readApiConfig({ ...productionEnv, MAIL_FROM: "" })).toThrow(
      /MAIL_FROM must be set in production: the demo sender 食藝誌 <no-reply@shiyi\.local>/,
    );
    expect(readApiConfig(productionEnv).PUBLIC_URL).toBe("https://shiyi.example");
    expect(readApiConfig({}).PUBLIC_URL).toBe("http://localhost:3000");
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
