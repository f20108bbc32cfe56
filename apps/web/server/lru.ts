export type LruLimits = {
  /** Past either bound, the least recently used entries are dropped. */
  maxEntries: number;
  maxBytes: number;
};

/**
 * The bounded memory behind the server's caches of whole answers (rendered pages, processed
 * images): entries weighed in bytes, the least recently used dropped first. A Map keeps insertion
 * order, so re-inserting an entry on use makes the Map's first key the least recently used.
 */
export class Lru<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  readonly #limits: LruLimits;
  #bytes = 0;

  constructor(limits: LruLimits) {
    this.#limits = limits;
  }

  /** The value kept under `key`, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`, unless it alone weighs more than the whole cache may. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.#limits.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#limits.maxEntries && this.#bytes <= this.#limits.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
