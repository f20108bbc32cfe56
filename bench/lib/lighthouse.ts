import { existsSync } from "node:fs";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";

export const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, "/usr/bin/chromium"].filter(
    (p): p is string => !!p,
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(`Chromium not found (tried ${candidates.join(", ")}); set PLAYWRIGHT_CHROMIUM_PATH`);
  return found;
}

export type LighthouseRun = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's measure of the host's speed during the run (higher is faster). */
  benchmarkIndex: number;
  lhr: Result;
};

export type Finding = { id: string; title: string; display: string; savings: string; items: string[] };

export type PageLighthouse = {
  page: string;
  path: string;
  runs: LighthouseRun[];
  failures: string[];
  median?: Omit<LighthouseRun, "lhr">;
  /** From the run whose score is the median: what Lighthouse flags, worst first. */
  findings: Finding[];
  lcpElement?: string;
  lcpBreakdown?: string;
  resources?: string;
  /** The full report of that run, saved next to the results. */
  report?: Result;
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (!sorted.length) return Number.NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function toRun(lhr: Result): LighthouseRun {
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcp: numeric(lhr, "first-contentful-paint"),
    lcp: numeric(lhr, "largest-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    si: numeric(lhr, "speed-index"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lhr,
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** All `{type: "node"}` objects inside a details tree. */
function findNodes(value: unknown, out: Array<Record<string, Json>> = []): Array<Record<string, Json>> {
  if (Array.isArray(value)) for (const v of value) findNodes(v, out);
  else if (value && typeof value === "object") {
    const record = value as Record<string, Json>;
    if (record.type === "node") out.push(record);
    else for (const v of Object.values(record)) findNodes(v, out);
  }
  return out;
}

/** Table rows inside a details tree (tables may be nested in `list` details). */
function findRows(value: unknown, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) findRows(v, out);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if ((record.type === "table" || record.type === "opportunity") && Array.isArray(record.items)) {
      out.push(...(record.items as Array<Record<string, unknown>>));
    } else if (Array.isArray(record.items)) findRows(record.items, out);
  }
  return out;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function describeRow(row: Record<string, unknown>): string {
  const node = row.node as Record<string, unknown> | undefined;
  const label =
    (typeof row.url === "string" && row.url) ||
    (typeof row.source === "object" && row.source && typeof (row.source as { url?: string }).url === "string"
      ? (row.source as { url: string }).url
      : "") ||
    (typeof row.label === "string" && row.label) ||
    (typeof row.subpart === "string" && row.subpart) ||
    (typeof row.groupLabel === "string" && row.groupLabel) ||
    (node && typeof node.nodeLabel === "string" ? `${node.nodeLabel}` : "") ||
    (node && typeof node.snippet === "string" ? node.snippet : "");
  const parts: string[] = [];
  for (const [key, unit] of [
    ["wastedBytes", "bytes"],
    ["totalBytes", "bytes"],
    ["transferSize", "bytes"],
    ["wastedMs", "ms"],
    ["duration", "ms"],
    ["total", "ms"],
    ["score", ""],
  ] as const) {
    const v = row[key];
    if (typeof v !== "number") continue;
    parts.push(`${key} ${unit === "bytes" ? kb(v) : unit === "ms" ? `${Math.round(v)} ms` : v.toFixed(3)}`);
  }
  const short = String(label)
    .replace(/^https?:\/\/127\.0\.0\.1:\d+/, "")
    .slice(0, 120);
  return parts.length ? `${short} (${parts.join(", ")})` : short;
}

/** What Lighthouse flags in one report: insights and diagnostics that do not pass, worst first. */
export function findings(lhr: Result): Finding[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const out: Array<Finding & { weight: number }> = [];
  for (const ref of refs) {
    if (ref.group !== "insights" && ref.group !== "diagnostics") continue;
    if (ref.id === "lcp-breakdown-insight") continue; // reported on its own line
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
    const savings = Object.entries(audit.metricSavings ?? {})
      .filter(([, v]) => typeof v === "number" && v > 0)
      .map(([k, v]) => `${k} ${k === "CLS" ? (v as number).toFixed(3) : `${Math.round(v as number)} ms`}`)
      .join(", ");
    const weight = Object.entries(audit.metricSavings ?? {}).reduce(
      (total, [k, v]) => total + (typeof v === "number" ? (k === "CLS" ? v * 10_000 : v) : 0),
      0,
    );
    const items = findRows(audit.details)
      .slice(0, 4)
      .map(describeRow)
      .filter((s) => s.length > 0);
    out.push({ id: ref.id, title: audit.title, display: audit.displayValue ?? "", savings, items, weight });
  }
  out.sort((a, b) => b.weight - a.weight);
  return out.map(({ weight: _weight, ...finding }) => finding);
}

function lcpDetails(lhr: Result): { element?: string; breakdown?: string } {
  const audit = lhr.audits["lcp-breakdown-insight"] ?? lhr.audits["largest-contentful-paint-element"];
  if (!audit) return {};
  const node = findNodes(audit.details)[0];
  const element = node
    ? `${String(node.nodeLabel ?? "").slice(0, 80)} — \`${String(node.snippet ?? "").slice(0, 160)}\``
    : undefined;
  const rows = findRows(audit.details).filter(
    (row) => typeof row.subpart === "string" || typeof row.label === "string",
  );
  const breakdown = rows
    .map((row) => {
      const name = String(row.label ?? row.subpart);
      const ms =
        typeof row.duration === "number"
          ? row.duration
          : typeof row.timing === "number"
            ? row.timing
            : undefined;
      return ms === undefined ? undefined : `${name} ${Math.round(ms)} ms`;
    })
    .filter((s): s is string => !!s)
    .join(", ");
  return { element, breakdown: breakdown || undefined };
}

function resourceSummary(lhr: Result): string | undefined {
  const rows = findRows(lhr.audits["resource-summary"]?.details);
  if (!rows.length) return undefined;
  return rows
    .filter((row) => typeof row.transferSize === "number" && (row.transferSize as number) > 0)
    .map((row) => `${String(row.label)} ${row.requestCount} req / ${kb(row.transferSize as number)}`)
    .join("; ");
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]);
}

