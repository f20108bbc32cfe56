/**
 * `npm run bench`: builds the site, starts it with a fresh database, and measures side by side
 * (figures only, never a pass/fail gate):
 *  1. server throughput of an article page, rendered on every request (page cache off) and as
 *     shipped (the micro-cache of rendered pages on), vs. a bare React Router route (a static page
 *     the article's size, also with the article's data behind it) vs. bare node:http;
 *  2. gzip JS per page type;
 *  3. Lighthouse (mobile) on home, a list, an article and a magazine page.
 * Writes bench/results/latest.md (and the Lighthouse reports as JSON) and prints the figures.
 *
 * Knobs (environment, for quick iterations; the defaults are the documented run):
 * BENCH_SKIP_BUILD=1 (reuse apps/web/build), BENCH_DURATION_S (10), BENCH_WARMUP_S (2),
 * BENCH_CONCURRENCY (16), BENCH_LH_RUNS (5).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LaunchedChrome } from "chrome-launcher";
import { createAssetFetcher, measurePageAssets, type PageAssets } from "./lib/assets.ts";
import { runLighthouse, type PageLighthouse } from "./lib/lighthouse.ts";
import { measureLoad, type LoadOptions } from "./lib/load.ts";
import {
  childEnv,
  cpuTimeMs,
  freePort,
  killAllSync,
  runCommand,
  siteEnv,
  startService,
  stopAll,
  stopChild,
  type Service,
} from "./lib/processes.ts";
import {
  articleCached,
  articleUncached,
  bareRoute,
  bareWithData,
  renderReport,
  type Environment,
  type Throughput,
} from "./lib/report.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const bareAppDir = path.join(root, "bench", "bare-app");
const resultsDir = path.join(root, "bench", "results");

const started = performance.now();
const loadAvgStart = os.loadavg();
/** Lighthouse starts no new run after this point, to keep the whole bench near 10 minutes. */
const lighthouseDeadline = started + 9 * 60_000;
/** Hard stop: whatever hangs, the servers are stopped and the process exits. */
const hardLimitMs = 14 * 60_000;

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const load: LoadOptions = {
  concurrency: envNumber("BENCH_CONCURRENCY", 16),
  warmupMs: envNumber("BENCH_WARMUP_S", 2) * 1000,
  durationMs: envNumber("BENCH_DURATION_S", 10) * 1000,
  timeoutMs: 10_000,
};
const lighthouseRuns = envNumber("BENCH_LH_RUNS", 5);

const log = (line: string) =>
  process.stdout.write(
    `[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`,
  );
const phases: Array<[string, number]> = [];
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  log(`${name}…`);
  const t = performance.now();
  try {
    return await work();
  } finally {
    phases.push([name, performance.now() - t]);
  }
}

