import { describe, expect, it } from "vitest";
import { Lru } from "./lru.ts";

describe("Lru", () => {
  it("drops the least recently used entries past the byte bound, counting what it keeps", () => {
    const lru = new Lru<string>({ maxEntries: 10, maxBytes: 100 });
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // a is now the most recently used
    lru.set("c", "C", 40); // 120 bytes: b goes
    expect(lru.get("b")).toBeUndefined();
    expect([lru.get("a"), lru.get("c")]).toEqual(["A", "C"]);
    expect([lru.size, lru.bytes]).toEqual([2, 80]);
  });

  it("replaces an entry's weight when it is set again, and forgets a deleted one", () => {
    const lru = new Lru<string>({ maxEntries: 10, maxBytes: 100 });
    lru.set("a", "A", 60);
    lru.set("a", "A2", 10);
    expect([lru.get("a"), lru.bytes]).toEqual(["A2", 10]);
    lru.delete("a");
    lru.delete("a");
    expect([lru.get("a"), lru.size, lru.bytes]).toEqual([undefined, 0, 0]);
  });

  it("keeps nothing heavier than the whole cache, and no more entries than allowed", () => {
    const lru = new Lru<number>({ maxEntries: 2, maxBytes: 100 });
    lru.set("huge", 1, 101);
    expect(lru.get("huge")).toBeUndefined();
    for (const [i, key] of ["x", "y", "z"].entries()) lru.set(key, i, 1);
    expect([lru.get("x"), lru.get("y"), lru.get("z"), lru.size]).toEqual([undefined, 1, 2, 2]);
  });
});
