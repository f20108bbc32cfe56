import path from "node:path";
import { z } from "zod";
import { unsetIfEmpty } from "./env-values.ts";
import { mediaConfig, mediaProblems, mediaVariables, type MediaConfig } from "./media-config.ts";
import { isAddressOrRange } from "./lib/client-address.ts";
import { ConfigurationError } from "./startup-failure.ts";
import { shopProductionProblems, shopVariables, undeliverable } from "./shop-config.ts";

const optionalUrl = unsetIfEmpty(z.url().optional());

/**
 * The variables the web server and the API alone both have, each with its default when unset or
 * empty (`PORT=${PORT}` in a compose file leaves an empty one). The ports' defaults differ.
 */
export const processVariables = (defaultPort: number) => ({
  PORT: unsetIfEmpty(z.coerce.number().int().min(1).max(65535).default(defaultPort)),
  DATABASE_URL: unsetIfEmpty(
    z
      .url({
        protocol: /^postgres(?:ql)?$/,
        error: "DATABASE_URL must be a postgres:// or postgresql:// URL",
      })
      .optional(),
  ),
  DATA_DIR: unsetIfEmpty(z.string().default(".data")),
  LOG_LEVEL: unsetIfEmpty(
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /** The site's public address (canonical links, mail links, the social-login return). */
  PUBLIC_URL: optionalUrl,
});

/** Mail settings; the web server reads them too, as it hosts the API in-process. */
export const mailVariables = {
  SMTP_URL: unsetIfEmpty(
    z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
  ),
  MAIL_FROM: unsetIfEmpty(z.string().default("食藝誌 <no-reply@shiyi.local>")),
  MAIL_CATCHER_PORT: unsetIfEmpty(z.coerce.number().int().min(0).max(65535).default(1025)),
};

/**
 * Where rate limits and the login lockout count attempts, shared by every instance; unset: each
 * process counts on its own. The web server reads it too, as it hosts the API in-process.
 */
export const redisVariables = {
  REDIS_URL: unsetIfEmpty(
    z.url({ protocol: /^rediss?$/, error: "REDIS_URL must be a redis:// or rediss:// URL" }).optional(),
  ),
};

/**
 * Proxies on public addresses in front of the site (a CDN's edges), whose X-Forwarded-For entries
 * are believed as those of this host's and private networks' are: without them, every visitor
 * through the CDN counts as its edge's address in the rate limits. Read by the web as well.
 */
export const proxyVariables = {
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const entries = (value ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries.filter((entry) => !isAddressOrRange(entry))) {
        ctx.addIssue({
          code: "custom",
          message: `TRUSTED_PROXIES lists IP addresses or CIDR ranges, separated by commas: "${entry}" is neither`,
        });
      }
      return entries;
    }),
};

/**
 * Whether a first start on a database without content loads the demo content: by default a local
 * run does and a deployment (NODE_ENV=production) does not; SEED_DEMO_CONTENT says otherwise.
 */
export const seedVariables = {
  SEED_DEMO_CONTENT: unsetIfEmpty(z.stringbool().optional()),
};
export const seedsDemoContent = (env: { NODE_ENV?: string; SEED_DEMO_CONTENT?: boolean }) =>
  env.SEED_DEMO_CONTENT ?? env.NODE_ENV !== "production";

const milliseconds = z.coerce.number().int().min(0).max(600_000);

/**
 * Shutdown on SIGTERM: how long `/_health` answers 503 before connections are refused (default 5 s
 * in production, where a load balancer must see it first; 0 locally), and how long requests in
 * flight may then take (30 s).
 */
export const shutdownVariables = {
  SHUTDOWN_DRAIN_MS: unsetIfEmpty(milliseconds.optional()),
  SHUTDOWN_TIMEOUT_MS: unsetIfEmpty(milliseconds.default(30_000)),
};
export const shutdownTimes = (env: {
  NODE_ENV?: string;
  SHUTDOWN_DRAIN_MS?: number;
  SHUTDOWN_TIMEOUT_MS: number;
}) => ({
  drainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === "production" ? 5_000 : 0),
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
});

/** Production mail must reach real mailboxes: there, a missing SMTP_URL stops start-up. */
export const smtpUrlRequired = {
  message:
    "SMTP_URL must be set in production (NODE_ENV=production); only development and tests catch mail locally",
  path: ["SMTP_URL"],
};

export type MailConfig = {
  /** Unset: mail goes to a catcher started in this process, readable at /_mail. */
  smtpUrl?: string;
  from: string;
  /** The catcher's SMTP port (a random one when it is taken). */
  catcherPort: number;
};

