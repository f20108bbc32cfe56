import path from "node:path";
import { describe, expect, it } from "vitest";
import { productionEnv } from "../../../test/production-env.ts";
import { readWebConfig } from "./env.ts";

/** Production without its mail server and sign-in secrets: each test below adds what it is about. */
const {
  NODE_ENV: _mode,
  SMTP_URL: _smtp,
  JWT_SECRET,
  OAUTH_CLIENT_SECRET,
  ...productionRest
} = productionEnv;
const secrets = { JWT_SECRET, OAUTH_CLIENT_SECRET };

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
    expect(() => readWebConfig({ NODE_ENV: "production", ...productionRest, ...secrets })).toThrow(
      /SMTP_URL must be set in production/,
    );
    expect(
      readWebConfig({ NODE_ENV: "production", SMTP_URL: "smtp://mail:587", ...productionRest, ...secrets })
        .mail.smtpUrl,
    ).toBe("smtp://mail:587");
  });

  it("needs no SMTP_URL when the API runs elsewhere (API_BASE_URL): the web then sends no mail", () => {
    expect(
      readWebConfig({
        NODE_ENV: "production",
        API_BASE_URL: "http://api:3001/api",
        PUBLIC_URL: productionEnv.PUBLIC_URL,
        RECAPTCHA_SITE_KEY: productionEnv.RECAPTCHA_SITE_KEY,
        ...secrets,
      }).mail.smtpUrl,
    ).toBe(undefined);
  });
});

describe("what instances share in production", () => {
  it("stops start-up without DATABASE_URL (the embedded database is one process's), unless the API runs elsewhere", () => {
    const { DATABASE_URL: _database, ...embedded } = productionEnv;
    expect(() => readWebConfig(embedded)).toThrow(/DATABASE_URL must be set in production/);
    expect(readWebConfig({ ...embedded, API_BASE_URL: "http://api:3001/api" }).databaseUrl).toBeUndefined();
    expect(readWebConfig(productionEnv).databaseUrl).toBe(productionEnv.DATABASE_URL);
  });

  it("stops start-up without RECAPTCHA_SITE_KEY, which the forms need to get a token", () => {
    const { RECAPTCHA_SITE_KEY: _key, ...withoutKey } = productionEnv;
    expect(() => readWebConfig(withoutKey)).toThrow(/RECAPTCHA_SITE_KEY must be set in production/);
    expect(() => readWebConfig({ ...withoutKey, API_BASE_URL: "http://api:3001/api" })).toThrow(
      /RECAPTCHA_SITE_KEY/,
    );
    expect(readWebConfig(productionEnv).captchaSiteKey).toBe(productionEnv.RECAPTCHA_SITE_KEY);
  });
});

describe("the site's address in production", () => {
  it("must be given, on HTTPS: links, ECPay's notices and the cookies' Secure flag come from it", () => {
    const { PUBLIC_URL: _url, ...withoutUrl } = productionEnv;
    expect(() => readWebConfig(withoutUrl)).toThrow(/PUBLIC_URL must be set in production/);
    expect(() => readWebConfig({ ...productionEnv, PUBLIC_URL: "http://shiyi.example" })).toThrow(
      /PUBLIC_URL must be an https:\/\/ address/,
    );
    expect(readWebConfig(productionEnv).publicUrl).toBe("https://shiyi.example");
    // A local run keeps its localhost default.
    expect(readWebConfig({ PORT: "3100" }).publicUrl).toBe("http://localhost:3100");
  });
});

