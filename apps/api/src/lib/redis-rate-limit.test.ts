// What only the Redis store has: its keys, their expiry, counting across instances, and what
// happens when Redis fails. The behaviour it shares with the memory store is tested on both stores
// by the suites of rate-limit.test.ts and login-throttle.test.ts (`rateLimitStoreTargets`).
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApi } from "../../test/api.ts";
import { databaseTargets } from "../../test/databases.ts";
import {
  connectTestRedis,
  deleteKeys,
  redisSkipped,
  testRedisPrefix,
  testRedisUrl,
} from "../../test/rate-limit-stores.ts";
import type { Logger } from "./logger.ts";
import { createLoginThrottle } from "./login-throttle.ts";
import { createRateLimiter, type RateLimitStore } from "./rate-limit.ts";
import {
  failOpen,
  openRedisRateLimitStore,
  RedisRateLimitStore,
  redisRateLimitPrefix,
} from "./redis-rate-limit.ts";

const rule = { limit: 3, windowMs: 10_000 };

/** A logger that keeps what it is told. */
function keptLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "debug" },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

/** A redis:// URL on which nothing listens: a port just freed. */
async function unreachableRedisUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

describe.skipIf(redisSkipped)("Redis store", () => {
  let redis: Redis;
  /** Keys under the default prefix, inside this file's own test prefix. */
  const keyPrefix = testRedisPrefix.slice(redisRateLimitPrefix.length);

  beforeAll(async () => {
    redis = connectTestRedis();
    await redis.connect();
  });
  afterAll(async () => {
    try {
      await deleteKeys(redis, testRedisPrefix);
    } finally {
      redis.disconnect();
    }
  });

  it("keeps each key as one sorted set under shiyi:rl:, expiring when its newest attempt leaves the window", async () => {
    const store = new RedisRateLimitStore(redis);
    const key = `${keyPrefix}expiry`;
    const stored = `shiyi:rl:${key}`;
    const now = 1_000_000;
    await store.hit(key, rule, now);
    expect(await redis.type(stored)).toBe("zset");
    expect(await redis.pttl(stored)).toBeGreaterThan(9_000);
    expect(await redis.pttl(stored)).toBeLessThanOrEqual(10_000);

    await store.hit(key, rule, now + 2_000);
    await store.hit(key, rule, now + 4_000);
    // Refused: not stored, and the key still goes 10 s after the newest counted attempt (at 4 s).
    expect((await store.hit(key, rule, now + 6_000)).allowed).toBe(false);
    expect(await redis.zcard(stored)).toBe(3);
    expect(await redis.pttl(stored)).toBeGreaterThan(7_000);
    expect(await redis.pttl(stored)).toBeLessThanOrEqual(8_000);

    await store.reset(key);
    expect(await redis.exists(stored)).toBe(0);
  });

  it("expires a streak once its idle time passes after the latest attempt", async () => {
    const store = new RedisRateLimitStore(redis);
    const stored = `shiyi:rl:${keyPrefix}streak`;
    await store.extendStreak(`${keyPrefix}streak`, 60_000, 1_000);
    await store.extendStreak(`${keyPrefix}streak`, 60_000, 31_000);
    expect(await redis.pttl(stored)).toBeGreaterThan(59_000);
    expect(await redis.pttl(stored)).toBeLessThanOrEqual(60_000);
    // Reading a streak leaves its expiry as it was.
    await store.streak(`${keyPrefix}streak`, 60_000, 45_000);
    expect(await redis.pttl(stored)).toBeLessThanOrEqual(60_000);
  });

  it("lets Redis drop the keys in real time once their window has passed", async () => {
    const store = new RedisRateLimitStore(redis, { prefix: `${testRedisPrefix}real-time:` });
    const now = Date.now();
    await store.hit("hit", { limit: 3, windowMs: 50 }, now);
    await store.extendStreak("streak", 50, now);
    expect(await redis.exists(`${testRedisPrefix}real-time:hit`, `${testRedisPrefix}real-time:streak`)).toBe(
      2,
    );
    await sleep(150);
    expect(await redis.exists(`${testRedisPrefix}real-time:hit`, `${testRedisPrefix}real-time:streak`)).toBe(
      0,
    );
  });

  it("counts exactly `limit` attempts when instances race on one key", async () => {
    const other = connectTestRedis();
    await other.connect();
    try {
      const prefix = `${testRedisPrefix}race:`;
      const instances = [
        new RedisRateLimitStore(redis, { prefix }),
        new RedisRateLimitStore(other, { prefix }),
      ];
      const limit = { limit: 10, windowMs: 60_000 };
      const hits = await Promise.all(
        Array.from({ length: 40 }, (_, i) => instances[i % 2]!.hit("a", limit, 1_000_000)),
      );
      expect(hits.filter((hit) => hit.allowed)).toHaveLength(10);
      expect(await redis.zcard(`${prefix}a`)).toBe(10);

      const failures = await Promise.all(
        Array.from({ length: 20 }, (_, i) => instances[i % 2]!.extendStreak("b", 60_000, 1_000_000 + i)),
      );
      expect(Math.max(...failures.map((times) => times.length))).toBe(20);
      expect(await instances[0]!.streak("b", 60_000, 1_000_100)).toHaveLength(20);
    } finally {
      other.disconnect();
    }
  });

  it("fails on a key Redis cannot count (another type), and failOpen then allows the attempt", async () => {
    const key = `${keyPrefix}not-a-set`;
    await redis.set(`shiyi:rl:${key}`, "text");
    const store = new RedisRateLimitStore(redis);
    await expect(store.hit(key, rule, 1_000)).rejects.toThrow(/WRONGTYPE/);
    const { logger, lines } = keptLogger();
    expect(await failOpen(store, logger).hit(key, rule, 1_000)).toEqual({ allowed: true, resetAt: 11_000 });
    expect(lines).toMatchObject([
      { level: 50, call: "hit", err: { message: expect.stringMatching(/WRONGTYPE/) } },
    ]);
  });

  it("connects from a URL as the servers do, and closes", async () => {
    const { logger } = keptLogger();
    const service = openRedisRateLimitStore(testRedisUrl, logger, { prefix: `${testRedisPrefix}service:` });
    try {
      expect(await service.ready).toBe(true);
      const limiter = createRateLimiter(service.store, () => 1_000_000);
      for (let i = 0; i < 3; i += 1) expect(await limiter.consume(rule, ["a"])).toEqual({ allowed: true });
      expect(await limiter.consume(rule, ["a"])).toEqual({ allowed: false, retryAfterSeconds: 10 });
    } finally {
      await service.close();
    }
  });
});

