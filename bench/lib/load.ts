import { Agent, request } from "node:http";

export type LoadOptions = {
  /** Requests in flight at any time (one keep-alive socket each). */
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** A request slower than this is abandoned and counted as an error. */
  timeoutMs: number;
};

/** Called when the measured window opens and when it closes (e.g. to read the server's CPU time). */
export type WindowHooks = { onWindowStart?: () => void; onWindowEnd?: () => void };

export type LoadResult = {
  url: string;
  requests: number;
  errors: number;
  /** Completed 200 responses per second over the measured window. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Average body size of the responses, in bytes. */
  bytes: number;
  /** Completed 200 responses by their `X-Cache` header (the site's page cache: HIT, MISS, BYPASS). */
  xCache: Record<string, number>;
  firstError?: string;
};

type Outcome = { ok: boolean; ms: number; bytes: number; xCache?: string; error?: string };

function get(url: URL, agent: Agent, timeoutMs: number): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      url,
      // No accept-encoding: the HTML is measured uncompressed, for the site and the baselines alike.
      { agent, method: "GET", headers: { accept: "text/html", "user-agent": "shiyi-bench/1" } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.once("end", () => {
          const ok = res.statusCode === 200;
          const xCache = res.headers["x-cache"];
          resolve({
            ok,
            ms: performance.now() - started,
            bytes,
            xCache: typeof xCache === "string" ? xCache : undefined,
            error: ok ? undefined : `HTTP ${res.statusCode}`,
          });
        });
        res.once("error", (error) =>
          resolve({ ok: false, ms: performance.now() - started, bytes, error: String(error) }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.once("error", (error) =>
      resolve({ ok: false, ms: performance.now() - started, bytes: 0, error: String(error) }),
    );
    req.end();
  });
}

/** The `p`th percentile (nearest rank) of ascending `sorted` latencies. */
export const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/**
 * A closed-loop load generator: `concurrency` workers, each sending its next request as soon as
 * the previous one is answered, for a warm-up and then a measured window. Only responses that
 * complete inside the window count; the whole run is bounded by warm-up + duration + timeout.
 */
export async function measureLoad(
  target: string,
  options: LoadOptions,
  hooks: WindowHooks = {},
): Promise<LoadResult> {
  const url = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const start = performance.now();
  const windowStart = start + options.warmupMs;
  const windowEnd = windowStart + options.durationMs;
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const xCache: Record<string, number> = {};
  let firstError: string | undefined;

  let opened = false;
  let closed = false;
  const open = () => {
    if (!opened) hooks.onWindowStart?.();
    opened = true;
  };
  const close = () => {
    if (!closed) hooks.onWindowEnd?.();
    closed = true;
  };
  const windowTimers = [
    setTimeout(open, options.warmupMs),
    setTimeout(close, options.warmupMs + options.durationMs),
  ];
  const worker = async () => {
    while (performance.now() < windowEnd) {
      const outcome = await get(url, agent, options.timeoutMs);
      const now = performance.now();
      if (now < windowStart || now > windowEnd) continue;
      if (outcome.ok) {
        latencies.push(outcome.ms);
        bytes += outcome.bytes;
        if (outcome.xCache) xCache[outcome.xCache] = (xCache[outcome.xCache] ?? 0) + 1;
      } else {
        errors++;
        firstError ??= outcome.error;
        // Do not spin on a failing server.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  for (const timer of windowTimers) clearTimeout(timer);
  // The workers may see the window close a moment before its timer fires.
  open();
  close();
  agent.destroy();

  const sorted = Float64Array.from(latencies).sort();
  return {
    url: target,
    requests: latencies.length,
    errors,
    rps: latencies.length / (options.durationMs / 1000),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    bytes: latencies.length ? bytes / latencies.length : 0,
    xCache,
    firstError,
  };
}