export const mailConfig = (env: {
  SMTP_URL?: string;
  MAIL_FROM: string;
  MAIL_CATCHER_PORT: number;
}): MailConfig => ({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
  catcherPort: env.MAIL_CATCHER_PORT,
});

/** Development stand-ins for the two secrets; production refuses to start without real ones. */
export const developmentSecrets = {
  jwt: "development-only-jwt-secret-do-not-use-in-production",
  client: "development-only-client-secret",
} as const;

/** Member sign-in settings; the web server reads them too (it hosts the API and calls /members/refresh). */
export const authVariables = {
  JWT_SECRET: unsetIfEmpty(z.string().min(32, "JWT_SECRET must be at least 32 characters").optional()),
  OAUTH_CLIENT_SECRET: unsetIfEmpty(
    z.string().min(16, "OAUTH_CLIENT_SECRET must be at least 16 characters").optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: unsetIfEmpty(z.coerce.number().int().min(5).max(900).default(900)),
  GOOGLE_CLIENT_ID: unsetIfEmpty(z.string().optional()),
  GOOGLE_CLIENT_SECRET: unsetIfEmpty(z.string().optional()),
  FACEBOOK_CLIENT_ID: unsetIfEmpty(z.string().optional()),
  FACEBOOK_CLIENT_SECRET: unsetIfEmpty(z.string().optional()),
  LINE_CHANNEL_ID: unsetIfEmpty(z.string().optional()),
  LINE_CHANNEL_SECRET: unsetIfEmpty(z.string().optional()),
};

type AuthVariables = z.output<z.ZodObject<typeof authVariables>>;

/** In production both secrets must be configured; elsewhere the development stand-ins apply. */
export const productionSecretsRequired = (env: AuthVariables & { NODE_ENV?: string }) =>
  env.NODE_ENV !== "production" || Boolean(env.JWT_SECRET && env.OAUTH_CLIENT_SECRET);
export const productionSecretsMessage = {
  message: "JWT_SECRET and OAUTH_CLIENT_SECRET must be set in production (NODE_ENV=production)",
  path: ["JWT_SECRET"],
};

/**
 * In production the site's address must be given, on HTTPS (mail and canonical links, ECPay's
 * notices and the sign-in cookies' Secure flag come from it), and mail must come from a real
 * domain, not the demo's `.local` sender.
 */
export function addressProblems(env: {
  NODE_ENV?: string;
  PUBLIC_URL?: string;
  MAIL_FROM?: string;
}): { variable: string; message: string }[] {
  if (env.NODE_ENV !== "production") return [];
  const problems: { variable: string; message: string }[] = [];
  if (!env.PUBLIC_URL)
    problems.push({
      variable: "PUBLIC_URL",
      message:
        "PUBLIC_URL must be set in production (NODE_ENV=production): mail links, canonical links and ECPay's notices are made from it",
    });
  else if (!env.PUBLIC_URL.startsWith("https:"))
    problems.push({
      variable: "PUBLIC_URL",
      message: "PUBLIC_URL must be an https:// address in production: sign-in cookies are Secure only there",
    });
  if (env.MAIL_FROM !== undefined && undeliverable(env.MAIL_FROM))
    problems.push({
      variable: "MAIL_FROM",
      message: `MAIL_FROM must be set in production: the demo sender ${env.MAIL_FROM} is on no real domain`,
    });
  return problems;
}

export type SocialKeys = { clientId: string; clientSecret: string };

export type AuthConfig = {
  jwtSecret: string;
  /** The secret of client 13 (SPEC §9), which the web presents to /members/refresh. */
  clientSecret: string;
  accessTokenTtlSeconds: number;
  /** The site's public address, for links in mail and the social-login return to /auth. */
  siteUrl: string;
  /** The API's public address, for the OAuth providers' callbacks. */
  apiUrl: string;
  /** Keys of the real providers; a provider without keys uses the local stand-in (never in production). */
  social: Partial<Record<"google" | "facebook" | "line", SocialKeys>>;
  /**
   * The local OAuth provider (@shiyi/oauth-provider) standing in for providers without keys; unset in
   * production, where such a provider is simply not offered.
   */
  localOAuth?: LocalOAuthUrls;
};

export type LocalOAuthUrls = {
  /** Where the browser is sent to sign in (the provider as mounted at the site's /_oauth). */
  browserUrl: string;
  /** Where the API itself exchanges codes and reads profiles (the same provider over loopback). */
  serverUrl: string;
};

export const authConfig = (
  env: AuthVariables & { NODE_ENV?: string },
  urls: { siteUrl: string; apiUrl: string; localOAuth?: LocalOAuthUrls },
): AuthConfig => {
  const keys = (clientId?: string, clientSecret?: string) =>
    clientId && clientSecret ? { clientId, clientSecret } : undefined;
  const social = Object.fromEntries(
    Object.entries({
      google: keys(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      facebook: keys(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET),
      line: keys(env.LINE_CHANNEL_ID, env.LINE_CHANNEL_SECRET),
    }).filter(([, value]) => value),
  ) as AuthConfig["social"];
  return {
    jwtSecret: env.JWT_SECRET ?? developmentSecrets.jwt,
    clientSecret: env.OAUTH_CLIENT_SECRET ?? developmentSecrets.client,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    siteUrl: urls.siteUrl.replace(/\/$/, ""),
    apiUrl: urls.apiUrl.replace(/\/$/, ""),
    social,
    // Only outside production, and only when some provider has no keys of its own.
    localOAuth:
      env.NODE_ENV !== "production" && urls.localOAuth && Object.keys(social).length < 3
        ? {
            browserUrl: urls.localOAuth.browserUrl.replace(/\/$/, ""),
            serverUrl: urls.localOAuth.serverUrl.replace(/\/$/, ""),
          }
        : undefined,
  };
};

/** The API's configuration; `process.env` is read here and nowhere else in the API. */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    // PUBLIC_URL: the site's public address, the web's own (mail links, the social-login return).
    ...processVariables(3001),
    /** The API's public address, for OAuth callbacks; default: this API on localhost at /api. */
    API_PUBLIC_URL: optionalUrl,
    ...mailVariables,
    ...authVariables,
    ...redisVariables,
    ...proxyVariables,
    ...seedVariables,
    ...shutdownVariables,
    ...shopVariables,
    ...mediaVariables,
  })
  .refine((env) => env.NODE_ENV !== "production" || env.SMTP_URL, smtpUrlRequired)
  .refine(productionSecretsRequired, productionSecretsMessage)
  .superRefine((env, ctx) => {
    const problems = [
      ...addressProblems(env),
      ...databaseProblems(env),
      ...shopProductionProblems(env),
      ...mediaProblems(env),
    ];
    for (const { variable, message } of problems) ctx.addIssue({ code: "custom", message, path: [variable] });
  });