/**
 * Lighthouse (default config: mobile, simulated throttling, performance only) on each page,
 * `runs` times, pages interleaved; one Chromium for all runs, relaunched after a failure.
 * Stops starting new runs once `deadline` (a performance.now() time) has passed.
 */
export async function runLighthouse(options: {
  origin: string;
  pages: Array<{ page: string; path: string }>;
  runs: number;
  runTimeoutMs: number;
  deadline: number;
  onChrome: (chrome: LaunchedChrome | undefined) => void;
  log: (line: string) => void;
}): Promise<PageLighthouse[]> {
  const results: PageLighthouse[] = options.pages.map((p) => ({
    ...p,
    runs: [],
    failures: [],
    findings: [],
  }));
  const chromePath = chromiumPath();
  let chrome: LaunchedChrome | undefined;
  const ensureChrome = async () => {
    chrome ??= await launch({ chromePath, chromeFlags, logLevel: "silent", handleSIGINT: false });
    options.onChrome(chrome);
    return chrome;
  };
  try {
    for (let i = 0; i < options.runs; i++) {
      for (const result of results) {
        if (performance.now() > options.deadline) {
          result.failures.push(`run ${i + 1} skipped: time budget spent`);
          continue;
        }
        const started = performance.now();
        try {
          const { port } = await ensureChrome();
          const runner = await withTimeout(
            lighthouse(options.origin + result.path, {
              port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance"],
            }),
            options.runTimeoutMs,
            `Lighthouse on ${result.path}`,
          );
          if (!runner) throw new Error("Lighthouse returned no result");
          if (runner.lhr.runtimeError) throw new Error(runner.lhr.runtimeError.message);
          const run = toRun(runner.lhr);
          result.runs.push(run);
          options.log(
            `  lighthouse ${result.page} #${i + 1}: ${run.score} (LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
        } catch (error) {
          result.failures.push(`run ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
          options.log(`  lighthouse ${result.page} #${i + 1} failed: ${String(error)}`);
          chrome?.kill();
          chrome = undefined;
          options.onChrome(undefined);
        }
      }
    }
  } finally {
    chrome?.kill();
    options.onChrome(undefined);
  }

  for (const result of results) {
    if (!result.runs.length) continue;
    const score = median(result.runs.map((r) => r.score));
    result.median = {
      score,
      fcp: median(result.runs.map((r) => r.fcp)),
      lcp: median(result.runs.map((r) => r.lcp)),
      tbt: median(result.runs.map((r) => r.tbt)),
      cls: median(result.runs.map((r) => r.cls)),
      si: median(result.runs.map((r) => r.si)),
      benchmarkIndex: median(result.runs.map((r) => r.benchmarkIndex)),
    };
    const representative = [...result.runs].sort(
      (a, b) =>
        Math.abs(a.score - score) - Math.abs(b.score - score) ||
        Math.abs(a.lcp - result.median!.lcp) - Math.abs(b.lcp - result.median!.lcp),
    )[0]!;
    result.findings = findings(representative.lhr);
    const lcp = lcpDetails(representative.lhr);
    result.lcpElement = lcp.element;
    result.lcpBreakdown = lcp.breakdown;
    result.resources = resourceSummary(representative.lhr);
    result.report = representative.lhr;
  }
  return results;
}
