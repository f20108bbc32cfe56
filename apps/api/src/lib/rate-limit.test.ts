import { describe, expect, it } from "vitest";
import { rateLimitStoreTargets } from "../../test/rate-limit-stores.ts";
import { createRateLimiter, MemoryRateLimitStore, streakKept, type RateLimitStore } from "./rate-limit.ts";

const rule = { limit: 3, windowMs: 10_000 };

/** A limiter on a clock the test moves by hand. */
function limiterOn<Store extends RateLimitStore>(store: Store, start = 1_000_000) {
  const clock = { now: start };
  return { store, clock, limiter: createRateLimiter(store, () => clock.now) };
}

describe.each(rateLimitStoreTargets)("rate limiter ($name store)", (target) => {
  const newStore = target.use();
  const limiterAt = () => limiterOn(newStore());

  it("allows `limit` attempts in the window and refuses the next, saying how long to wait", async () => {
    const { limiter, clock } = limiterAt();
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.consume(rule, ["a"])).toEqual({ allowed: true });
      clock.now += 1_000;
    }
    // Attempts at 0 s, 1 s and 2 s; at 3 s the first leaves the window at 10 s.
    expect(await limiter.consume(rule, ["a"])).toEqual({ allowed: false, retryAfterSeconds: 7 });
  });

  it("slides: an attempt leaving the window makes room for one more, not for a new burst", async () => {
    const { limiter, clock } = limiterAt();
    for (const at of [0, 4_000, 8_000]) {
      clock.now = 1_000_000 + at;
      await limiter.consume(rule, ["a"]);
    }
    clock.now = 1_000_000 + 10_000;
    expect((await limiter.consume(rule, ["a"])).allowed).toBe(true);
    expect((await limiter.consume(rule, ["a"])).allowed).toBe(false);
    clock.now = 1_000_000 + 14_000;
    expect((await limiter.consume(rule, ["a"])).allowed).toBe(true);
  });

  it("does not count refused attempts, so hammering on does not push the release further away", async () => {
    const { limiter, clock } = limiterAt();
    for (let i = 0; i < 3; i += 1) await limiter.consume(rule, ["a"]);
    for (let i = 0; i < 20; i += 1) {
      clock.now += 400;
      expect((await limiter.consume(rule, ["a"])).allowed).toBe(false);
    }
    clock.now = 1_000_000 + 10_000;
    expect((await limiter.consume(rule, ["a"])).allowed).toBe(true);
  });

  it("counts only the failures it is told of, sliding, and says how long until one leaves the window", async () => {
    const { limiter, clock } = limiterAt();
    expect(await limiter.checkFailures(rule, "f")).toEqual({ allowed: true });
    for (const at of [0, 2_000, 5_000]) {
      clock.now = 1_000_000 + at;
      await limiter.fail(rule, "f");
    }
    clock.now = 1_000_000 + 6_000;
    // Failures at 0 s, 2 s and 5 s: the first leaves the window at 10 s.
    expect(await limiter.checkFailures(rule, "f")).toEqual({ allowed: false, retryAfterSeconds: 4 });
    expect(await limiter.checkFailures(rule, "other")).toEqual({ allowed: true });
    clock.now = 1_000_000 + 10_001;
    expect(await limiter.checkFailures(rule, "f")).toEqual({ allowed: true });
    // An unknown address is not limited.
    await limiter.fail(rule, undefined);
    expect(await limiter.checkFailures(rule, undefined)).toEqual({ allowed: true });
  });

  it("keeps keys apart, and refuses when any one key is over its limit", async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i += 1) await limiter.consume(rule, ["ip:1", `email:${i}`]);
    expect((await limiter.consume(rule, ["ip:2", "email:9"])).allowed).toBe(true);
    expect((await limiter.consume(rule, ["ip:1", "email:10"])).allowed).toBe(false);
  });

  it("counts attempts made in the same millisecond one by one", async () => {
    const { limiter } = limiterAt();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push((await limiter.consume(rule, ["a"])).allowed);
    expect(results).toEqual([true, true, true, false, false]);
  });

  it("answers whether the attempt was counted, and when the oldest counted one leaves the window", async () => {
    const store = newStore();
    expect(await store.hit("a", rule, 1_000)).toEqual({ allowed: true, resetAt: 11_000 });
    expect(await store.hit("a", rule, 3_000)).toEqual({ allowed: true, resetAt: 11_000 });
    expect(await store.hit("a", rule, 5_000)).toEqual({ allowed: true, resetAt: 11_000 });
    expect(await store.hit("a", rule, 7_000)).toEqual({ allowed: false, resetAt: 11_000 });
    // At 11 s the attempt at 1 s has left; the oldest counted is then the one at 3 s.
    expect(await store.hit("a", rule, 11_000)).toEqual({ allowed: true, resetAt: 13_000 });
    expect(await store.hit("b", { limit: 0, windowMs: 10_000 }, 20_000)).toEqual({
      allowed: false,
      resetAt: 30_000,
    });
  });

  it("skips unknown keys", async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 5; i += 1)
      expect(await limiter.consume(rule, [undefined])).toEqual({ allowed: true });
  });
});

