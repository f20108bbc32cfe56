/**
 * `npm run bench:js`: where a page's JavaScript comes from. Builds the site with hidden client
 * source maps, starts it on a fresh database, and prints for each page type its gzip JS (the method
 * of `npm run bench`: the scripts the HTML names plus their static imports) and, for the article
 * page, the gzip bytes per source module (each chunk's gzip size shared out by the minified bytes
 * each module produced). The source maps are deleted afterwards, so the build is as shipped.
 *
 * BENCH_SKIP_BUILD=1 reuses a build made with `--sourcemapClient hidden`; BENCH_TOP (40) sets how
 * many modules are listed.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SourceMapConsumer } from "source-map-js";
import { createAssetFetcher, measurePageAssets, sum, type AssetFile } from "./lib/assets.ts";
import { freePort, runCommand, siteEnv, startService, stopAll } from "./lib/processes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "apps/web/build/client");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (process.env.BENCH_SKIP_BUILD !== "1") {
  const build = await runCommand(
    "npm",
    [
      "run",
      "build",
      "-w",
      "@shiyi/web",
      "--",
      "--sourcemapClient",
      "hidden",
      ...(process.env.BENCH_MINIFY ? ["--minify", process.env.BENCH_MINIFY] : []),
    ],
    { cwd: root, timeoutMs: 5 * 60_000 },
  );
  if (build.code !== 0) throw new Error(`build failed:\n${build.output}`);
}

const port = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "shiyi-bench-js-"));
const env = siteEnv(port, dataDir, { MAIL_CATCHER_PORT: "0" });

try {
  const site = await startService({
    name: "site",
    args: ["apps/web/server/main.ts"],
    port,
    readyPath: "/api/settings",
    cwd: root,
    timeoutMs: 4 * 60_000,
    env,
  });
  const first = async (list: string) => {
    const response = await fetch(`${site.url}/api/${list}?limit=1`);
    const body = (await response.json()) as { data: { path: string }[] };
    return body.data[0]!.path;
  };
  const pages = [
    { page: "home", path: "/" },
    { page: "list", path: "/news" },
    { page: "article", path: `/news/${await first("news")}` },
    { page: "author", path: `/author/${await first("authors")}` },
    { page: "magazine list", path: "/magazines" },
    { page: "search", path: "/search?q=%E9%A3%9F" },
  ];
  const fetchAsset = createAssetFetcher();
  console.log("page            JS gzip KB   sent (Brotli) KB   files");
  let articleFiles: AssetFile[] = [];
  for (const { page, path: pagePath } of pages) {
    const assets = await measurePageAssets(page, site.url, pagePath, fetchAsset);
    const files = [...assets.js, ...assets.jsUnlisted];
    if (page === "article") articleFiles = files;
    console.log(
      `${page.padEnd(16)}${kb(sum(files, "gzip")).padStart(10)}   ${kb(sum(files, "sent")).padStart(16)}   ${files.length}`,
    );
  }

  // Share each chunk's gzip size among its source modules by the minified bytes they produced.
  const bySource = new Map<string, number>();
  for (const file of articleFiles) {
    const name = new URL(file.url).pathname;
    const local = path.join(clientDir, name);
    const code = await readFile(local, "utf8");
    const rawMap = await readFile(`${local}.map`, "utf8").catch(() => null);
    if (!rawMap) {
      bySource.set(`(no source map) ${name}`, file.gzip);
      continue;
    }
    const lines = code.split("\n");
    const map = new SourceMapConsumer(JSON.parse(rawMap));
    const bytes = new Map<string, number>();
    const add = (source: string, n: number) => bytes.set(source, (bytes.get(source) ?? 0) + n);
    let previous: { source: string; line: number; column: number } | undefined;
    map.eachMapping((mapping) => {
      const here = {
        source: mapping.source ?? "(none)",
        line: mapping.generatedLine,
        column: mapping.generatedColumn,
      };
      if (previous) {
        const span =
          previous.line === here.line
            ? here.column - previous.column
            : lines[previous.line - 1]!.length - previous.column;
        add(previous.source, Math.max(0, span));
      }
      previous = here;
    });
    if (previous) add(previous.source, lines[previous.line - 1]!.length - previous.column);
    const mapped = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [source, n] of bytes) {
      const clean = source.replace(/^(\.\.\/)+/, "").replace(/^.*node_modules\//, "node_modules/");
      bySource.set(clean, (bySource.get(clean) ?? 0) + (n / mapped) * file.gzip);
    }
  }
  const top = Number(process.env.BENCH_TOP ?? 40);
  const rows = [...bySource].sort((a, b) => b[1] - a[1]);
  const ours = rows.filter(([source]) => !source.startsWith("node_modules/"));
  console.log(`\narticle page by module (gzip KB, estimated), top ${top}:`);
  for (const [source, n] of rows.slice(0, top)) console.log(`${kb(n).padStart(7)}  ${source}`);
  console.log(
    `\nthe site's own modules: ${kb(ours.reduce((a, [, n]) => a + n, 0))} KB of ${kb(sum(articleFiles, "gzip"))} KB`,
  );
} finally {
  await stopAll();
  await rm(dataDir, { recursive: true, force: true });
  for (const entry of await readdir(clientDir, { recursive: true })) {
    if (entry.endsWith(".map")) await rm(path.join(clientDir, entry));
  }
}
