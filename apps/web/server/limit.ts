/** A caller already has as many calls waiting as it may: answered at once, not queued. */
export class QueueFull extends Error {
  constructor() {
    super("too many calls waiting for this caller");
    this.name = "QueueFull";
  }
}

export type LimitOptions<A extends unknown[]> = {
  /** Who a call is for (the client's address): each has a line of its own, served in turn. */
  keyOf?: (...args: A) => string;
  /** How many calls one key may have waiting; one more is refused with `QueueFull`. */
  maxWaitingPerKey?: number;
};

/**
 * `run` with at most `concurrency` calls under way; the others wait their turn. For work that takes
 * the processor for itself (sharp's resizing and encoding), so that a burst of it leaves the rest
 * of the server something. With `keyOf`, waiting calls are served by key in rotation (each key's
 * own calls first come, first served), so that one client sending a hundred requests delays
 * another's by at most one of its own; `maxWaitingPerKey` bounds how many one key may queue.
 */
export function limitConcurrency<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
  concurrency: number,
  { keyOf, maxWaitingPerKey = Number.POSITIVE_INFINITY }: LimitOptions<A> = {},
): (...args: A) => Promise<R> {
  let running = 0;
  // Waiting calls by key, in the order the keys will be served (a Map keeps insertion order).
  const lines = new Map<string, (() => void)[]>();

  function next(): (() => void) | undefined {
    const first = lines.entries().next();
    if (first.done) return undefined;
    const [key, waiting] = first.value;
    const turn = waiting.shift();
    lines.delete(key);
    // A key with more calls waiting goes to the back of the rotation.
    if (waiting.length > 0) lines.set(key, waiting);
    return turn;
  }

  return async (...args) => {
    if (running >= concurrency) {
      const key = keyOf?.(...args) ?? "";
      const waiting = lines.get(key) ?? [];
      if (waiting.length >= maxWaitingPerKey) throw new QueueFull();
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (!lines.has(key)) lines.set(key, waiting);
      });
    } else running += 1;
    try {
      return await run(...args);
    } finally {
      // The turn passes straight to the next in line (the count stays); else it is given back.
      const turn = next();
      if (turn) turn();
      else running -= 1;
    }
  };
}
