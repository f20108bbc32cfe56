import path from "node:path";
import { folderStore, s3Store, type MediaStore } from "@shiyi/media-store";
import { z } from "zod";
import { unsetIfEmpty } from "./env-values.ts";

/**
 * Where the site's pictures live (decision 021): unset, as files under DATA_DIR/media; with
 * MEDIA_S3_ENDPOINT, in an S3-compatible bucket every instance reads. The web server reads these
 * too: it serves the pictures and makes their sizes.
 */
export const mediaVariables = {
  MEDIA_S3_ENDPOINT: unsetIfEmpty(
    z.url({ protocol: /^https?$/, error: "MEDIA_S3_ENDPOINT must be an http:// or https:// URL" }).optional(),
  ),
  MEDIA_S3_BUCKET: unsetIfEmpty(z.string().optional()),
  MEDIA_S3_REGION: unsetIfEmpty(z.string().default("us-east-1")),
  MEDIA_S3_ACCESS_KEY_ID: unsetIfEmpty(z.string().optional()),
  MEDIA_S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string().optional()),
  MEDIA_S3_PREFIX: unsetIfEmpty(
    z
      .string()
      .regex(
        /^(?:(?!\.{1,2}\/)[\w.-]+\/)+$/,
        "MEDIA_S3_PREFIX must be folder names each ending in / (media/, site/media/), none of them . or ..",
      )
      .default(""),
  ),
};

type MediaVariables = z.output<z.ZodObject<typeof mediaVariables>>;

export type MediaConfig =
  | { kind: "folder"; dir: string }
  | {
      kind: "s3";
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      prefix: string;
    };

/** A bucket's address needs its name and keys with it: each one missing is a start-up problem. */
export function mediaProblems(env: MediaVariables): { variable: string; message: string }[] {
  if (!env.MEDIA_S3_ENDPOINT) return [];
  return (["MEDIA_S3_BUCKET", "MEDIA_S3_ACCESS_KEY_ID", "MEDIA_S3_SECRET_ACCESS_KEY"] as const)
    .filter((variable) => !env[variable])
    .map((variable) => ({
      variable,
      message: `${variable} must be set with MEDIA_S3_ENDPOINT: the pictures' bucket cannot be read without it`,
    }));
}

export function mediaConfig(env: MediaVariables, dataDir: string): MediaConfig {
  if (!env.MEDIA_S3_ENDPOINT) return { kind: "folder", dir: path.join(dataDir, "media") };
  return {
    kind: "s3",
    endpoint: env.MEDIA_S3_ENDPOINT,
    bucket: env.MEDIA_S3_BUCKET ?? "",
    region: env.MEDIA_S3_REGION,
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY ?? "",
    prefix: env.MEDIA_S3_PREFIX,
  };
}

export function openMediaStore(config: MediaConfig): MediaStore {
  return config.kind === "folder" ? folderStore(config.dir) : s3Store(config);
}

/** Where the pictures are, for the start-up log line: never the keys. */
export const describeMedia = (config: MediaConfig) =>
  config.kind === "folder"
    ? { media: config.dir }
    : { media: `${config.endpoint} ${config.bucket}/${config.prefix}` };
