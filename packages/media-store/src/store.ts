/** A stored picture's description: what a HEAD of it says. */
export type MediaInfo = {
  contentType: string;
  size: number;
  modified: Date;
  /** A strong validator of this content (quoted, as HTTP sends it). */
  etag: string;
};

export type MediaFile = MediaInfo & { body: Uint8Array<ArrayBuffer> };

/**
 * Where the site's pictures live, by key (`news/<slug>.jpg`, as `/media/news/<slug>.jpg` names it):
 * a folder on this machine (development, one instance, or a volume every instance mounts), or an
 * S3-compatible bucket that every instance reads (decision 021).
 */
export interface MediaStore {
  /** "folder" or "s3", for logs. */
  readonly kind: "folder" | "s3";
  /** Whether each call crosses the network (worth remembering its answers for a while). */
  readonly remote: boolean;
  stat(key: string): Promise<MediaInfo | undefined>;
  read(key: string): Promise<MediaFile | undefined>;
  write(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * Fails (MediaStoreError) when the store cannot be read as configured: a bucket that does not
   * exist, keys it refuses, a service out of reach. Asked once at start-up.
   */
  probe(): Promise<void>;
}

/**
 * Whether a key names a file inside the store: relative, "/"-separated, no empty, "." or ".."
 * segment, no backslash or control character. Every store refuses any other key.
 */
export function isMediaKey(key: string): boolean {
  if (key.length === 0 || key.length > 512 || key.includes("\\")) return false;
  if ([...key].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  return key.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

const types: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

/** The content type a key's extension says, for stores that keep none (a folder). */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? "";
  return types[extension] ?? "application/octet-stream";
}
