import { describe, expect, it } from "vitest";
import { limitConcurrency } from "./limit.ts";

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
});
