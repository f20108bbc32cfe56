import { describe, expect, it } from "vitest";
import { rateLimitStoreTargets } from "../../test/rate-limit-stores.ts";
import {
  createLoginThrottle,
  currentStreak,
  lockMs,
  loginThrottleRule,
  type LoginThrottle,
} from "./login-throttle.ts";
import type { RateLimitStore } from "./rate-limit.ts";

/** A throttle on a clock the test moves by hand. */
function throttleOn(store: RateLimitStore, start = 1_000_000) {
  const clock = { now: start };
  return { clock, throttle: createLoginThrottle(store, () => clock.now) };
}

async function failTimes(throttle: LoginThrottle, identifier: string, n: number) {
  for (let i = 0; i < n; i += 1) await throttle.attempt(identifier);
}

describe("lockMs", () => {
  it("locks from the fifth failure: 30 s, then twice as long per failure, at most 15 minutes", () => {
    expect([0, 1, 4].map((failures) => lockMs(failures))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9].map((failures) => lockMs(failures) / 1000)).toEqual([30, 60, 120, 240, 480]);
    expect(lockMs(10)).toBe(15 * 60_000);
    expect(lockMs(1_000)).toBe(loginThrottleRule.maxLockMs);
  });
});

describe("currentStreak", () => {
  it("starts a new streak after a lock and a quiet 15 minutes", () => {
    const minute = 60_000;
    expect(currentStreak([0, 1, 2])).toEqual([0, 1, 2]);
    // Four failures lock nothing: 15 quiet minutes end them.
    expect(currentStreak([0, 1, 2, 3, 3 + 15 * minute])).toEqual([3 + 15 * minute]);
    expect(currentStreak([0, 1, 2, 3, 2 + 15 * minute])).toEqual([0, 1, 2, 3, 2 + 15 * minute]);
    // Five lock for 30 s: the quiet time counts from the lock's end.
    const five = [0, 1, 2, 3, 4];
    expect(currentStreak([...five, 4 + 30_000 + 15 * minute - 1])).toHaveLength(6);
    expect(currentStreak([...five, 4 + 30_000 + 15 * minute])).toEqual([4 + 30_000 + 15 * minute]);
  });
});

describe.each(rateLimitStoreTargets)("login throttle ($name store)", (target) => {
  const newStore = target.use();
  const throttleAt = () => throttleOn(newStore());

  it("lets four failures through and locks the identifier for 30 s after the fifth", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 4);
    expect(await throttle.check("reader")).toEqual({ allowed: true });
    await throttle.attempt("reader");
    expect(await throttle.check("reader")).toEqual({ allowed: false, retryAfterSeconds: 30 });
    clock.now += 29_000;
    expect(await throttle.check("reader")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect(await throttle.check("reader")).toEqual({ allowed: true });
  });

  it("lets only five of a burst of tries in flight at once go on to the password", async () => {
    const { throttle } = throttleAt();
    const answers = await Promise.all(Array.from({ length: 40 }, () => throttle.attempt("reader")));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
    expect(answers.filter((answer) => !answer.allowed)[0]).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it("holds a burst to five after an earlier streak has ended, too", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 5);
    clock.now += 30_000 + 15 * 60_000 + 30_000;
    const answers = await Promise.all(Array.from({ length: 40 }, () => throttle.attempt("reader")));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
  });

  it("counts a try until it succeeds, and forgets the streak when it does", async () => {
    const { throttle } = throttleAt();
    await failTimes(throttle, "reader", 4);
    expect(await throttle.attempt("reader")).toEqual({ allowed: true });
    expect((await throttle.check("reader")).allowed).toBe(false);
    await throttle.succeed("reader");
    expect(await throttle.check("reader")).toEqual({ allowed: true });
  });

  it("doubles the wait with each further failure", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 5);
    clock.now += 30_000;
    await throttle.attempt("reader");
    expect(await throttle.check("reader")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock.now += 60_000;
    await throttle.attempt("reader");
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
      await throttle.attempt("reader");
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it("forgets the failures after 15 minutes without one", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 4);
    clock.now += 15 * 60_000;
    await throttle.attempt("reader");
    expect(await throttle.check("reader")).toEqual({ allowed: true });
  });

  it("forgets the failures 15 minutes after a lock has ended", async () => {
    const { throttle, clock } = throttleAt();
    await failTimes(throttle, "reader", 5);
    clock.now += 30_000 + 15 * 60_000 - 1;
    await throttle.attempt("reader");
    expect((await throttle.check("reader")).allowed).toBe(false);

    const other = throttleAt();
    await failTimes(other.throttle, "reader", 5);
    other.clock.now += 30_000 + 15 * 60_000;
    await other.throttle.attempt("reader");
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
      await throttle.attempt(identifier);
    expect((await throttle.check("reader")).allowed).toBe(false);
    expect((await throttle.check("writer")).allowed).toBe(true);
  });
});
