import path from "node:path";
import {
  addressProblems,
  authConfig,
  authVariables,
  ConfigurationError,
  databaseProblems,
  deployedEnv,
  mailConfig,
  mailVariables,
  mediaConfig,
  mediaProblems,
  mediaVariables,
  productionSecretsMessage,
  processVariables,
  unsetIfEmpty,
  productionSecretsRequired,
  proxyVariables,
  redisVariables,
  seedVariables,
  seedsDemoContent,
  shutdownTimes,
  shutdownVariables,
  shopProductionProblems,
  shopVariables,
  smtpUrlRequired,
  type AuthConfig,
  type MailConfig,
  type MediaConfig,
} from "@shiyi/api";
import { z } from "zod";
import { publicReadTtlMs } from "./read-cache.ts";

const optionalUrl = unsetIfEmpty(z.url().optional());

/**
 * The web server's configuration, read once at start-up from the environment as the process
 * received it (`receivedEnv` in production-env.ts, before NODE_ENV is defaulted).
 */
const schema = z
  .object({
    /** Unset: React's production build, but a local run (mail caught locally); see production-env.ts. */
    NODE_ENV: z.enum(["development", "production", "test"]).optional(),
    ...processVariables(3000),
    HOST: unsetIfEmpty(z.string().default("0.0.0.0")),
    API_BASE_URL: optionalUrl,
    /** Set by deployments: the public address must be known in production to build canonical links. */
    REQUIRE_PUBLIC_URL: unsetIfEmpty(z.stringbool().default(false)),
    /** How long an anonymous read of a public page is reused (decision 007); 0 turns that off. */
    PAGE_CACHE_TTL_MS: unsetIfEmpty(z.coerce.number().int().min(0).default(publicReadTtlMs)),
    ...mailVariables,
    ...authVariables,
    ...redisVariables,
    ...proxyVariables,
    ...seedVariables,
    ...shutdownVariables,
    ...shopVariables,
    ...mediaVariables,
  })
  .refine((env) => !env.REQUIRE_PUBLIC_URL || env.PUBLIC_URL, {
    message: "PUBLIC_URL must be set (REQUIRE_PUBLIC_URL is on)",
    path: ["PUBLIC_URL"],
  })
  // The in-process API sends mail; a web on API_BASE_URL sends none.
  .refine((env) => env.NODE_ENV !== "production" || env.API_BASE_URL || env.SMTP_URL, smtpUrlRequired)
  .refine(productionSecretsRequired, productionSecretsMessage)
  .superRefine((env, ctx) => {
    // A web on API_BASE_URL sends no mail: its MAIL_FROM is the API's business.
    const addresses = addressProblems({ ...env, MAIL_FROM: env.API_BASE_URL ? undefined : env.MAIL_FROM });
    // Only the in-process API takes payments and opens the database; a web on API_BASE_URL leaves
    // that to the API's own checks.
    const shop = env.API_BASE_URL ? [] : [...shopProductionProblems(env), ...databaseProblems(env)];
    // Its forms ask reCAPTCHA for their tokens, wherever the API checks them (with its secret).
    const captcha =
      env.NODE_ENV === "production" && !env.RECAPTCHA_SITE_KEY
        ? [
            {
              variable: "RECAPTCHA_SITE_KEY",
              message:
                "RECAPTCHA_SITE_KEY must be set in production (NODE_ENV=production): the checkout, donation and contact forms get their reCAPTCHA tokens with it",
            },
          ]
        : [];
    for (const { variable, message } of [...addresses, ...shop, ...captcha, ...mediaProblems(env)])
      ctx.addIssue({ code: "custom", message, path: [variable] });
  });

export type WebConfig = {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  /** Where the pictures live: DATA_DIR/media, or a bucket (MEDIA_S3_*); the web serves them either way. */
  media: MediaConfig;
  apiBaseUrl?: string;
  logLevel: string;
  pageCacheTtlMs: number;
  /** Whether a first start on a database without content loads the demo content. */
  seedDemoContent: boolean;
  /** SIGTERM: how long health says 503 before connections are refused, then how long requests may take. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Unset: the captcha is the API's local stand-in, and forms send its fixed token. */
  captchaSiteKey?: string;
  /** Where the in-process API's rate limits are shared with other instances; unset: this process. */
  redisUrl?: string;
  /** Public proxies in front of the site (a CDN's) whose X-Forwarded-For the in-process API believes. */
  trustedProxies: string[];
  mode: "development" | "production" | "test";
  mail: MailConfig;
  auth: AuthConfig;
  /** The shop's variables, for the in-process API (app.ts builds its ShopConfig beside the simulator). */
  shop: ShopVariables;
};

export type ShopVariables = z.output<z.ZodObject<typeof shopVariables>> & { NODE_ENV?: string };

export function readWebConfig(env: NodeJS.ProcessEnv): WebConfig {
  const parsed = schema.safeParse(deployedEnv(env, env.PUBLIC_URL));
  if (!parsed.success)
    throw new ConfigurationError(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, "");
  return {
    port: value.PORT,
    host: value.HOST,
    publicUrl,
    databaseUrl: value.DATABASE_URL,
    dataDir,
    media: mediaConfig(value, dataDir),
    apiBaseUrl: value.API_BASE_URL,
    logLevel: value.LOG_LEVEL,
    pageCacheTtlMs: value.PAGE_CACHE_TTL_MS,
    seedDemoContent: seedsDemoContent(value),
    shutdown: shutdownTimes(value),
    // As the in-process API decides (shop-config.ts): reCAPTCHA only with its secret.
    captchaSiteKey: value.API_BASE_URL || value.RECAPTCHA_SECRET ? value.RECAPTCHA_SITE_KEY : undefined,
    redisUrl: value.REDIS_URL,
    trustedProxies: value.TRUSTED_PROXIES,
    mode: value.NODE_ENV ?? "production",
    mail: mailConfig(value),
    shop: { ...pickShop(value), NODE_ENV: value.NODE_ENV },
    auth: authConfig(value, {
      siteUrl: publicUrl,
      apiUrl: value.API_BASE_URL ?? `${publicUrl}/api`,
      // The in-process API's local OAuth stand-in, mounted by app.ts at /_oauth; a remote API has its own.
      localOAuth: value.API_BASE_URL
        ? undefined
        : { browserUrl: `${publicUrl}/_oauth`, serverUrl: `http://127.0.0.1:${value.PORT}/_oauth` },
    }),
  };
}

function pickShop(value: Record<string, unknown>): z.output<z.ZodObject<typeof shopVariables>> {
  return Object.fromEntries(Object.keys(shopVariables).map((name) => [name, value[name]])) as z.output<
    z.ZodObject<typeof shopVariables>
  >;
}
