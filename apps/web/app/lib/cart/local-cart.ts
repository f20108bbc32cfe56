import { cartLimits, productTypes, type ProductType } from "@shiyi/contracts/constants";

/*
 * An anonymous visitor's cart (SPEC §3 stored cart line, §4): lines kept in the browser's storage,
 * newest first, one line per item, type and sku. Every change is announced on a broadcast channel,
 * so the visitor's other tabs read the storage again (SPEC §4: other tabs refresh on a change
 * message). At login the lines are merged into the member's server cart and cleared.
 */

export type LocalCartLine = {
  id: string;
  item_id: number;
  type: ProductType;
  sku: string[];
  quantity: number;
};
export type LocalCartInput = Omit<LocalCartLine, "id">;
/** What makes two lines one: the item, its type and its options. */
type LineIdentity = Pick<LocalCartInput, "item_id" | "type" | "sku">;

export const localCartStorageKey = "shiyi_cart";
export const cartChannelName = "shiyi_cart";

/** What a tab says on the channel: its local lines changed, or the member's server cart did. */
export type CartMessage = { type: "local" | "server" };

/** The storage and channel the cart uses: `localStorage` and a `BroadcastChannel` in the browser. */
export type CartStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
export type CartChannel = {
  postMessage(message: CartMessage): void;
  addEventListener(type: "message", listener: (event: MessageEvent<CartMessage>) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent<CartMessage>) => void): void;
};

/** Lines of the same item, type and options are one line. */
export const sameLine = (a: LineIdentity, b: LineIdentity) =>
  a.item_id === b.item_id &&
  a.type === b.type &&
  a.sku.length === b.sku.length &&
  a.sku.every((option, index) => option === b.sku[index]);

const isLine = (value: unknown): value is LocalCartLine => {
  if (!value || typeof value !== "object") return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.id === "string" &&
    Number.isSafeInteger(line.item_id) &&
    (line.item_id as number) > 0 &&
    (productTypes as readonly unknown[]).includes(line.type) &&
    Array.isArray(line.sku) &&
    line.sku.every((option) => typeof option === "string") &&
    Number.isSafeInteger(line.quantity) &&
    (line.quantity as number) >= 1
  );
};

/** The stored lines; anything that is not a well-formed line (an older format, a hand edit) is dropped. */
export function parseLines(raw: string | null): LocalCartLine[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isLine) : [];
  } catch {
    return [];
  }
}

const clampQuantity = (quantity: number, max: number = cartLimits.quantity) =>
  Math.max(1, Math.min(Math.floor(quantity), max, cartLimits.quantity));

/** Adds to the line of the same item, type and sku, or puts a new line on top. */
export function addLine(
  lines: readonly LocalCartLine[],
  input: LocalCartInput,
  newId: () => string,
): LocalCartLine[] {
  const existing = lines.find((line) => sameLine(line, input));
  if (existing) {
    return lines.map((line) =>
      line === existing ? { ...line, quantity: clampQuantity(line.quantity + input.quantity) } : line,
    );
  }
  const { item_id, type, sku, quantity } = input;
  return [{ id: newId(), item_id, type, sku: [...sku], quantity: clampQuantity(quantity) }, ...lines];
}

export function setQuantity(lines: readonly LocalCartLine[], id: string, quantity: number): LocalCartLine[] {
  return lines.map((line) => (line.id === id ? { ...line, quantity: clampQuantity(quantity) } : line));
}

export function removeLine(lines: readonly LocalCartLine[], id: string): LocalCartLine[] {
  return lines.filter((line) => line.id !== id);
}

/**
 * The cart once an order made from it is placed: each ordered line loses the quantity ordered, so
 * what was added after the order (in another tab, or before paying) stays.
 */
export function withoutOrdered(
  lines: readonly LocalCartLine[],
  ordered: readonly (LineIdentity & { quantity: number })[],
): LocalCartLine[] {
  return lines.flatMap((line) => {
    const item = ordered.find((candidate) => sameLine(candidate, line));
    if (!item) return [line];
    return line.quantity > item.quantity ? [{ ...line, quantity: line.quantity - item.quantity }] : [];
  });
}

/** The number of pieces in the cart, as the header's cart link shows it. */
export const pieceCount = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

const randomId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export type LocalCart = ReturnType<typeof createLocalCart>;

/**
 * The local cart over a storage and a channel. `lines()` returns the same array while the stored
 * text is unchanged, so React can subscribe to it (`useSyncExternalStore`). A write that the
 * storage refuses (full, or blocked) throws, so the caller can say the add failed.
 */
export function createLocalCart({
  storage,
  channel,
  storageEvents,
  newId = randomId,
}: {
  storage: CartStorage;
  channel?: CartChannel;
  /**
   * Where the `storage` event fires (the window). A browser may deliver the channel's message before
   * the other tab's write is visible here; the event comes once it is, and the lines are read again.
   */
  storageEvents?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  newId?: () => string;
}) {
  let cached: { raw: string | null; lines: LocalCartLine[] } = { raw: null, lines: [] };
  const listeners = new Set<(message: CartMessage) => void>();

  function lines(): LocalCartLine[] {
    const raw = storage.getItem(localCartStorageKey);
    if (raw !== cached.raw) cached = { raw, lines: parseLines(raw) };
    return cached.lines;
  }

  function notify(message: CartMessage) {
    for (const listener of listeners) listener(message);
  }

  /** Tells this tab's listeners and the other tabs. */
  function announce(message: CartMessage) {
    notify(message);
    channel?.postMessage(message);
  }

  function write(next: LocalCartLine[]) {
    if (next.length === 0) storage.removeItem(localCartStorageKey);
    else storage.setItem(localCartStorageKey, JSON.stringify(next));
    announce({ type: "local" });
    return lines();
  }

  const onMessage = (event: MessageEvent<CartMessage>) => notify(event.data);
  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key === localCartStorageKey || key === null) notify({ type: "local" });
  };

  return {
    lines,
    add: (input: LocalCartInput) => write(addLine(lines(), input, newId)),
    setQuantity: (id: string, quantity: number) => write(setQuantity(lines(), id, quantity)),
    remove: (id: string) => write(removeLine(lines(), id)),
    /** Takes an order's lines out (withoutOrdered). */
    removeOrdered: (ordered: readonly (LineIdentity & { quantity: number })[]) =>
      write(withoutOrdered(lines(), ordered)),
    /** Takes every line out (for the merge at login): other tabs see an empty cart at once. */
    take(): LocalCartLine[] {
      const taken = lines();
      if (taken.length > 0) write([]);
      return taken;
    },
    /** Puts lines back after a merge that failed, newest still first. */
    restore(restored: readonly LocalCartLine[]) {
      let next = lines();
      for (const line of restored.toReversed()) next = addLine(next, line, () => line.id);
      return write(next);
    },
    /** The member's server cart changed here (this tab has its new data): the other tabs reload theirs. */
    announceServerChange: () => channel?.postMessage({ type: "server" }),
    /** Calls `listener` on every change, made here or in another tab; returns the unsubscribe. */
    subscribe(listener: (message: CartMessage) => void) {
      if (listeners.size === 0) {
        channel?.addEventListener("message", onMessage);
        storageEvents?.addEventListener("storage", onStorage);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        channel?.removeEventListener("message", onMessage);
        storageEvents?.removeEventListener("storage", onStorage);
      };
    },
  };
}