describe("failing open (a Redis outage allows attempts, uncounted, and logs an error)", () => {
  /** A store every call of which fails, as one on an unreachable Redis does. */
  const broken: RateLimitStore = {
    hit: () => Promise.reject(new Error("Connection is closed.")),
    extendStreak: () => Promise.reject(new Error("Connection is closed.")),
    streak: () => Promise.reject(new Error("Connection is closed.")),
    reset: () => Promise.reject(new Error("Connection is closed.")),
  };

  it("answers each call as for a key without attempts, logging the call but never the key", async () => {
    const { logger, lines } = keptLogger();
    const store = failOpen(broken, logger, { logEveryMs: 0 });
    expect(await store.hit("login:reader@example.com", rule, 1_000)).toEqual({
      allowed: true,
      resetAt: 11_000,
    });
    expect(await store.extendStreak("login-failures:reader", 60_000, 1_000)).toEqual([1_000]);
    expect(await store.streak("login-failures:reader", 60_000, 1_000)).toEqual([]);
    await expect(store.reset("login-failures:reader")).resolves.toBeUndefined();
    expect(lines.map(({ level, call }) => ({ level, call }))).toEqual(
      ["hit", "extendStreak", "streak", "reset"].map((call) => ({ level: 50, call })),
    );
    expect(JSON.stringify(lines)).not.toMatch(/reader/);
  });

  it("logs the first failure, then one line per 10 s at most, counting the failures in between", async () => {
    const { logger, lines } = keptLogger();
    const clock = { now: 1_000_000 };
    const store = failOpen(broken, logger, { clock: () => clock.now });
    for (let i = 0; i < 5; i += 1) {
      expect((await store.hit("a", rule, clock.now)).allowed).toBe(true);
      clock.now += 2_500;
    }
    // Failures at 0, 2.5, 5, 7.5 and 10 s: logged at 0 s, and at 10 s with the three between.
    expect(lines).toMatchObject([
      { level: 50, call: "hit" },
      { level: 50, call: "hit", failuresNotLogged: 3 },
    ]);
    expect(lines[0]).not.toHaveProperty("failuresNotLogged");
  });

  it("neither limits nor locks out while Redis is unreachable, and starts and closes all the same", async () => {
    const { logger, lines } = keptLogger();
    const service = openRedisRateLimitStore(await unreachableRedisUrl(), logger, { connectTimeoutMs: 1_000 });
    try {
      expect(await service.ready).toBe(false);
      const limiter = createRateLimiter(service.store);
      for (let i = 0; i < 5; i += 1) expect(await limiter.consume(rule, ["a"])).toEqual({ allowed: true });
      const throttle = createLoginThrottle(service.store);
      for (let i = 0; i < 8; i += 1) await throttle.attempt("reader");
      expect(await throttle.check("reader")).toEqual({ allowed: true });
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: "rate limits: Redis unreachable at start, limits fail open",
        }),
      );
      expect(lines).toContainEqual(expect.objectContaining({ level: 50, call: "hit" }));
    } finally {
      await service.close();
    }
  });

  describe("the API on an unreachable Redis", () => {
    const api = useApi(databaseTargets()[0]!);

    it("answers failed logins as usual (422, never 500 nor 429), logging the outage", async () => {
      const { logger, lines } = keptLogger();
      const service = openRedisRateLimitStore(await unreachableRedisUrl(), logger, {
        connectTimeoutMs: 1_000,
      });
      try {
        await service.ready;
        const client = api.withOptions({ logger, rateLimitStore: service.store });
        const statuses = [];
        // More than the 10 logins per address and the 5 failures per account the limits allow.
        for (let i = 0; i < 12; i += 1) {
          const response = await client.post(
            "/members/login",
            { account: "nobody", password: "Secret123" },
            { "x-forwarded-for": "203.0.113.7" },
          );
          statuses.push(response.status);
        }
        expect(statuses).toEqual(Array.from({ length: 12 }, () => 422));
        expect(lines).toContainEqual(
          expect.objectContaining({
            level: 50,
            msg: "rate limit store failed: attempt allowed uncounted (fail open)",
          }),
        );
        expect(lines.some((line) => line.msg === "unhandled API error")).toBe(false);
      } finally {
        await service.close();
      }
    });
  });
});
