import path from "node:path";
import { z } from "zod";

/** An empty variable counts as unset, as shells and process managers often leave them. */
const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());

/** The web server's configuration; `process.env` is read here and nowhere else in the web. */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: optionalUrl,
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().default(".data"),
    API_BASE_URL: optionalUrl,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Set by deployments: the public address must be known in production to build canonical links. */
    REQUIRE_PUBLIC_URL: z.stringbool().default(false),
  })
  .refine((env) => !env.REQUIRE_PUBLIC_URL || env.PUBLIC_URL, {
    message: "PUBLIC_URL must be set (REQUIRE_PUBLIC_URL is on)",
    path: ["PUBLIC_URL"],
  });

export type WebConfig = {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  mediaDir: string;
  apiBaseUrl?: string;
  logLevel: string;
  mode: "development" | "production" | "test";
};

export function readWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    port: value.PORT,
    host: value.HOST,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ""),
    databaseUrl: value.DATABASE_URL,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    apiBaseUrl: value.API_BASE_URL,
    logLevel: value.LOG_LEVEL,
    mode: value.NODE_ENV,
  };
}
