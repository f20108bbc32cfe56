import type { RateLimitResult, RateLimitStore } from "./rate-limit.ts";

/**
 * Repeated failed logins slow down: after `freeFailures` failures on one account identifier, the
 * identifier is locked for `firstLockMs` after its latest failure, twice as long for each further
 * failure, at most `maxLockMs`. While locked, every attempt is refused, even with the right
 * password, and is not counted. A successful login forgets the failures, and so does a quiet
 * `windowMs` (after the lock, if there is one): five failures in 15 minutes lock the identifier.
 *
 * The failures form a streak rather than a sliding window: with a window, the first failures
 * would leave it while the waits grow, and the wait would fall back before reaching its cap.
 *
 * Unlike a rate limit, only failures count, so a member who signs in often is never held back;
 * and the identifier, not the address, is what counts, so guessing from many addresses is slowed
 * too. The identifier is counted whether or not an account has it, so the lock reveals nothing.
 */
export type LoginThrottleRule = {
  freeFailures: number;
  windowMs: number;
  firstLockMs: number;
  maxLockMs: number;
};

const minute = 60_000;

export const loginThrottleRule: LoginThrottleRule = {
  freeFailures: 5,
  windowMs: 15 * minute,
  firstLockMs: 30_000,
  maxLockMs: 15 * minute,
};

/** How long an identifier stays locked after its latest failure, with `failures` in the window. */
export function lockMs(failures: number, rule: LoginThrottleRule = loginThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxLockMs, rule.firstLockMs * 2 ** (failures - rule.freeFailures));
}

export type LoginThrottle = {
  /** Whether `identifier` may try now; refused with the wait while it is locked. */
  check(identifier: string): Promise<RateLimitResult>;
  /** Counts a failure on `identifier`. */
  fail(identifier: string): Promise<void>;
  /** Forgets the failures on `identifier`. */
  succeed(identifier: string): Promise<void>;
};

/** The identifier as typed, without regard to case or surrounding spaces. */
const keyOf = (identifier: string) => `login-failures:${identifier.trim().toLowerCase()}`;

export function createLoginThrottle(
  store: RateLimitStore,
  clock: () => number = Date.now,
  rule: LoginThrottleRule = loginThrottleRule,
): LoginThrottle {
  // The store keeps a streak as long as it may matter; `lockedUntil` decides when it has ended.
  const keptMs = rule.windowMs + rule.maxLockMs;

  /** When the identifier's lock ends (in the past when it is not locked); 0 without failures. */
  async function lockedUntil(key: string, now: number) {
    const failures = await store.streak(key, keptMs, now);
    const latest = failures.at(-1);
    if (latest === undefined) return 0;
    const until = latest + lockMs(failures.length, rule);
    if (until + rule.windowMs > now) return until;
    await store.reset(key);
    return 0;
  }

  return {
    async check(identifier) {
      const now = clock();
      const until = await lockedUntil(keyOf(identifier), now);
      if (until <= now) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
    },
    async fail(identifier) {
      const key = keyOf(identifier);
      const now = clock();
      await lockedUntil(key, now);
      await store.extendStreak(key, keptMs, now);
    },
    async succeed(identifier) {
      await store.reset(keyOf(identifier));
    },
  };
}
