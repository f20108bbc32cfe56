/**
 * `run` with at most `concurrency` calls under way; the others wait their turn, first come first
 * served. For work that takes the processor for itself (sharp's resizing and encoding), so that a
 * burst of it leaves the rest of the server something.
 */
export function limitConcurrency<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
  concurrency: number,
): (...args: A) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args) => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await run(...args);
    } finally {
      // The turn passes straight to the next in line (the count stays); else it is given back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
