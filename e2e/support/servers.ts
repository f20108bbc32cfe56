import { fileURLToPath } from "node:url";

/** Addresses of the servers `playwright.config.ts` starts, shared with the specs. */
export const siteUrl = "http://localhost:3100";
export const splitApiUrl = "http://127.0.0.1:3101/api";
export const splitSiteUrl = "http://localhost:3102";

/**
 * The split deployment's pictures: a bucket (the local S3 stand-in) that its API writes and its
 * web reads, as separate instances share them in production; the two share no folder.
 */
export const splitBucket = {
  endpoint: "http://127.0.0.1:3103",
  bucket: "split-pictures",
  region: "auto",
  accessKeyId: "E2ESPLITKEY",
  secretAccessKey: "e2e-split-secret",
};
export const splitBucketEnv = {
  MEDIA_S3_ENDPOINT: splitBucket.endpoint,
  MEDIA_S3_BUCKET: splitBucket.bucket,
  MEDIA_S3_REGION: splitBucket.region,
  MEDIA_S3_ACCESS_KEY_ID: splitBucket.accessKeyId,
  MEDIA_S3_SECRET_ACCESS_KEY: splitBucket.secretAccessKey,
};

/** The split web's own data folder: it keeps nothing there, its pictures are in the bucket. */
export const splitWebDataDir = fileURLToPath(new URL("../../.data/e2e-split-web", import.meta.url));
