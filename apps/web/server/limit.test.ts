import { describe, expect, it } from "vitest";
import { limitConcurrency, QueueFull } from "./limit.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("limitConcurrency", () => {
  it("runs at most the given number at once, the rest in the order they came", async () => {
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const limited = limitConcurrency(async (n: number) => {
      started.push(n);
      await new Promise<void>((resolve) => finish.set(n, resolve));
      return n * 10;
    }, 2);
    const results = [1, 2, 3, 4].map((n) => limited(n));
    await tick();
    expect(started).toEqual([1, 2]);
    finish.get(2)!();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    finish.get(1)!();
    await tick();
    expect(started).toEqual([1, 2, 3, 4]);
    finish.get(3)!();
    finish.get(4)!();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40]);
  });

  it("gives the turn on when a call fails", async () => {
    const limited = limitConcurrency(async (fail: boolean) => {
      await tick();
      if (fail) throw new Error("no");
      return "done";
    }, 1);
    const first = limited(true);
    const second = limited(false);
    await expect(first).rejects.toThrow("no");
    expect(await second).toBe("done");
    // Nothing is left holding a turn: a third call runs at once.
    expect(await limited(false)).toBe("done");
  });

  it("serves waiting callers in rotation, so one caller's many calls delay another's by one", async () => {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const limited = limitConcurrency(
      async (who: string, n: number) => {
        started.push(`${who}${n}`);
        await new Promise<void>((resolve) => finish.set(`${who}${n}`, resolve));
      },
      1,
      { keyOf: (who) => who },
    );
    const calls = [1, 2, 3, 4].map((n) => limited("a", n));
    await tick();
    calls.push(limited("b", 1), limited("b", 2));
    await tick();
    for (const name of ["a1", "a2", "b1", "a3", "b2", "a4"]) {
      expect(started.at(-1)).toBe(name);
      finish.get(name)!();
      await tick();
    }
    await Promise.all(calls);
    expect(started).toEqual(["a1", "a2", "b1", "a3", "b2", "a4"]);
  });

  it("refuses a caller's call past its waiting bound at once, and not another caller's", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const limited = limitConcurrency(async (_who: string) => gate, 1, {
      keyOf: (who) => who,
      maxWaitingPerKey: 2,
    });
    const running = limited("a");
    const waiting = [limited("a"), limited("a")];
    await expect(limited("a")).rejects.toBeInstanceOf(QueueFull);
    const other = limited("b");
    release();
    await Promise.all([running, ...waiting, other]);
    // Once served, the caller may queue again.
    expect(await limited("a")).toBeUndefined();
  });
});
