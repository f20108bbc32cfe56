import { randomUUID } from "node:crypto";
import { Redis, type Result } from "ioredis";
import type { Logger } from "./logger.ts";
import { streakKept, type RateLimitHit, type RateLimitRule, type RateLimitStore } from "./rate-limit.ts";

/** Every key the store writes starts with this, so the limits can share a Redis with others. */
export const redisRateLimitPrefix = "shiyi:rl:";

// Each key is a sorted set of attempt times (score: the time in ms; member: the time and a random
// id, so two attempts in the same millisecond are both kept). Every method is one script, so that
// trimming, counting and adding cannot interleave with another instance's calls on the same key.
// Times come from the caller's clock (as for the memory store), never from Redis: expiry is set as
// a duration (PEXPIRE), so the keys go when the newest attempt leaves its window in real time.

/** Lua: sets `key` to expire once its newest attempt is `window` ms old (`now` being the caller's time). */
const expireAfterNewest = `
local function expire_after_newest(key, window, now)
  local newest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2]
  if newest then
    redis.call('PEXPIRE', key, math.max(1, math.ceil(tonumber(newest) + window - now)))
  end
end
`;

/**
 * KEYS[1]: the key. ARGV: now, windowMs, limit, cutoff (now - windowMs), member.
 * Answers { 1 when counted else 0, the oldest counted time or '' }.
 */
const hitScript = `${expireAfterNewest}
local key = KEYS[1]
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[4])
local allowed = redis.call('ZCARD', key) < limit
if allowed then redis.call('ZADD', key, ARGV[1], ARGV[5]) end
expire_after_newest(key, window, now)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]
return { allowed and 1 or 0, oldest or '' }
`;

/**
 * KEYS[1]: the key. ARGV: now, idleMs, cutoff (now - idleMs), member ('' to read only).
 * Forgets the streak when its latest attempt is at or before the cutoff, adds the attempt when
 * there is one, and answers the streak's times, oldest first.
 */
const streakScript = `${expireAfterNewest}
local key = KEYS[1]
local latest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2]
if latest and tonumber(latest) <= tonumber(ARGV[3]) then redis.call('DEL', key) end
if ARGV[4] ~= '' then
  redis.call('ZADD', key, ARGV[1], ARGV[4])
  redis.call('ZREMRANGEBYRANK', key, 0, -${streakKept + 1})
  expire_after_newest(key, tonumber(ARGV[2]), tonumber(ARGV[1]))
end
local entries = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
local times = {}
for i = 2, #entries, 2 do times[#times + 1] = entries[i] end
return times
`;

declare module "ioredis" {
  interface RedisCommander<Context> {
    shiyiRateLimitHit(
      key: string,
      now: string,
      windowMs: string,
      limit: string,
      cutoff: string,
      member: string,
    ): Result<[number, string], Context>;
    shiyiRateLimitStreak(
      key: string,
      now: string,
      idleMs: string,
      cutoff: string,
      member: string,
    ): Result<string[], Context>;
  }
}

/**
 * Attempt times per key in Redis, shared by every instance of the web and the API: the same
 * semantics as `MemoryRateLimitStore`. Errors (Redis unreachable, a timeout) are thrown; the store
 * the servers use is wrapped in `failOpen` (see `openRedisRateLimitStore`).
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, { prefix = redisRateLimitPrefix }: { prefix?: string } = {}) {
    this.#redis = redis;
    this.#prefix = prefix;
    redis.defineCommand("shiyiRateLimitHit", { numberOfKeys: 1, lua: hitScript });
    redis.defineCommand("shiyiRateLimitStreak", { numberOfKeys: 1, lua: streakScript });
  }

  async hit(key: string, { limit, windowMs }: RateLimitRule, now: number): Promise<RateLimitHit> {
    const [allowed, oldest] = await this.#redis.shiyiRateLimitHit(
      this.#prefix + key,
      String(now),
      String(windowMs),
      String(limit),
      String(now - windowMs),
      member(now),
    );
    return { allowed: allowed === 1, resetAt: (oldest === "" ? now : Number(oldest)) + windowMs };
  }

  async extendStreak(key: string, idleMs: number, now: number): Promise<number[]> {
    return this.#streak(key, idleMs, now, member(now));
  }

  async streak(key: string, idleMs: number, now: number): Promise<number[]> {
    return this.#streak(key, idleMs, now, "");
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }

  async #streak(key: string, idleMs: number, now: number, added: string): Promise<number[]> {
    const times = await this.#redis.shiyiRateLimitStreak(
      this.#prefix + key,
      String(now),
      String(idleMs),
      String(now - idleMs),
      added,
    );
    return times.map(Number);
  }
}

/** A sorted-set member for an attempt at `now`: unique, so equal times are all counted. */
const member = (now: number) => `${now}:${randomUUID()}`;