export type ApiConfig = z.infer<typeof schema> & {
  PUBLIC_URL: string;
  seedDemoContent: boolean;
  shutdown: { drainMs: number; timeoutMs: number };
  /** Where the pictures live: DATA_DIR/media, or a bucket (MEDIA_S3_*). */
  media: MediaConfig;
  pgliteDir: string;
  mail: MailConfig;
  auth: AuthConfig;
};

/**
 * In production every instance uses one PostgreSQL database: the embedded PGlite database is one
 * process's, for a laptop, and instances on their own would each keep different members and orders.
 */
export function databaseProblems(env: {
  NODE_ENV?: string;
  DATABASE_URL?: string;
}): { variable: string; message: string }[] {
  if (env.NODE_ENV !== "production" || env.DATABASE_URL) return [];
  return [
    {
      variable: "DATABASE_URL",
      message:
        "DATABASE_URL must be set in production (NODE_ENV=production): every instance uses one PostgreSQL database; the embedded one is for local use",
    },
  ];
}

/**
 * A site on HTTPS is a deployment: without NODE_ENV it is read as production, so that a forgotten
 * NODE_ENV cannot leave the development secrets and stand-ins (caught mail, the local OAuth
 * provider, the ECPay simulator) in place. Only an explicit NODE_ENV says otherwise.
 */
export function deployedEnv<T extends { NODE_ENV?: string }>(env: T, publicUrl: string | undefined): T {
  return env.NODE_ENV || !publicUrl?.startsWith("https:") ? env : { ...env, NODE_ENV: "production" };
}

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = schema.safeParse(deployedEnv(env, env.API_PUBLIC_URL));
  if (!parsed.success) {
    throw new ConfigurationError(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const apiUrl = parsed.data.API_PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}/api`;
  const siteUrl = parsed.data.PUBLIC_URL ?? "http://localhost:3000";
  return {
    ...parsed.data,
    PUBLIC_URL: siteUrl,
    seedDemoContent: seedsDemoContent(parsed.data),
    shutdown: shutdownTimes(parsed.data),
    DATA_DIR: dataDir,
    media: mediaConfig(parsed.data, dataDir),
    pgliteDir: path.join(dataDir, "pglite"),
    mail: mailConfig(parsed.data),
    auth: authConfig(parsed.data, {
      siteUrl,
      apiUrl,
      // main.ts mounts the stand-in at this server's own /_oauth, beside /api.
      localOAuth: {
        browserUrl: new URL("/_oauth", apiUrl).href,
        serverUrl: `http://127.0.0.1:${parsed.data.PORT}/_oauth`,
      },
    }),
  };
}
