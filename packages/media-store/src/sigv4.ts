import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for S3, header-based (docs.aws.amazon.com/AmazonS3/latest/API/
 * sig-v4-header-based-auth.html): the client signs each request with it, and the local stand-in
 * checks it the same way a bucket does.
 */
export type Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

export const emptyPayloadHash = sha256Hex(new Uint8Array());

export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** 20130524T000000Z */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** RFC 3986 encoding as S3 wants it: everything but A–Z a–z 0–9 - _ . ~ as %XX, and "/" kept in paths. */
export function uriEncode(value: string, keepSlash = false): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(char) || (keepSlash && char === "/")) return char;
    return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

export type SignedParts = {
  method: string;
  /** The path as sent, already encoded (each segment by uriEncode). */
  path: string;
  /** The query as sent, without "?". */
  query: string;
  /** Lower-case names and their values, only those signed. */
  headers: Record<string, string>;
  payloadHash: string;
};

export function canonicalRequest({ method, path, query, headers, payloadHash }: SignedParts): string {
  const names = Object.keys(headers).sort();
  const canonicalQuery = query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split("=");
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return [
    method,
    path,
    canonicalQuery,
    ...names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, " ")}`),
    "",
    names.join(";"),
    payloadHash,
  ].join("\n");
}

function hmac(key: Uint8Array | string, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

export function signature(parts: SignedParts, credentials: Credentials, date: string): string {
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonicalRequest(parts))].join("\n");
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [credentials.region, "s3", "aws4_request"]) key = hmac(key, part);
  return createHmac("sha256", key).update(stringToSign).digest("hex");
}

/** The Authorization header for a request whose signed headers include x-amz-date. */
export function authorization(parts: SignedParts, credentials: Credentials): string {
  const date = parts.headers["x-amz-date"];
  if (!date) throw new Error("x-amz-date must be signed");
  const scope = `${date.slice(0, 8)}/${credentials.region}/s3/aws4_request`;
  return (
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},` +
    `SignedHeaders=${Object.keys(parts.headers).sort().join(";")},` +
    `Signature=${signature(parts, credentials, date)}`
  );
}