describe("the server's own settings", () => {
  it("uses each default when a variable is empty, as a compose file's PORT=${PORT} leaves it", () => {
    const config = readWebConfig({ PORT: "", HOST: "", DATA_DIR: "", LOG_LEVEL: "", REQUIRE_PUBLIC_URL: "" });
    expect([config.port, config.host, config.logLevel]).toEqual([3000, "0.0.0.0", "info"]);
    expect(config.dataDir).toBe(path.resolve(".data"));
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("takes only a PostgreSQL URL as DATABASE_URL", () => {
    expect(readWebConfig({ DATABASE_URL: "postgresql://shop@db:5432/shop" }).databaseUrl).toBe(
      "postgresql://shop@db:5432/shop",
    );
    expect(() => readWebConfig({ DATABASE_URL: "http://db/" })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });
});

describe("the demo content at a first start", () => {
  it("is loaded by a local run, not by a deployment (NODE_ENV=production or an HTTPS address), unless asked", () => {
    expect(readWebConfig({}).seedDemoContent).toBe(true);
    expect(readWebConfig(productionEnv).seedDemoContent).toBe(false);
    const { NODE_ENV: _mode, ...onHttps } = productionEnv;
    expect(readWebConfig(onHttps).seedDemoContent).toBe(false);
    expect(readWebConfig({ ...productionEnv, SEED_DEMO_CONTENT: "true" }).seedDemoContent).toBe(true);
  });
});

describe("the sign-in secrets", () => {
  it("stop start-up in production when either is missing, saying which", () => {
    const base = { NODE_ENV: "production", SMTP_URL: "smtp://mail:587", ...productionRest };
    expect(() => readWebConfig(base)).toThrow(/JWT_SECRET and OAUTH_CLIENT_SECRET must be set in production/);
    expect(() => readWebConfig({ ...base, JWT_SECRET: secrets.JWT_SECRET })).toThrow(/OAUTH_CLIENT_SECRET/);
    expect(() => readWebConfig({ ...base, ...secrets, JWT_SECRET: "short" })).toThrow(
      /at least 32 characters/,
    );
    expect(readWebConfig({ ...base, ...secrets }).auth.clientSecret).toBe(secrets.OAUTH_CLIENT_SECRET);
  });

  it("are required of a site on HTTPS even without NODE_ENV: an address like that is a deployment", () => {
    const deployed = { ...productionRest, SMTP_URL: "smtp://mail:587" };
    expect(() => readWebConfig(deployed)).toThrow(/JWT_SECRET and OAUTH_CLIENT_SECRET must be set/);
    expect(() => readWebConfig({ ...deployed, ...secrets, ECPAY_MODE: "simulator" })).toThrow(/ECPAY_MODE/);
    const config = readWebConfig({ ...deployed, ...secrets });
    expect(config.auth.localOAuth).toBeUndefined();
    expect(config.mail.smtpUrl).toBe("smtp://mail:587");
    // Said in so many words, another mode is kept (a staging copy on HTTPS, say).
    expect(readWebConfig({ PUBLIC_URL: "https://staging.shiyi.example", NODE_ENV: "development" }).mode).toBe(
      "development",
    );
  });

  it("have development stand-ins elsewhere, and the access token lives at most 15 minutes", () => {
    expect(readWebConfig({}).auth.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readWebConfig({}).auth.accessTokenTtlSeconds).toBe(900);
    expect(() => readWebConfig({ ACCESS_TOKEN_TTL_SECONDS: "901" })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
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

describe("the local OAuth provider's addresses", () => {
  it("points the in-process API at this server's /_oauth: the public address for the browser, loopback for itself", () => {
    expect(readWebConfig({ PORT: "3100", PUBLIC_URL: "http://localhost:3100" }).auth.localOAuth).toEqual({
      browserUrl: "http://localhost:3100/_oauth",
      serverUrl: "http://127.0.0.1:3100/_oauth",
    });
  });

  it("is not used in production, nor by a web whose API runs elsewhere", () => {
    expect(readWebConfig(productionEnv).auth.localOAuth).toBeUndefined();
    expect(readWebConfig({ API_BASE_URL: "http://api:3001/api" }).auth.localOAuth).toBeUndefined();
  });
});

describe("the in-process API's shared rate-limit store", () => {
  it("is this process's memory unless REDIS_URL (redis:// or rediss://) is set", () => {
    expect(readWebConfig({}).redisUrl).toBeUndefined();
    expect(readWebConfig({ REDIS_URL: "" }).redisUrl).toBeUndefined();
    expect(readWebConfig({ REDIS_URL: "redis://cache:6379" }).redisUrl).toBe("redis://cache:6379");
    expect(() => readWebConfig({ REDIS_URL: "cache:6379" })).toThrow(/REDIS_URL must be a redis:\/\//);
  });
});

describe("the pictures", () => {
  it("are read where the API writes them: DATA_DIR/media, or the bucket MEDIA_S3_* names", () => {
    expect(readWebConfig({ DATA_DIR: "/srv/shiyi" }).media).toEqual({
      kind: "folder",
      dir: "/srv/shiyi/media",
    });
    const media = readWebConfig({
      MEDIA_S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      MEDIA_S3_BUCKET: "shiyi",
      MEDIA_S3_REGION: "auto",
      MEDIA_S3_ACCESS_KEY_ID: "key",
      MEDIA_S3_SECRET_ACCESS_KEY: "secret",
    }).media;
    expect(media).toMatchObject({ kind: "s3", bucket: "shiyi", region: "auto" });
    expect(() => readWebConfig({ MEDIA_S3_ENDPOINT: "https://account.r2.cloudflarestorage.com" })).toThrow(
      /MEDIA_S3_BUCKET must be set with MEDIA_S3_ENDPOINT/,
    );
  });
});
