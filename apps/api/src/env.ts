import path from "node:path";
import { z } from "zod";

/** An empty variable counts as unset, as shells and process managers often leave them. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);
const optionalUrl = unsetIfEmpty(z.url().optional());

/** Mail settings; the web server reads them too, as it hosts the API in-process. */
export const mailVariables = {
  SMTP_URL: unsetIfEmpty(
    z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
  ),
  MAIL_FROM: unsetIfEmpty(z.string().default("食藝誌 <no-reply@shiyi.local>")),
  MAIL_CATCHER_PORT: unsetIfEmpty(z.coerce.number().int().min(0).max(65535).default(1025)),
};

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

/** The API's configuration; `process.env` is read here and nowhere else in the API. */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().default(".data"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ...mailVariables,
  })
  .refine((env) => env.NODE_ENV !== "production" || env.SMTP_URL, smtpUrlRequired);

export type ApiConfig = z.infer<typeof schema> & { mediaDir: string; pgliteDir: string; mail: MailConfig };

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
    mail: mailConfig(parsed.data),
  };
}
