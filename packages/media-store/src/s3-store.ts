import { amzDate, authorization, sha256Hex, uriEncode, type Credentials } from "./sigv4.ts";
import { isMediaKey, type MediaFile, type MediaInfo, type MediaStore } from "./store.ts";

export type S3StoreOptions = Credentials & {
  /** The service's address: https://s3.ap-northeast-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com… */
  endpoint: string;
  bucket: string;
  /** Put before every key (`media/`), so that the bucket may hold other things. */
  prefix?: string;
  /** How long one call may take. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
};

/** How many times a call is sent when the network fails it (AWS's SDKs try three times too). */
const networkAttempts = 3;

/** The key `probe` reads: one no picture has. */
const probeKey = "shiyi-probe/none";

/** What to change for the codes a misconfigured bucket answers. */
const probeAdvice: Record<string, string> = {
  NoSuchBucket: "no bucket of that name; check MEDIA_S3_BUCKET and MEDIA_S3_ENDPOINT",
  InvalidAccessKeyId: "the access key is not known; check MEDIA_S3_ACCESS_KEY_ID",
  SignatureDoesNotMatch: "the secret does not match the key; check MEDIA_S3_SECRET_ACCESS_KEY",
  AuthorizationHeaderMalformed: "check MEDIA_S3_REGION (Cloudflare R2 takes auto)",
  AccessDenied: "the keys may not read the bucket; give them s3:GetObject and s3:ListBucket",
  RequestTimeTooSkewed: "this machine's clock is off; set it right (NTP)",
};

/** The error code of an S3 error document (`<Error><Code>NoSuchKey</Code>…`). */
const errorCode = (xml: string) => /<Error>\s*<Code>([^<]*)<\/Code>/.exec(xml)?.[1];

/** An answer of the service that is neither the object nor its absence. */
export class MediaStoreError extends Error {
  override name = "MediaStoreError";
  readonly status: number;
  readonly code?: string;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…), addressed by
 * path (`<endpoint>/<bucket>/<key>`), each call signed with Signature Version 4. Only the three
 * calls the site needs: HeadObject, GetObject and PutObject.
 */
export function s3Store(options: S3StoreOptions): MediaStore {
  const { bucket, prefix = "", timeoutMs = 10_000, fetch: send = fetch, now = () => new Date() } = options;
  const endpoint = new URL(options.endpoint);
  const base = endpoint.pathname.replace(/\/$/, "");

  /**
   * One call, sent again (signed anew) when it fails in the network: the bucket may close a kept
   * connection as the call goes out on it ("other side closed"), or reset it. The three calls are
   * idempotent, so sending one twice is harmless; a timeout or any answer of the service is final.
   */
  async function call(method: "GET" | "HEAD" | "PUT", key: string, body?: Uint8Array, contentType?: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await callOnce(method, key, body, contentType);
      } catch (error) {
        // fetch fails in the network with a TypeError; a timeout is a DOMException.
        if (attempt >= networkAttempts || !(error instanceof TypeError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      }
    }
  }

  async function callOnce(
    method: "GET" | "HEAD" | "PUT",
    key: string,
    body?: Uint8Array,
    contentType?: string,
  ) {
    const url = new URL(endpoint);
    url.pathname = `${base}/${uriEncode(bucket)}/${uriEncode(prefix + key, true)}`;
    const payloadHash = sha256Hex(body ?? new Uint8Array());
    const signed: Record<string, string> = {
      host: url.host,
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate(now()),
      ...(contentType ? { "content-type": contentType } : {}),
    };
    const headers = new Headers(signed);
    headers.delete("host");
    headers.set(
      "authorization",
      authorization({ method, path: url.pathname, query: "", headers: signed, payloadHash }, options),
    );
    const response = await send(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response;
  }

  async function failure(response: Response, key: string): Promise<never> {
    const code = errorCode(await response.text().catch(() => ""));
    throw new MediaStoreError(
      `media store answered ${response.status}${code ? ` ${code}` : ""} for ${bucket}/${prefix}${key}`,
      response.status,
      code,
    );
  }

  function infoOf(response: Response): MediaInfo {
    return {
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      size: Number(response.headers.get("content-length") ?? 0),
      modified: new Date(response.headers.get("last-modified") ?? 0),
      etag: response.headers.get("etag") ?? "",
    };
  }

  async function read(key: string): Promise<MediaFile | undefined> {
    if (!isMediaKey(key)) return undefined;
    const response = await call("GET", key);
    // A missing key is an absence; a missing bucket (also a 404) is a fault of the configuration.
    if (response.status === 404 && errorCode(await response.clone().text()) !== "NoSuchBucket") {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) return failure(response, key);
    const body = new Uint8Array(await response.arrayBuffer());
    return { ...infoOf(response), size: body.byteLength, body };
  }

  return {
    kind: "s3",
    remote: true,
    async stat(key) {
      if (!isMediaKey(key)) return undefined;
      const response = await call("HEAD", key);
      if (response.status === 404) return undefined;
      if (!response.ok) return failure(response, key);
      return infoOf(response);
    },
    read,
    async probe() {
      const where = `${options.endpoint} ${bucket}/${prefix}`;
      try {
        // A key no picture has: its absence (404 NoSuchKey) says the bucket is there and readable.
        await read(probeKey);
      } catch (error) {
        if (error instanceof MediaStoreError) {
          throw new MediaStoreError(
            `The pictures' bucket (${where}) answered ${error.status}${error.code ? ` ${error.code}` : ""}: ${probeAdvice[error.code ?? ""] ?? "check MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_REGION and the keys"}.`,
            error.status,
            error.code,
          );
        }
        const reason =
          error instanceof Error
            ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
            : String(error);
        throw new MediaStoreError(
          `Cannot reach the pictures' bucket (${where}): ${reason}. Check MEDIA_S3_ENDPOINT.`,
          0,
        );
      }
    },
    async write(key, body, contentType) {
      if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
      const response = await call("PUT", key, body, contentType);
      if (!response.ok) return failure(response, key);
      await response.body?.cancel();
    },
  };
}
