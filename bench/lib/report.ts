import type { PageAssets } from "./assets.ts";
import { sum } from "./assets.ts";
import type { PageLighthouse } from "./lighthouse.ts";
import type { LoadOptions, LoadResult } from "./load.ts";

export const targets = { ssrShareOfBare: 70, articleJsGzipKb: 125, lighthouseScore: 98 };

/** The two article runs: rendered on every request, and as shipped (repeated reads from the page cache). */
export const articleUncached = "article SSR, page cache off (PAGE_CACHE_TTL_MS=0)";
export const articleCached = "article, site as shipped (micro-cache on)";
/** The two baselines: the bare React Router route, and the same route with the article's data. */
export const bareRoute = "bare React Router route";
export const bareWithData = "bare React Router route + the article's data";

export type Environment = {
  date: string;
  machine: string;
  node: string;
  chromium?: string;
  commit: string;
  cores: number;
  loadAvgStart: number[];
  loadAvgEnd: number[];
  phases: Array<[string, number]>;
};

/** `loadAvg`: the machine's 1-minute load average just before the measurement. */
export type Throughput = {
  name: string;
  path: string;
  result: LoadResult;
  loadAvg: number;
  /** Server process CPU time (user + system) per completed request over the measured window. */
  cpuMsPerRequest?: number;
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : "–");
const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
const verdict = (met: boolean | undefined) =>
  met === undefined ? "not measured" : met ? "**met**" : "**missed**";

/** How many completed requests had each X-Cache answer, e.g. "HIT 5,281, MISS 1"; "–" when none had one. */
const xCacheCounts = (result: LoadResult) =>
  Object.entries(result.xCache)
    .sort((a, b) => b[1] - a[1])
    .map(([value, count]) => `${value} ${count.toLocaleString("en")}`)
    .join(", ") || "–";

const shareOf = (part: Throughput | undefined, whole: Throughput | undefined) =>
  part && whole && whole.result.rps > 0 ? (part.result.rps / whole.result.rps) * 100 : undefined;

