/**
 * Rate limits for the calls people can abuse: the contact form, login, registration and password
 * reset. A rule allows at most `limit` attempts per key within any `windowMs`
 * (a sliding window: there is no window edge at which a burst of twice the limit gets through).
 * Refused attempts are not counted, so hammering on does not push the release further away.
 */
export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimitHit = {
  /** Whether the attempt was within the limit (and was counted). */
  allowed: boolean;
  /** When the oldest counted attempt leaves the window, in ms since the epoch. */
  resetAt: number;
};

/**
 * Where attempts are counted. The memory store suits one process; several instances need a shared
 * store (Redis when REDIS_URL is set: a sorted set per key, trimmed and counted in one script).
 */
/**
 * The most times a streak keeps, its latest: a login lock is at its longest by the tenth failure in
 * a row (login-throttle.ts), so older ones change nothing, and a key hammered for hours stays small.
 */
export const streakKept = 32;

export interface RateLimitStore {
  /** Counts an attempt on `key` at `now` unless `rule.limit` attempts already lie in the window. */
  hit(key: string, rule: RateLimitRule, now: number): Promise<RateLimitHit>;
  /**
   * Adds an attempt at `now` to `key`'s streak, whatever its length, and answers the streak's
   * latest `streakKept` times, oldest first. A streak ends once `idleMs` pass without an attempt,
   * and is forgotten.
   * For counting only some outcomes of a call, such as failed logins (see login-throttle.ts).
   */
  extendStreak(key: string, idleMs: number, now: number): Promise<number[]>;
  /** The times of `key`'s streak, oldest first (none once it has ended); counts nothing. */
  streak(key: string, idleMs: number, now: number): Promise<number[]>;
  /** Forgets every attempt on `key`. */
  reset(key: string): Promise<void>;
}

/** How often, at most, the memory store drops keys whose attempts have all left their window. */
const sweepEveryMs = 60_000;

/** Attempt times per key in this process's memory. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #attempts = new Map<string, { times: number[]; windowMs: number }>();
  #sweptAt = 0;

  async hit(key: string, { limit, windowMs }: RateLimitRule, now: number): Promise<RateLimitHit> {
    const times = this.#within(key, windowMs, now);
    const allowed = times.length < limit;
    if (allowed) times.push(now);
    this.#keep(key, times, windowMs);
    return { allowed, resetAt: (times[0] ?? now) + windowMs };
  }

  // Read and write in one synchronous step, like the Redis store's script: concurrent calls
  // cannot lose each other's attempts.
  async extendStreak(key: string, idleMs: number, now: number): Promise<number[]> {
    const times = [...this.#streak(key, idleMs, now), now].slice(-streakKept);
    this.#keep(key, times, idleMs);
    return [...times];
  }

  async streak(key: string, idleMs: number, now: number): Promise<number[]> {
    return [...this.#streak(key, idleMs, now)];
  }

  async reset(key: string): Promise<void> {
    this.#attempts.delete(key);
  }

  /** The number of keys held, for tests. */
  get size() {
    return this.#attempts.size;
  }

  /** The times of `key`'s streak (forgotten once it has ended), after sweeping stale keys. */
  #streak(key: string, idleMs: number, now: number): number[] {
    this.#sweep(now);
    const times = this.#attempts.get(key)?.times ?? [];
    if ((times.at(-1) ?? 0) > now - idleMs) return times;
    this.#attempts.delete(key);
    return [];
  }

  /** The attempt times on `key` still inside the window, after sweeping stale keys. */
  #within(key: string, windowMs: number, now: number): number[] {
    this.#sweep(now);
    return (this.#attempts.get(key)?.times ?? []).filter((time) => time > now - windowMs);
  }

  #keep(key: string, times: number[], windowMs: number) {
    if (times.length > 0) this.#attempts.set(key, { times, windowMs });
    else this.#attempts.delete(key);
  }

  #sweep(now: number) {
    if (now - this.#sweptAt < sweepEveryMs) return;
    this.#sweptAt = now;
    for (const [key, { times, windowMs }] of this.#attempts) {
      if ((times.at(-1) ?? 0) <= now - windowMs) this.#attempts.delete(key);
    }
  }
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /**
   * Counts one attempt on each key (say, the client's address and the e-mail address); refused
   * when any key is over the limit, with the wait until every refusing key has room again.
   * Keys that are `undefined` (an unknown address) are skipped.
   */
  consume(rule: RateLimitRule, keys: readonly (string | undefined)[]): Promise<RateLimitResult>;
  /**
   * Whether `key` has had fewer than `rule.limit` failures in the window; counts nothing. For
   * limits on outcomes, not tries (failed logins from one address): `fail` counts them. Tries in
   * flight at once are not held back by each other's failures, so pair it with a looser `consume`.
   */
  checkFailures(rule: RateLimitRule, key: string | undefined): Promise<RateLimitResult>;
  /** Counts a failure on `key` for `checkFailures`. */
  fail(rule: RateLimitRule, key: string | undefined): Promise<void>;
};

export function createRateLimiter(
  store: RateLimitStore = new MemoryRateLimitStore(),
  clock: () => number = Date.now,
): RateLimiter {
  return {
    async consume(rule, keys) {
      const now = clock();
      let resetAt = 0;
      for (const key of keys) {
        if (key === undefined) continue;
        const hit = await store.hit(key, rule, now);
        if (!hit.allowed) resetAt = Math.max(resetAt, hit.resetAt);
      }
      if (resetAt === 0) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
    },
    // Failures are a streak that ends after a quiet window; those inside the window count.
    async checkFailures({ limit, windowMs }, key) {
      if (key === undefined) return { allowed: true };
      const now = clock();
      const recent = (await store.streak(key, windowMs, now)).filter((time) => time > now - windowMs);
      if (recent.length < limit) return { allowed: true };
      const roomAt = recent[recent.length - limit]! + windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((roomAt - now) / 1000)) };
    },
    async fail({ windowMs }, key) {
      if (key !== undefined) await store.extendStreak(key, windowMs, clock());
    },
  };
}
