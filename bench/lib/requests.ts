import { Agent, request } from "node:http";
import { percentile, type LoadOptions, type WindowHooks } from "./load.ts";

/** One request of a mixed load: any method, a JSON body, its own headers, a label to report it by. */
export type RequestSpec = {
  /** Groups the figures (e.g. "GET /cart"). */
  label: string;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path and query, appended to the origin. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
};

/** A finished request: `status` 0 when no response came (connection error, timeout). */
export type RequestOutcome = {
  spec: RequestSpec;
  status: number;
  ms: number;
  body: string;
  error?: string;
  /** Whether it completed inside the measured window (only those are in the figures). */
  inWindow: boolean;
};

export type Latencies = {
  requests: number;
  errors: number;
  /** 2xx responses per second over the measured window. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

export type MixResult = Latencies & {
  /** The same figures per request label. */
  byLabel: Record<string, Latencies>;
  /** Non-2xx answers (and failures, as "no response") inside the window, by status. */
  errorStatuses: Record<string, number>;
  firstError?: string;
};

/** `onOutcome` sees every finished request, in the window or not. */
export type MixHooks = WindowHooks & { onOutcome?: (outcome: RequestOutcome) => void };

function send(origin: URL, spec: RequestSpec, agent: Agent, timeoutMs: number) {
  const started = performance.now();
  const payload = spec.body === undefined ? undefined : Buffer.from(JSON.stringify(spec.body));
  return new Promise<Omit<RequestOutcome, "inWindow">>((resolve) => {
    const req = request(
      new URL(spec.path, origin),
      {
        agent,
        method: spec.method,
        headers: {
          accept: "application/json",
          "user-agent": "shiyi-bench/1",
          ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
          ...spec.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.once("end", () => {
          const status = res.statusCode ?? 0;
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({
            spec,
            status,
            ms: performance.now() - started,
            body,
            error: status >= 200 && status < 300 ? undefined : `HTTP ${status}: ${body.slice(0, 300)}`,
          });
        });
        res.once("error", (error) =>
          resolve({ spec, status: 0, ms: performance.now() - started, body: "", error: String(error) }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.once("error", (error) =>
      resolve({ spec, status: 0, ms: performance.now() - started, body: "", error: String(error) }),
    );
    req.end(payload);
  });
}

function summarise(latencies: number[], errors: number, durationMs: number): Latencies {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / (durationMs / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/**
 * A closed-loop load of mixed requests (the GET-only `measureLoad` for calls that write):
 * `concurrency` workers, each asking `next(worker)` for its next request as soon as the previous
 * one is answered, for a warm-up and then a measured window. A 2xx answer inside the window counts
 * towards the figures, anything else as an error. `onOutcome` sees every finished request, in the
 * window or not (e.g. to tally what was written). Bounded by warm-up + duration + timeout.
 */
export async function measureMix(
  origin: string,
  next: (worker: number) => RequestSpec,
  options: LoadOptions,
  hooks: MixHooks = {},
): Promise<MixResult> {
  const base = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const start = performance.now();
  const windowStart = start + options.warmupMs;
  const windowEnd = windowStart + options.durationMs;
  const all: number[] = [];
  const byLabel = new Map<string, { latencies: number[]; errors: number }>();
  const errorStatuses: Record<string, number> = {};
  let errors = 0;
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
  const worker = async (id: number) => {
    while (performance.now() < windowEnd) {
      const outcome = await send(base, next(id), agent, options.timeoutMs);
      const now = performance.now();
      const inWindow = now >= windowStart && now <= windowEnd;
      hooks.onOutcome?.({ ...outcome, inWindow });
      const ok = outcome.status >= 200 && outcome.status < 300;
      if (inWindow) {
        let label = byLabel.get(outcome.spec.label);
        if (!label) byLabel.set(outcome.spec.label, (label = { latencies: [], errors: 0 }));
        if (ok) {
          all.push(outcome.ms);
          label.latencies.push(outcome.ms);
        } else {
          errors++;
          label.errors++;
          const key = outcome.status ? String(outcome.status) : "no response";
          errorStatuses[key] = (errorStatuses[key] ?? 0) + 1;
          firstError ??= `${outcome.spec.method} ${outcome.spec.path}: ${outcome.error}`;
        }
      }
      // Do not spin on a failing server.
      if (!ok) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, i) => worker(i)));
  for (const timer of windowTimers) clearTimeout(timer);
  // The workers may see the window close a moment before its timer fires.
  open();
  close();
  agent.destroy();

  return {
    ...summarise(all, errors, options.durationMs),
    byLabel: Object.fromEntries(
      [...byLabel].map(([label, l]) => [label, summarise(l.latencies, l.errors, options.durationMs)]),
    ),
    errorStatuses,
    firstError,
  };
}