export function renderReport(input: {
  env: Environment;
  load: LoadOptions;
  throughput: Throughput[];
  assets: PageAssets[];
  lighthouse: PageLighthouse[];
  lighthouseRuns: number;
  notes: string[];
}): string {
  const { env, load, throughput, assets, lighthouse } = input;
  const out: string[] = [];
  out.push(`# Benchmark results`, ``);
  out.push(`- Date: ${env.date}`);
  out.push(`- Machine: ${env.machine}`);
  out.push(`- Node ${env.node}${env.chromium ? `; ${env.chromium}` : ""}`);
  out.push(`- Commit: ${env.commit}`);
  const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(" / ");
  out.push(
    `- Load average (1 / 5 / 15 min) at start: ${loads(env.loadAvgStart)}; at end: ${loads(env.loadAvgEnd)} ` +
      `(${env.cores} cores${Math.max(env.loadAvgStart[0]!, env.loadAvgEnd[0]!) > env.cores ? ": **the machine was busy with other work; figures are depressed and noisy**" : ""})`,
  );
  out.push(`- Phases: ${env.phases.map(([name, t]) => `${name} ${(t / 1000).toFixed(1)} s`).join(", ")}`);
  out.push(``);

  out.push(`## Server throughput`, ``);
  out.push(
    `Loopback, closed loop: ${load.concurrency} concurrent keep-alive connections, ${load.warmupMs / 1000} s warm-up then ` +
      `${load.durationMs / 1000} s measured per target, one target at a time; HTML uncompressed (no accept-encoding). ` +
      `The load generator and each server are separate Node processes on the same machine. ` +
      `"server CPU ms/req" is the server process's user + system CPU time over the window divided by the requests completed.`,
    ``,
  );
  out.push(
    table(
      [
        "target",
        "path",
        "HTML bytes",
        "req/s",
        "p50 ms",
        "p90 ms",
        "p99 ms",
        "max ms",
        "errors",
        "server CPU ms/req",
        "X-Cache",
        "load avg before",
      ],
      throughput.map(({ name, path, result: r, loadAvg, cpuMsPerRequest }) => [
        name,
        `\`${path}\``,
        String(Math.round(r.bytes)),
        r.rps.toFixed(0),
        ms(r.p50),
        ms(r.p90),
        ms(r.p99),
        ms(r.max),
        r.errors ? `${r.errors} (${r.firstError})` : "0",
        cpuMsPerRequest === undefined ? "–" : cpuMsPerRequest.toFixed(2),
        xCacheCounts(r),
        loadAvg.toFixed(2),
      ]),
    ),
  );
  const uncached = throughput.find((t) => t.name === articleUncached);
  const cached = throughput.find((t) => t.name === articleCached);
  const bare = throughput.find((t) => t.name === bareRoute);
  const withData = throughput.find((t) => t.name === bareWithData);
  const node = throughput.find((t) => t.name.startsWith("bare node"));
  const shareLine = (label: string, part: Throughput | undefined) => {
    const share = shareOf(part, bare);
    return (
      `**Article (${label}) as % of bare React Router route: ${share === undefined ? "–" : `${share.toFixed(1)} %`}** ` +
      `(target ≥ ${targets.ssrShareOfBare} %: ${verdict(share === undefined ? undefined : share >= targets.ssrShareOfBare)})`
    );
  };
  out.push(
    ``,
    shareLine("rendered on every request, page cache off", uncached),
    ``,
    shareLine("as shipped, repeated reads answered by the micro-cache", cached),
    ``,
    "The bare route renders on every request; the site as shipped renders the article once per " +
      "`PAGE_CACHE_TTL_MS` and answers the other anonymous reads from memory (see the X-Cache column).",
  );
  const cpuShare = (part: Throughput | undefined) =>
    part?.cpuMsPerRequest && bare?.cpuMsPerRequest
      ? (bare.cpuMsPerRequest / part.cpuMsPerRequest) * 100
      : undefined;
  const percent = (value: number | undefined) => (value === undefined ? "–" : `${value.toFixed(1)} %`);
  out.push(
    ``,
    `By server CPU time per request (less sensitive to other load on the machine), the article page's ` +
      `throughput-equivalent is ${percent(cpuShare(uncached))} (page cache off) and ` +
      `${percent(cpuShare(cached))} (as shipped) of the bare route's (bare CPU ms/req ÷ article CPU ms/req).`,
    ``,
    `Article as % of bare node:http (same bytes): ${percent(shareOf(uncached, node))} with the page cache ` +
      `off, ${percent(shareOf(cached, node))} as shipped.`,
    ``,
    `What data alone costs: the bare route with the article's data behind it (the API's answers for the ` +
      `article and the settings, serialised into the page for hydration as the article's are) runs at ` +
      `${percent(shareOf(withData, bare))} of the bare route (CPU: ${percent(cpuShare(withData))}). ` +
      `The article page with the page cache off runs at ${percent(shareOf(uncached, withData))} of it ` +
      `(CPU: ${percent(withData?.cpuMsPerRequest && uncached?.cpuMsPerRequest ? (withData.cpuMsPerRequest / uncached.cpuMsPerRequest) * 100 : undefined)}).`,
  );
  out.push(``);

  out.push(`## JavaScript per page type`, ``);
  out.push(
    `All the JS a page loads: the files its HTML names (\`<script type=module src>\`, \`<link rel=modulepreload>\`, ` +
      `the inline module script's \`import\`s) and the chunks those import statically, each unique file fetched once ` +
      `and gzipped at level 9; then what the server sends a browser that accepts Brotli (the build's precompressed ` +
      `files), and the part loaded only through static imports.`,
    ``,
  );
  out.push(
    table(
      [
        "page",
        "path",
        "JS files",
        "JS raw KB",
        "**JS gzip KB**",
        "JS sent KB (Brotli)",
        "not named in the HTML, gzip KB",
        "CSS gzip KB",
        "HTML gzip KB",
      ],
      assets.map((a) => [
        a.page,
        `\`${a.path}\``,
        String(a.js.length + a.jsUnlisted.length),
        kb(sum(a.js, "raw") + sum(a.jsUnlisted, "raw")),
        `**${kb(sum(a.js, "gzip") + sum(a.jsUnlisted, "gzip"))}**`,
        // The bare server sends files as they are: the column is about the site.
        a.page.startsWith("bare") ? "–" : kb(sum(a.js, "sent") + sum(a.jsUnlisted, "sent")),
        a.jsUnlisted.length ? `${kb(sum(a.jsUnlisted, "gzip"))} (${a.jsUnlisted.length} files)` : "0",
        kb(sum(a.css, "gzip")),
        kb(a.html.gzip),
      ]),
    ),
  );
  const articleAssets = assets.find((a) => a.page === "article");
  if (articleAssets) {
    const gz = (sum(articleAssets.js, "gzip") + sum(articleAssets.jsUnlisted, "gzip")) / 1024;
    out.push(
      ``,
      `**Article page JS: ${gz.toFixed(1)} KB gzip** (target ≤ ${targets.articleJsGzipKb} KB: ${verdict(gz <= targets.articleJsGzipKb)})`,
    );
  }
  const files = new Map<string, { gzip: number; raw: number; pages: Set<string> }>();
  for (const a of assets) {
    if (a.page.startsWith("bare")) continue;
    for (const f of [...a.js, ...a.jsUnlisted]) {
      const entry = files.get(f.url) ?? { gzip: f.gzip, raw: f.raw, pages: new Set<string>() };
      entry.pages.add(a.page);
      files.set(f.url, entry);
    }
  }
  const biggest = [...files.entries()].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 8);
  out.push(``, `Largest chunks of the site (gzip):`, ``);
  out.push(
    table(
      ["file", "raw KB", "gzip KB", "pages"],
      biggest.map(([url, f]) => [
        `\`${new URL(url).pathname}\``,
        kb(f.raw),
        kb(f.gzip),
        [...f.pages].join(", "),
      ]),
    ),
  );
  out.push(``);

  out.push(`## Lighthouse`, ``);
  out.push(
    `Lighthouse 13, default config (mobile form factor, simulated throttling), performance category only, ` +
      `${input.lighthouseRuns} runs per page interleaved, headless Chromium, against the site as shipped; medians per metric. ` +
      `benchmarkIndex is Lighthouse's own measure of the host's CPU speed during the runs (higher is faster).`,
    ``,
  );
  out.push(
    table(
      [
        "page",
        "path",
        "runs",
        "**perf (median)**",
        "all scores",
        "LCP ms",
        "TBT ms",
        "CLS",
        "FCP ms",
        "SI ms",
        "benchmarkIndex",
      ],
      lighthouse.map((l) => [
        l.page,
        `\`${l.path}\``,
        String(l.runs.length),
        l.median ? `**${l.median.score}**` : "–",
        l.runs.map((r) => r.score).join(", ") || "–",
        l.median ? Math.round(l.median.lcp).toString() : "–",
        l.median ? Math.round(l.median.tbt).toString() : "–",
        l.median ? l.median.cls.toFixed(3) : "–",
        l.median ? Math.round(l.median.fcp).toString() : "–",
        l.median ? Math.round(l.median.si).toString() : "–",
        l.median ? Math.round(l.median.benchmarkIndex).toString() : "–",
      ]),
    ),
  );
  out.push(``);
  const indexes = lighthouse.flatMap((l) => l.runs.map((r) => r.benchmarkIndex)).toSorted((a, b) => a - b);
  if (indexes.length > 0) {
    const low = Math.round(indexes[0]!);
    const high = Math.round(indexes.at(-1)!);
    out.push(
      `Host benchmarkIndex over all runs: ${low}–${high}. Lighthouse's fixed 4× CPU slowdown is calibrated ` +
        `for hosts of 1,500–2,000 (its docs/throttling.md, "Calibrating the CPU slowdown"); on a slower host ` +
        `the emulated phone is slower than the one the scores are meant to describe, and TBT rises with it. ` +
        `The verdicts keep the default configuration.`,
      ``,
    );
  }
  for (const l of lighthouse) {
    const met = l.median ? l.median.score >= targets.lighthouseScore : undefined;
    out.push(
      `### ${l.page} (\`${l.path}\`): ${l.median?.score ?? "–"} (target ≥ ${targets.lighthouseScore}: ${verdict(met)})`,
      ``,
    );
    if (l.failures.length) out.push(`- Failed/skipped runs: ${l.failures.join("; ")}`);
    if (l.lcpElement) out.push(`- LCP element: ${l.lcpElement}`);
    if (l.lcpBreakdown) out.push(`- LCP breakdown: ${l.lcpBreakdown}`);
    if (l.resources) out.push(`- Transferred: ${l.resources}`);
    if (l.findings.length) {
      out.push(`- Flagged by Lighthouse (median run, worst first):`);
      for (const f of l.findings) {
        out.push(
          `  - ${f.title}${f.display ? ` — ${f.display}` : ""}${f.savings ? ` (est. savings ${f.savings})` : ""}` +
            (f.items.length ? `: ${f.items.join("; ")}` : ""),
        );
      }
    } else if (l.median) out.push(`- Nothing flagged.`);
    out.push(``);
  }
  if (input.notes.length) {
    out.push(`## Notes`, ``, ...input.notes.map((n) => `- ${n}`), ``);
  }
  return out.join("\n");
}
