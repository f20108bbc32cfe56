import type { MediaInfo, MediaStore } from "./store.ts";

/**
 * A store whose answers to `stat` are kept for `ttlMs` (absences too), and asked once for any number
 * of callers at a time. For a bucket: the image proxy asks which version of a picture it is serving
 * on every request, and a round trip to the bucket each time would cost more than serving the kept
 * image. A picture replaced in the bucket is seen by each instance within `ttlMs`; one written here
 * is seen at once.
 */
export function rememberStats(
  store: MediaStore,
  { ttlMs, maxEntries = 5_000, now = Date.now }: { ttlMs: number; maxEntries?: number; now?: () => number },
): MediaStore {
  const kept = new Map<string, { expires: number; info: Promise<MediaInfo | undefined> }>();

  function stat(key: string): Promise<MediaInfo | undefined> {
    const entry = kept.get(key);
    if (entry && entry.expires > now()) return entry.info;
    if (entry) kept.delete(key);
    const info = store.stat(key);
    // A failure is not kept: the next caller asks again.
    info.catch(() => {
      if (kept.get(key)?.info === info) kept.delete(key);
    });
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
    kept.set(key, { expires: now() + ttlMs, info });
    return info;
  }

  return {
    kind: store.kind,
    remote: store.remote,
    stat,
    read: (key) => store.read(key),
    probe: () => store.probe(),
    async write(key, body, contentType) {
      try {
        await store.write(key, body, contentType);
      } finally {
        kept.delete(key);
      }
    },
  };
}
