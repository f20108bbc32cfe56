import { afterEach, describe, expect, it, vi } from "vitest";
import {
  cartChannelName,
  createLocalCart,
  localCartStorageKey,
  parseLines,
  pieceCount,
  type CartChannel,
  type CartMessage,
  type CartStorage,
} from "./local-cart.ts";

/** One browser profile's storage, shared by its tabs. */
function memoryStorage(): CartStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const channels: BroadcastChannel[] = [];
/** A tab: its own channel object on the shared name, as each browser tab has. */
function tab(storage: CartStorage, ids = ["a", "b", "c", "d"]) {
  const channel = new BroadcastChannel(cartChannelName);
  channels.push(channel);
  let next = 0;
  return createLocalCart({
    storage,
    channel: channel as unknown as CartChannel,
    newId: () => ids[next++] ?? `id-${next}`,
  });
}

afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

const issue = { item_id: 12, type: "magazine" as const, sku: [], quantity: 1 };
const tote = { item_id: 3, type: "merch" as const, sku: ["米色"], quantity: 2 };

describe("the local cart", () => {
  it("puts a new line on top and keeps it in storage", () => {
    const storage = memoryStorage();
    const cart = tab(storage);
    cart.add(issue);
    cart.add(tote);
    expect(cart.lines()).toEqual([
      { id: "b", ...tote },
      { id: "a", ...issue },
    ]);
    expect(parseLines(storage.getItem(localCartStorageKey))).toEqual(cart.lines());
  });

  it("adds to the quantity of the line with the same item, type and sku", () => {
    const cart = tab(memoryStorage());
    cart.add(tote);
    cart.add({ ...tote, quantity: 3 });
    cart.add({ ...tote, sku: ["黑色"], quantity: 1 });
    cart.add({ ...tote, type: "magazine", quantity: 1 });
    expect(cart.lines().map((line) => [line.id, line.type, line.sku, line.quantity])).toEqual([
      ["c", "magazine", ["米色"], 1],
      ["b", "merch", ["黑色"], 1],
      ["a", "merch", ["米色"], 5],
    ]);
  });

  it("keeps a quantity within 1 and the largest a request may carry", () => {
    const cart = tab(memoryStorage());
    cart.add({ ...issue, quantity: 998 });
    cart.add({ ...issue, quantity: 5 });
    expect(cart.lines()[0]!.quantity).toBe(999);
    cart.setQuantity("a", 0);
    expect(cart.lines()[0]!.quantity).toBe(1);
  });

  it("changes and removes a line by id, and counts the pieces", () => {
    const cart = tab(memoryStorage());
    cart.add(issue);
    cart.add(tote);
    cart.setQuantity("a", 4);
    expect(pieceCount(cart.lines())).toBe(6);
    cart.remove("b");
    expect(cart.lines()).toEqual([{ id: "a", ...issue, quantity: 4 }]);
    cart.remove("a");
    expect(cart.lines()).toEqual([]);
  });

  it("returns the same lines while the storage is unchanged (a stable snapshot for React)", () => {
    const cart = tab(memoryStorage());
    cart.add(issue);
    expect(cart.lines()).toBe(cart.lines());
  });

  it("drops what is not a well-formed line", () => {
    expect(parseLines("not json")).toEqual([]);
    expect(parseLines('{"id":"a"}')).toEqual([]);
    expect(
      parseLines(
        JSON.stringify([
          { id: "a", item_id: 1, type: "magazine", sku: [], quantity: 1 },
          { id: "b", item_id: 1, type: "ebook", sku: [], quantity: 1 },
          { id: "c", item_id: 1, type: "merch", sku: [], quantity: 0 },
        ]),
      ),
    ).toEqual([{ id: "a", item_id: 1, type: "magazine", sku: [], quantity: 1 }]);
  });

  it("takes every line out for the merge, and puts them back after a failure", () => {
    const cart = tab(memoryStorage());
    cart.add(issue);
    cart.add(tote);
    const taken = cart.take();
    expect(taken.map((line) => line.id)).toEqual(["b", "a"]);
    expect(cart.lines()).toEqual([]);
    cart.add({ ...issue, quantity: 2 });
    cart.restore(taken);
    expect(cart.lines().map((line) => [line.item_id, line.quantity])).toEqual([
      [tote.item_id, 2],
      [issue.item_id, 3],
    ]);
  });

  it("tells this tab's listeners at once and the other tabs through the channel", async () => {
    const storage = memoryStorage();
    const here = tab(storage);
    const there = tab(storage);
    const heard = {
      here: vi.fn<(message: CartMessage) => void>(),
      there: vi.fn<(message: CartMessage) => void>(),
    };
    here.subscribe(heard.here);
    const unsubscribe = there.subscribe(heard.there);

    here.add(issue);
    expect(heard.here).toHaveBeenCalledWith({ type: "local" });
    await vi.waitFor(() => expect(heard.there).toHaveBeenCalledWith({ type: "local" }));
    expect(there.lines()).toEqual(here.lines());

    here.announceServerChange();
    await vi.waitFor(() => expect(heard.there).toHaveBeenCalledWith({ type: "server" }));
    unsubscribe();
  });

  it("reads the storage again when the browser says another tab wrote it", () => {
    const storage = memoryStorage();
    const window = new EventTarget();
    const cart = createLocalCart({ storage, storageEvents: window });
    const heard = vi.fn<(message: CartMessage) => void>();
    const unsubscribe = cart.subscribe(heard);
    storage.setItem(localCartStorageKey, JSON.stringify([{ id: "x", ...issue }]));
    const written = Object.assign(new Event("storage"), { key: localCartStorageKey });
    window.dispatchEvent(written);
    expect(heard).toHaveBeenCalledWith({ type: "local" });
    expect(cart.lines()).toEqual([{ id: "x", ...issue }]);
    window.dispatchEvent(Object.assign(new Event("storage"), { key: "other" }));
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("throws when the storage refuses the write, so the add can be reported as failed", () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    expect(() => tab(storage).add(issue)).toThrow(/full/);
  });
});

describe("an order placed from the cart", () => {
  it("takes out only what was ordered: lines added since stay, with what was added to them", () => {
    const storage = memoryStorage();
    const cart = tab(storage);
    cart.add({ item_id: 7, type: "magazine", sku: [], quantity: 1 });
    // The order is placed with that one copy; then, before paying, the reader adds more.
    const ordered = [{ item_id: 7, type: "magazine" as const, sku: [], quantity: 1 }];
    cart.add({ item_id: 7, type: "magazine", sku: [], quantity: 1 });
    cart.add({ item_id: 3, type: "merch", sku: ["米白"], quantity: 2 });
    cart.add({ item_id: 3, type: "merch", sku: ["墨黑"], quantity: 1 });

    cart.removeOrdered([...ordered, { item_id: 3, type: "merch", sku: ["墨黑"], quantity: 1 }]);

    expect(cart.lines().map(({ item_id, sku, quantity }) => ({ item_id, sku, quantity }))).toEqual([
      { item_id: 3, sku: ["米白"], quantity: 2 },
      { item_id: 7, sku: [], quantity: 1 },
    ]);
  });

  it("empties the cart when it held just the order", () => {
    const storage = memoryStorage();
    const cart = tab(storage);
    cart.add({ item_id: 7, type: "magazine", sku: [], quantity: 2 });
    cart.removeOrdered([{ item_id: 7, type: "magazine", sku: [], quantity: 2 }]);
    expect(cart.lines()).toEqual([]);
    expect(storage.values.has(localCartStorageKey)).toBe(false);
  });
});