/**
 * A store that never fails: when `store` throws, the call answers as if the key had no attempts
 * (the attempt is allowed, the streak is empty) and the error is logged.
 *
 * Why open rather than closed: rate limits and the login lockout are defence in depth. Passwords
 * are Argon2id hashes and the per-address limits sit in front of costly work, so a short Redis
 * outage that lets attempts through uncounted costs little; failing closed would instead turn the
 * outage into one of login, registration, password reset and the contact form for every member.
 * The log line (at error level) is what tells operations the limits are off. It names the call,
 * never the key, which holds e-mail and client addresses. During an outage every call fails, so
 * after the first line one is written per `logEveryMs` at most, counting the failures in between.
 */
export function failOpen(
  store: RateLimitStore,
  logger: Logger,
  { logEveryMs = 10_000, clock = Date.now }: { logEveryMs?: number; clock?: () => number } = {},
): RateLimitStore {
  let loggedAt = -Infinity;
  let unlogged = 0;
  const failed = (err: unknown, call: string) => {
    const now = clock();
    if (now - loggedAt < logEveryMs) {
      unlogged += 1;
      return;
    }
    logger.error(
      { err, call, ...(unlogged > 0 ? { failuresNotLogged: unlogged } : {}) },
      "rate limit store failed: attempt allowed uncounted (fail open)",
    );
    loggedAt = now;
    unlogged = 0;
  };
  return {
    async hit(key, rule, now) {
      try {
        return await store.hit(key, rule, now);
      } catch (error) {
        failed(error, "hit");
        return { allowed: true, resetAt: now + rule.windowMs };
      }
    },
    async extendStreak(key, idleMs, now) {
      try {
        return await store.extendStreak(key, idleMs, now);
      } catch (error) {
        failed(error, "extendStreak");
        return [now];
      }
    },
    async streak(key, idleMs, now) {
      try {
        return await store.streak(key, idleMs, now);
      } catch (error) {
        failed(error, "streak");
        return [];
      }
    },
    async reset(key) {
      try {
        await store.reset(key);
      } catch (error) {
        failed(error, "reset");
      }
    },
  };
}

/** How long one call may wait for Redis before it fails (and so is allowed: see `failOpen`). */
export const redisCommandTimeoutMs = 500;

export type RedisRateLimitService = {
  /** The shared store, failing open. */
  store: RateLimitStore;
  /** Resolves once Redis is first reached (true), or has failed or not answered in time (false). */
  ready: Promise<boolean>;
  /** Closes the connection, waiting for calls under way. */
  close(): Promise<void>;
};

/**
 * Connects to `url` (redis:// or rediss://) and answers the servers' shared store. While Redis is
 * unreachable, calls fail at once (no queue of commands waiting for it) and are allowed; the client
 * reconnects by itself, logging the lost connection once and Redis's return.
 */
export function openRedisRateLimitStore(
  url: string,
  logger: Logger,
  { prefix, connectTimeoutMs = 5_000 }: { prefix?: string; connectTimeoutMs?: number } = {},
): RedisRateLimitService {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: redisCommandTimeoutMs,
    connectTimeout: connectTimeoutMs,
    // A call under way when the connection drops fails then, rather than waiting to be sent again.
    maxRetriesPerRequest: 0,
  });
  let up = false;
  redis.on("ready", () => {
    up = true;
    logger.info("rate limits: Redis connected");
  });
  redis.on("error", (err: unknown) => {
    // Logged once per outage at error level; each reconnection attempt after that at debug.
    if (up) logger.error({ err }, "rate limits: Redis unreachable, limits fail open until it is back");
    else logger.debug({ err }, "rate limits: Redis still unreachable");
    up = false;
  });
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => settle(false), connectTimeoutMs);
    const settle = (value: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      redis.off("error", onError);
      if (!value)
        logger.error({ url: redacted(url) }, "rate limits: Redis unreachable at start, limits fail open");
      resolve(value);
    };
    const onReady = () => settle(true);
    const onError = () => settle(false);
    redis.once("ready", onReady);
    redis.once("error", onError);
  });
  return {
    store: failOpen(new RedisRateLimitStore(redis, { prefix }), logger),
    ready,
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

/** The URL without its password, for logs. */
function redacted(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