describe.each(rateLimitStoreTargets)("$name store: streaks (counting only some attempts)", (target) => {
  const newStore = target.use();

  it("adds every attempt to the streak, beyond any limit, and answers it oldest first", async () => {
    const store = newStore();
    expect(await store.extendStreak("a", 10_000, 1_000)).toEqual([1_000]);
    expect(await store.extendStreak("a", 10_000, 5_000)).toEqual([1_000, 5_000]);
    expect(await store.extendStreak("a", 10_000, 14_000)).toEqual([1_000, 5_000, 14_000]);
  });

  it("keeps a long streak's latest times only, however long it runs", async () => {
    const store = newStore();
    let times: number[] = [];
    for (let i = 0; i < streakKept + 8; i += 1)
      times = await store.extendStreak("a", 10_000, 1_000 + i * 100);
    expect(times).toHaveLength(streakKept);
    expect(times.at(-1)).toBe(1_000 + (streakKept + 7) * 100);
    expect(times[0]).toBe(1_000 + 8 * 100);
    expect(await store.streak("a", 10_000, 10_000)).toEqual(times);
  });

  it("ends a streak once the idle time passes without an attempt, and starts a new one", async () => {
    const store = newStore();
    await store.extendStreak("a", 10_000, 1_000);
    await store.extendStreak("a", 10_000, 2_000);
    expect(await store.streak("a", 10_000, 11_999)).toEqual([1_000, 2_000]);
    expect(await store.streak("a", 10_000, 12_000)).toEqual([]);
    expect(await store.extendStreak("a", 10_000, 12_500)).toEqual([12_500]);
  });

  it("reads a streak without adding to it", async () => {
    const store = newStore();
    await store.extendStreak("a", 10_000, 1_000);
    expect(await store.streak("a", 10_000, 2_000)).toEqual([1_000]);
    expect(await store.streak("a", 10_000, 2_000)).toEqual([1_000]);
    expect(await store.streak("b", 10_000, 2_000)).toEqual([]);
  });

  it("forgets a key on reset, and only that key", async () => {
    const store = newStore();
    await store.extendStreak("a", 10_000, 1_000);
    await store.extendStreak("b", 10_000, 1_000);
    await store.reset("a");
    expect(await store.streak("a", 10_000, 2_000)).toEqual([]);
    expect(await store.streak("b", 10_000, 2_000)).toEqual([1_000]);
  });
});

// Redis forgets keys by expiry instead: see redis-rate-limit.test.ts.
describe("memory store: forgetting idle keys", () => {
  it("forgets keys whose attempts have all left their window", async () => {
    const { limiter, store, clock } = limiterOn(new MemoryRateLimitStore());
    await limiter.consume(rule, ["a"]);
    await limiter.consume(rule, ["b"]);
    expect(store.size).toBe(2);
    clock.now += 120_000;
    await limiter.consume(rule, ["c"]);
    expect(store.size).toBe(1);
  });

  it("forgets a key on reset", async () => {
    const store = new MemoryRateLimitStore();
    await store.extendStreak("a", 10_000, 1_000);
    await store.extendStreak("b", 10_000, 1_000);
    await store.reset("a");
    expect(store.size).toBe(1);
  });

  it("forgets ended streaks in the sweep", async () => {
    const store = new MemoryRateLimitStore();
    await store.extendStreak("a", 10_000, 1_000);
    await store.hit("b", rule, 120_000);
    expect(store.size).toBe(1);
  });
});