let chrome: LaunchedChrome | undefined;
let tempDir: string | undefined;
const cleanup = async () => {
  chrome?.kill();
  chrome = undefined;
  await stopAll();
  if (tempDir) await rm(tempDir, { recursive: true, force: true }).catch(() => undefined);
  tempDir = undefined;
};
process.once("exit", () => {
  chrome?.kill();
  killAllSync();
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping servers`);
    void cleanup().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  log(`hard time limit (${hardLimitMs / 60_000} min) reached: stopping servers`);
  void cleanup().finally(() => process.exit(2));
}, hardLimitMs);
watchdog.unref();

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

type ListOf = { data: Array<{ path: string }> };
async function firstPath(origin: string, call: string): Promise<string> {
  const list = await getJson<ListOf>(`${origin}/api/${call}?limit=1`);
  const first = list.data[0];
  if (!first) throw new Error(`/api/${call} returned no items: is the database seeded?`);
  return encodeURIComponent(first.path);
}

async function main() {
  const notes: string[] = [];

  // 1. The production site, built and started on a fresh data folder.
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(path.join(root, "apps/web/build/server/index.js"))) {
    notes.push("BENCH_SKIP_BUILD=1: the existing apps/web/build was reused.");
  } else {
    await phase("build site", async () => {
      const build = await runCommand("npm", ["run", "build"], { cwd: root, timeoutMs: 5 * 60_000 });
      if (build.code !== 0) throw new Error(`npm run build failed (${build.code}):\n${build.output}`);
    });
  }
  tempDir = await mkdtemp(path.join(os.tmpdir(), "shiyi-bench-"));
  const dataDir = path.join(tempDir, "data");
  const sitePort = await freePort();
  /**
   * The site as `npm run serve` starts it (NODE_ENV unset: the server's own default applies), with
   * its micro-cache of rendered pages on (as shipped) or off (PAGE_CACHE_TTL_MS=0: every request
   * renders). Both use the same data folder, so only one runs at a time.
   */
  const startSite = (pageCache: "on" | "off", timeoutMs = 60_000) => {
    const env = siteEnv(sitePort, dataDir);
    if (pageCache === "off") env.PAGE_CACHE_TTL_MS = "0";
    else delete env.PAGE_CACHE_TTL_MS;
    return startService({
      name: `site (page cache ${pageCache})`,
      args: ["apps/web/server/main.ts"],
      port: sitePort,
      readyPath: "/api/settings",
      cwd: root,
      timeoutMs,
      env,
    });
  };
  let site: Service = await phase("start site (fresh database: migrations and seed)", () =>
    startSite("on", 4 * 60_000),
  );

  const pages = await phase("discover pages", async () => {
    const [article, magazine, author] = await Promise.all([
      firstPath(site.url, "news"),
      firstPath(site.url, "magazines"),
      firstPath(site.url, "authors"),
    ]);
    return [
      { page: "home", path: "/" },
      { page: "list", path: "/news" },
      { page: "article", path: `/news/${article}` },
      { page: "magazine list", path: "/magazines" },
      { page: "magazine detail", path: `/magazines/${magazine}` },
      { page: "author", path: `/author/${author}` },
    ];
  });
  const articlePath = pages.find((p) => p.page === "article")!.path;
  const articleResponse = await fetch(site.url + articlePath, { signal: AbortSignal.timeout(15_000) });
  if (!articleResponse.ok) throw new Error(`${articlePath}: HTTP ${articleResponse.status}`);
  const articleHtml = Buffer.from(await articleResponse.arrayBuffer());
  const articleFile = path.join(tempDir, "article.html");
  await writeFile(articleFile, articleHtml);
  // The data behind the article page, for the bare route with data: the API's answers for the
  // article and the site settings (about what the page ships for hydration).
  const articleDataFile = path.join(tempDir, "article-data.json");
  const [articleData, settingsData] = await Promise.all([
    getJson<{ data: unknown }>(`${site.url}/api${articlePath}`),
    getJson<{ data: unknown }>(`${site.url}/api/settings`),
  ]);
  await writeFile(
    articleDataFile,
    JSON.stringify({ article: articleData.data, settings: settingsData.data, publicUrl: site.url }),
  );

  // 2. The bare React Router route, sized like the article page (its shell is about 3 KB).
  await phase("build bare React Router app", async () => {
    // Without its own entry.server, `react-router build` would run `npm install isbot` at the root.
    if (!existsSync(path.join(bareAppDir, "app", "entry.server.tsx"))) {
      throw new Error("bench/bare-app/app/entry.server.tsx is missing");
    }
    const textBytes = Math.max(2_000, articleHtml.length - 3_000);
    const build = await runCommand("npx", ["react-router", "build"], {
      cwd: bareAppDir,
      timeoutMs: 3 * 60_000,
      env: childEnv({ BARE_TEXT_BYTES: String(textBytes), NODE_ENV: "production" }),
    });
    if (build.code !== 0)
      throw new Error(`react-router build (bench/bare-app) failed (${build.code}):\n${build.output}`);
  });
  const [barePort, nodePort] = [await freePort(), await freePort()];
  const [bare, bareNode] = await phase("start baselines", () =>
    Promise.all([
      startService({
        name: bareRoute,
        args: ["bench/bare-server.ts", String(barePort)],
        port: barePort,
        readyPath: "/",
        cwd: root,
        timeoutMs: 30_000,
        env: childEnv({ NODE_ENV: "production", BARE_DATA_FILE: articleDataFile }),
      }),
      startService({
        name: "bare node:http",
        args: ["bench/static-server.ts", String(nodePort), articleFile],
        port: nodePort,
        readyPath: "/",
        cwd: root,
        timeoutMs: 30_000,
      }),
    ]),
  );

  // 4. Throughput, one target at a time, back to back.
  const throughput: Throughput[] = [];
  const measure = async (name: string, service: Service, target: string) => {
    const loadAvg = os.loadavg()[0]!;
    let cpuStart: number | undefined;
    let cpuEnd: number | undefined;
    const result = await measureLoad(service.url + target, load, {
      onWindowStart: () => (cpuStart = cpuTimeMs(service.child.pid)),
      onWindowEnd: () => (cpuEnd = cpuTimeMs(service.child.pid)),
    });
    const cpuMsPerRequest =
      cpuStart !== undefined && cpuEnd !== undefined && result.requests > 0
        ? (cpuEnd - cpuStart) / result.requests
        : undefined;
    log(
      `  ${name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, ` +
        `${Math.round(result.bytes)} B, ${result.errors} errors, server CPU ${cpuMsPerRequest?.toFixed(2) ?? "?"} ms/request ` +
        `(load average before: ${loadAvg.toFixed(2)})`,
    );
    throughput.push({ name, path: target, result, loadAvg, cpuMsPerRequest });
  };
  await phase("load test", async () => {
    await measure(articleCached, site, articlePath);
    await stopChild(site.child);
    site = await startSite("off");
    await measure(articleUncached, site, articlePath);
    await measure(bareRoute, bare, "/");
    await measure(bareWithData, bare, "/with-data");
    await measure("bare node:http (article bytes)", bareNode, articlePath);
  });
  const fetchAsset = createAssetFetcher();
  const bareAssets = await measurePageAssets(
    "bare React Router route (reference)",
    bare.url,
    "/",
    fetchAsset,
  );
  await Promise.all([stopChild(bare.child), stopChild(bareNode.child), stopChild(site.child)]);
  // JS bytes and Lighthouse on the site as shipped.
  site = await phase("restart site as shipped", () => startSite("on"));

  // 5. JS per page type.
  const assets: PageAssets[] = await phase("JS bytes per page", async () => {
    const out: PageAssets[] = [];
    for (const p of pages) out.push(await measurePageAssets(p.page, site.url, p.path, fetchAsset));
    return [...out, bareAssets];
  });

  // 6. Lighthouse.
  const lighthousePages = pages.filter((p) =>
    ["home", "list", "article", "magazine detail"].includes(p.page),
  );
  let lighthouse: PageLighthouse[] = [];
  await phase("Lighthouse", async () => {
    lighthouse = await runLighthouse({
      origin: site.url,
      pages: lighthousePages,
      runs: lighthouseRuns,
      runTimeoutMs: 90_000,
      deadline: lighthouseDeadline,
      onChrome: (c) => (chrome = c),
      log,
    });
  });

  await cleanup();

  // 7. The report.
  const commit = await runCommand("git", ["rev-parse", "--short", "HEAD"], {
    cwd: root,
    timeoutMs: 10_000,
  }).catch(() => undefined);
  const dirty = await runCommand("git", ["status", "--porcelain"], { cwd: root, timeoutMs: 10_000 }).catch(
    () => undefined,
  );
  const cpus = os.cpus();
  const chromium = lighthouse
    .find((l) => l.report)
    ?.report?.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0];
  const env: Environment = {
    date: new Date().toISOString(),
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    chromium,
    commit: `${commit?.output.trim() || "unknown"}${dirty?.output.trim() ? " + uncommitted changes" : ""}`,
    cores: cpus.length,
    loadAvgStart,
    loadAvgEnd: os.loadavg(),
    phases,
  };
  const markdown = renderReport({ env, load, throughput, assets, lighthouse, lighthouseRuns, notes });
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, "latest.md"), markdown + "\n");
  for (const l of lighthouse) {
    if (!l.report) continue;
    const name = l.page.replaceAll(/\W+/g, "-");
    await writeFile(path.join(resultsDir, `lighthouse-${name}.json`), JSON.stringify(l.report));
  }
  process.stdout.write(`\n${markdown}\n`);
  log(
    `written to ${path.relative(root, path.join(resultsDir, "latest.md"))} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

try {
  await main();
  clearTimeout(watchdog);
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(
    `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
} finally {
  await cleanup();
}
