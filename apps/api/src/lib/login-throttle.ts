import type { RateLimitResult, RateLimitStore } from "./rate-limit.ts";

/**
 * Repeated failed logins slow down: after `freeFailures` failures on one account identifier, the
 * identifier is locked for `firstLockMs` after its latest failure, twice as long for each further
 * failure, at most `maxLockMs`. While locked, every attempt is refused, even with the right
 * password, and is not counted. A successful login forgets the failures, and so does a quiet
 * `windowMs` (after the lock, if there is one): five failures in 15 minutes lock the identifier.
 * A try counts as a failure from the moment it is let through until it succeeds, so that a burst
 * of guesses sent at once is held to five like guesses sent one by one; the tries of such a burst
 * that passed the check at the same moment as the fifth are counted as well.
 *
 * The failures form a streak rather than a sliding window: with a window, the first failures
 * would leave it while the waits grow, and the wait would fall back before reaching its cap.
 *
 * Unlike a rate limit, only failures count, so a member who signs in often is never held back;
 * and the identifier, not the address, is what counts, so guessing from many addresses is slowed
 * too. An identifier that names an account counts as that account (`{ memberId }`), so its name
 * and its e-mail address share one count; one that names none is counted as typed, locking the
 * same way, so the lock reveals nothing.
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

/**
 * The failures of the streak still running at the end of `times` (oldest first): a streak has
 * ended once its lock and then a quiet `windowMs` passed before the next failure. Decided from the
 * times alone, never by clearing the store, so that concurrent tries cannot erase each other's.
 */
export function currentStreak(
  times: readonly number[],
  rule: LoginThrottleRule = loginThrottleRule,
): number[] {
  let start = 0;
  for (let i = 1; i < times.length; i += 1) {
    if (times[i]! - times[i - 1]! >= lockMs(i - start, rule) + rule.windowMs) start = i;
  }
  return times.slice(start);
}

/** Whose failures count: an account, or an identifier that names none (as typed). */
export type LoginSubject = string | { memberId: number };

export type LoginThrottle = {
  /** Whether `identifier` may try now; refused with the wait while it is locked. */
  check(identifier: LoginSubject): Promise<RateLimitResult>;
  /**
   * Whether `identifier` may try a password now, counting the try as a failure until `succeed`
   * forgets it. Tries in flight at once then lock like failures in a row: checking first and
   * counting after the slow password hash would let a burst of guesses all pass the check.
   */
  attempt(identifier: LoginSubject): Promise<RateLimitResult>;
  /** Forgets the failures on `identifier`. */
  succeed(identifier: LoginSubject): Promise<void>;
};

/** An account by its id; an identifier as typed, without regard to case or surrounding spaces. */
const keyOf = (subject: LoginSubject) =>
  typeof subject === "string"
    ? `login-failures:typed:${subject.trim().toLowerCase()}`
    : `login-failures:member:${subject.memberId}`;

export function createLoginThrottle(
  store: RateLimitStore,
  clock: () => number = Date.now,
  rule: LoginThrottleRule = loginThrottleRule,
): LoginThrottle {
  // The store keeps a streak as long as it may matter; `lockedUntil` decides when it has ended.
  const keptMs = rule.windowMs + rule.maxLockMs;

  /** When the identifier's lock ends (in the past when it is not locked); 0 without failures. */
  async function lockedUntil(key: string, now: number) {
    const failures = currentStreak(await store.streak(key, keptMs, now), rule);
    const latest = failures.at(-1);
    if (latest === undefined) return 0;
    const until = latest + lockMs(failures.length, rule);
    return until + rule.windowMs > now ? until : 0;
  }

  const answer = (until: number, now: number): RateLimitResult =>
    until <= now
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };

  return {
    async check(identifier) {
      const now = clock();
      return answer(await lockedUntil(keyOf(identifier), now), now);
    },
    async attempt(identifier) {
      const key = keyOf(identifier);
      const now = clock();
      const until = await lockedUntil(key, now);
      if (until > now) return answer(until, now);
      // Counted at once (one atomic step of the store); the tries counted before this one,
      // finished or still in flight, decide whether it may go on.
      const before = currentStreak(await store.extendStreak(key, keptMs, now), rule).slice(0, -1);
      const latest = before.at(-1);
      return answer(latest === undefined ? 0 : latest + lockMs(before.length, rule), now);
    },
    async succeed(identifier) {
      await store.reset(keyOf(identifier));
    },
  };
}
