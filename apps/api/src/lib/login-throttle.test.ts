import { describe, expect, it } from "vitest";
import { rateLimitStoreTargets } from "../../test/rate-limit-stores.ts";
import { createLoginThrottle, lockMs, loginThrottleRule, type LoginThrottle } from "./login-throttle.ts";
import type { RateLimitStore } from "./rate-limit.ts";

/** A throttle on a clock the test moves by hand. */
function throttleOn(store: RateLimitStore, start = 1_000_000) {
  const clock = { now: start };
  return { clock, throttle: createLoginThrottle(store, () => clock.now) };
}

async function failTimes(throttle: LoginThrottle, identifier: string, n: number) {
  for (let i = 0; i < n; i += 1) await throttle.fail(identifier);
}

describe("lockMs", () => {
  it("locks from the fifth failure: 30 s, then twice as long per failure, at most 15 minutes", () => {
    expect([0, 1, 4].map((failures) => lockMs(failures))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9].map((failures) => lockMs(failures) / 1000)).toEqual([30, 60, 120, 240, 480]);
    expect(lockMs(10)).toBe(15 * 60_000);
    expect(lockMs(1_000)).toBe(loginThrottleRule.maxLockMs);
  });
});

describe.each(rateLimitStoreTargets)("login throttle ($name store)", (target) => {
  const newStore = target.use();
  const throttleAt = () => throttleOn(newStore());

  it("lets four failures through and locks the identifier for 30 s after the fifth", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 4);
    expect(await throttle.check("reader")).toEqual({ allowed: true });
    await throttle.fail("reader");
    expect(await throttle.check("reader")).toEqual({ allowed: false, retryAfterSeconds: 30 });
    clock.now += 29_000;
    expect(await throttle.check("reader")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect(await throttle.check("reader")).toEqual({ allowed: true });
  });

  it("doubles the wait with each further failure", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 5);
    clock.now += 30_000;
    await throttle.fail("reader");
    expect(await throttle.check("reader")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock.now += 60_000;
    await throttle.fail("reader");
    expect(await throttle.check("reader")).toEqual({ allowed: false, retryAfterSeconds: 120 });
  });

  it("keeps doubling up to 15 minutes, however long the locks before have lasted", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 5);
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const lock = await throttle.check("reader");
      if (lock.allowed) throw new Error("expected a lock");
      waits.push(lock.retryAfterSeconds);
      clock.now += lock.retryAfterSeconds * 1000;
      await throttle.fail("reader");
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it("forgets the failures after 15 minutes without one", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 4);
    clock.now += 15 * 60_000;
    await throttle.fail("reader");
    expect(await throttle.check("reader")).toEqual({ allowed: true });
  });

  it("forgets the failures 15 minutes after a lock has ended", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 5);
    clock.now += 30_000 + 15 * 60_000 - 1;
    await throttle.fail("reader");
    expect((await throttle.check("reader")).allowed).toBe(false);

    const other = throttleAt();
    await failTimes(other.throttle, "reader", 5);
    other.clock.now += 30_000 + 15 * 60_000;
    await other.throttle.fail("reader");
    expect(await other.throttle.check("reader")).toEqual({ allowed: true });
  });

  it("forgets the failures after a success", async () => {
    const { throttle } = throttleAt();
    await failTimes(throttle, "reader", 4);
    await throttle.succeed("reader");
    await failTimes(throttle, "reader", 4);
    expect(await throttle.check("reader")).toEqual({ allowed: true });
  });

  it("treats an identifier the same in any case and with spaces around it, and keeps others apart", async () => {
    const { throttle } = throttleAt();
    for (const identifier of ["Reader", "READER", " reader ", "reader", "rEaDeR"])
      await throttle.fail(identifier);
    expect((await throttle.check("reader")).allowed).toBe(false);
    expect((await throttle.check("writer")).allowed).toBe(true);
  });
});
