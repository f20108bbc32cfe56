/*
 * @shiyi/media-store/stand-in — a local stand-in for an S3-compatible bucket, for tests: HeadObject,
 * GetObject and PutObject, path-style, each request's Signature Version 4 checked as a bucket
 * checks it (key, date, scope, signed headers, payload hash), objects kept in memory.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sha256Hex, signature, uriEncode } from "./sigv4.ts";

export type S3StandInOptions = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** 0: any free port. */
  port?: number;
  now?: () => Date;
};

export type S3StandIn = {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The keys held, and the requests answered so far (each kind counted). */
  keys(): string[];
  requests: Record<string, number>;
  close(): Promise<void>;
};

type StoredObject = { body: Buffer; contentType: string; modified: Date; etag: string };

const maxSkewMs = 15 * 60_000;

export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const { bucket, region, accessKeyId, secretAccessKey, now = () => new Date() } = options;
  const objects = new Map<string, StoredObject>();
  const requests: Record<string, number> = {};

  function fail(
    response: ServerResponse,
    head: boolean,
    status: number,
    code: string,
    message: string,
    key?: string,
  ) {
    // As S3 does, a missing key's error names the key.
    const named =
      key === undefined
        ? ""
        : `<Key>${key.replace(/[<&]/g, (char) => (char === "<" ? "&lt;" : "&amp;"))}</Key>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${named}</Error>`;
    response.writeHead(status, { "content-type": "application/xml", "x-stand-in-error": code });
    response.end(head ? undefined : xml);
  }

  /** The reason a request's signature is not accepted, or undefined when it is. */
  function refusal(request: IncomingMessage, path: string, query: string, body: Buffer) {
    const header = request.headers.authorization ?? "";
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
        header,
      );
    if (!match) return ["AccessDenied", "Authorization is missing or not Signature Version 4"] as const;
    const [, key, day, scopeRegion, signedNames = "", sent = ""] = match;
    if (key !== accessKeyId) return ["InvalidAccessKeyId", "The access key is not known"] as const;
    const date = String(request.headers["x-amz-date"] ?? "");
    const time = Date.parse(date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"));
    if (Number.isNaN(time) || Math.abs(now().getTime() - time) > maxSkewMs)
      return ["RequestTimeTooSkewed", "x-amz-date is missing or too far from now"] as const;
    const names = signedNames.split(";");
    if (day !== date.slice(0, 8) || scopeRegion !== region || !names.includes("host"))
      return ["SignatureDoesNotMatch", "The credential scope or signed headers are wrong"] as const;
    const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256Hex(body))
      return ["XAmzContentSHA256Mismatch", "The payload does not match x-amz-content-sha256"] as const;
    const headers = Object.fromEntries(names.map((name) => [name, String(request.headers[name] ?? "")]));
    const expected = signature(
      { method: request.method ?? "GET", path, query, headers, payloadHash },
      { accessKeyId, secretAccessKey, region },
      date,
    );
    const same = timingSafeEqual(Buffer.from(expected), Buffer.from(sent));
    return same ? undefined : (["SignatureDoesNotMatch", "The signature does not match"] as const);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = request.method ?? "GET";
    const head = method === "HEAD";
    requests[method] = (requests[method] ?? 0) + 1;
    const [rawPath = "/", query = ""] = (request.url ?? "/").split("?");
    let segments: string[];
    try {
      segments = rawPath.split("/").slice(1).map(decodeURIComponent);
    } catch {
      return fail(response, head, 400, "InvalidURI", "The path is not well encoded");
    }
    const path = `/${segments.map((segment) => uriEncode(segment)).join("/")}`;
    const denied = refusal(request, path, query, body);
    if (denied) {
      const [code, message] = denied;
      return fail(response, head, code === "XAmzContentSHA256Mismatch" ? 400 : 403, code, message);
    }
    const [name, ...rest] = segments;
    if (name !== bucket) return fail(response, head, 404, "NoSuchBucket", "The bucket does not exist");
    const key = rest.join("/");
    if (!key) return fail(response, head, 400, "InvalidRequest", "Only objects are served here");

    if (method === "PUT") {
      const stored: StoredObject = {
        body,
        contentType: String(request.headers["content-type"] ?? "binary/octet-stream"),
        modified: new Date(Math.floor(now().getTime() / 1000) * 1000),
        etag: `"${createHash("md5").update(body).digest("hex")}"`,
      };
      objects.set(key, stored);
      response.writeHead(200, { etag: stored.etag, "content-length": 0 }).end();
      return;
    }
    if (method !== "GET" && !head) return fail(response, head, 405, "MethodNotAllowed", "Not supported here");
    const stored = objects.get(key);
    if (!stored) return fail(response, head, 404, "NoSuchKey", "The key does not exist", key);
    response.writeHead(200, {
      "content-type": stored.contentType,
      "content-length": stored.body.byteLength,
      etag: stored.etag,
      "last-modified": stored.modified.toUTCString(),
    });
    response.end(head ? undefined : stored.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keys: () => [...objects.keys()].sort(),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
