import path from "node:path";
import { z } from "zod";

/** An empty variable counts as unset, as shells and process managers often leave them. */
const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());

/** The API's configuration; `process.env` is read here and nowhere else in the API. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default(".data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type ApiConfig = z.infer<typeof schema> & { mediaDir: string; pgliteDir: string };

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    DATA_DIR: dataDir,
    mediaDir: path.join(dataDir, "media"),
    pgliteDir: path.join(dataDir, "pglite"),
  };
}
