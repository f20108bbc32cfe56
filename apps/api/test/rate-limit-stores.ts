// The rate-limit suites run on every store: process memory always, and Redis too. Outside CI a
// machine without Redis skips the Redis half (saying so); in CI (CI set) it always runs, and fails
// when Redis cannot be reached.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { MemoryRateLimitStore, type RateLimitStore } from "../src/lib/rate-limit.ts";
import { RedisRateLimitStore, redisRateLimitPrefix } from "../src/lib/redis-rate-limit.ts";

/** The Redis the tests use: REDIS_URL when set, else the local server. */
export const testRedisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";

/** Every key this test file writes starts with this (and is deleted when the file is done). */
export const testRedisPrefix = `${redisRateLimitPrefix}test:${randomUUID()}:`;

/** A connection of the tests' own: nothing is queued while it is down, and it does not reconnect. */
export const connectTestRedis = () =>
  new Redis(testRedisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });

/** Why the Redis half is skipped on this machine, if it is. */
export const redisSkipped = await (async () => {
  if (process.env.CI) return undefined;
  const redis = connectTestRedis();
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch {
    return `Redis is unreachable at ${testRedisUrl} (outside CI the Redis half is skipped)`;
  } finally {
    redis.disconnect();
  }
})();

/** Deletes every key under `prefix`. */
export async function deleteKeys(redis: Redis, prefix: string) {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

export type StoreTarget = {
  name: "memory" | "redis";
  /**
   * Registers the suite's hooks (a Redis connection, the skip when Redis is unreachable outside
   * CI, the clean-up); call it inside a `describe`. Answers a maker of stores, each empty and
   * apart from every other: call it inside tests.
   */
  use(): () => RateLimitStore;
};

const memory: StoreTarget = {
  name: "memory",
  use: () => () => new MemoryRateLimitStore(),
};

const redis: StoreTarget = {
  name: "redis",
  use() {
    let client: Redis | undefined;
    let stores = 0;
    const suitePrefix = `${testRedisPrefix}${randomUUID()}:`;
    beforeAll(async () => {
      if (redisSkipped) return;
      client = connectTestRedis();
      await client.connect();
    });
    beforeEach((context) => {
      if (redisSkipped) context.skip(redisSkipped);
    });
    afterAll(async () => {
      if (!client) return;
      try {
        await deleteKeys(client, suitePrefix);
      } finally {
        client.disconnect();
      }
    });
    return () => {
      if (!client) throw new Error("the Redis store target: the suite's beforeAll has not run");
      return new RedisRateLimitStore(client, { prefix: `${suitePrefix}${(stores += 1)}:` });
    };
  },
};

/** The stores every rate-limit suite runs on: `describe.each(rateLimitStoreTargets)("… ($name store)", …)`. */
export const rateLimitStoreTargets: StoreTarget[] = [memory, redis];
