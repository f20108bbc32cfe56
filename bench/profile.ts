/**
 * `npm run bench:profile`: where the server's CPU goes when it renders an article on every request.
 * Starts the built site (run `npm run build` first) with the page cache off and `--cpu-prof`, loads
 * the article for BENCH_DURATION_S (15) seconds with the bench's load generator, stops the server
 * and prints the profile's self time by function and by package, and the time spent inside
 * React's render. Start-up is left out: only samples taken during the load count.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureLoad } from "./lib/load.ts";
import { cpuTimeMs, freePort, siteEnv, startService, stopChild } from "./lib/processes.ts";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.BENCH_DURATION_S ?? 15);
const port = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "shiyi-bench-profile-"));
const profileDir = await mkdtemp(path.join(os.tmpdir(), "shiyi-cpu-profile-"));
const env = siteEnv(port, dataDir, { MAIL_CATCHER_PORT: "0", PAGE_CACHE_TTL_MS: "0" });

// BENCH_NO_PROFILE=1: the same load without the profiler, for the server's CPU time per request.
const profiling = process.env.BENCH_NO_PROFILE !== "1";
const site = await startService({
  name: "site",
  args: [...(profiling ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []), "apps/web/server/main.ts"],
  port,
  readyPath: "/api/settings",
  cwd: root,
  timeoutMs: 4 * 60_000,
  env,
});
const list = (await (await fetch(`${site.url}/api/news?limit=1`)).json()) as { data: { path: string }[] };
const target = `${site.url}/news/${list.data[0]!.path}`;
const window = { start: 0, end: 0, cpuStart: 0, cpuEnd: 0 };
const result = await measureLoad(
  target,
  { concurrency: 16, warmupMs: 2_000, durationMs: seconds * 1000, timeoutMs: 10_000 },
  {
    onWindowStart: () => {
      window.start = Date.now();
      window.cpuStart = cpuTimeMs(site.child.pid) ?? 0;
    },
    onWindowEnd: () => {
      window.end = Date.now();
      window.cpuEnd = cpuTimeMs(site.child.pid) ?? 0;
    },
  },
);
await stopChild(site.child, 15_000);
console.log(
  `${target}: ${result.rps.toFixed(0)} req/s, ${result.requests} requests measured, p99 ${result.p99.toFixed(1)} ms, ` +
    `server CPU ${((window.cpuEnd - window.cpuStart) / result.requests).toFixed(3)} ms/request`,
);
if (!profiling) {
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

const file = (await readdir(profileDir)).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error("the server wrote no profile");
const profile = JSON.parse(await readFile(path.join(profileDir, file), "utf8")) as Profile;
await rm(profileDir, { recursive: true, force: true });
await rm(dataDir, { recursive: true, force: true });

// Self time per node, counting only samples inside the measured window.
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map<number, number>();
let time = profile.startTime; // microseconds
const from = window.start * 1000;
const to = window.end * 1000;
// The profile's clock is monotonic; align it with the wall clock by its last sample.
const offset = Date.now() * 1000 - (profile.startTime + profile.timeDeltas.reduce((a, b) => a + b, 0));
let total = 0;
profile.samples.forEach((id, index) => {
  time += profile.timeDeltas[index]!;
  const wall = time + offset;
  if (wall < from || wall > to) return;
  const delta = profile.timeDeltas[index]!;
  self.set(id, (self.get(id) ?? 0) + delta);
  total += delta;
});

// Frames whose inclusive time is reported; BENCH_FRAMES=a,b adds more.
const frames = [
  "renderToPipeableStream",
  "performWork",
  "loader",
  "handleDocumentRequest",
  ...(process.env.BENCH_FRAMES ?? "").split(",").filter(Boolean),
];
const packageOf = (url: string) => {
  if (!url) return "(native / V8)";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith("node:")) return "node core";
  if (url.includes("/build/server/")) return "site bundle (build/server)";
  if (!url.startsWith("file:")) return url;
  return path.relative(root, fileURLToPath(url)).split("/").slice(0, 3).join("/");
};
const functions = new Map<string, number>();
const packages = new Map<string, number>();
const inside = new Map<string, number>();
for (const [id, micros] of self) {
  const { callFrame } = byId.get(id)!;
  const where = `${callFrame.functionName || "(anonymous)"} ${packageOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
  functions.set(where, (functions.get(where) ?? 0) + micros);
  packages.set(packageOf(callFrame.url), (packages.get(packageOf(callFrame.url)) ?? 0) + micros);
  // Inclusive shares of a few frames of interest: walk up the stack once per sampled node.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = byId.get(at)!.callFrame.functionName;
    for (const frame of frames) {
      if (name === frame && !seen.has(frame)) {
        seen.add(frame);
        inside.set(frame, (inside.get(frame) ?? 0) + micros);
      }
    }
  }
}
const share = (micros: number) => `${((micros / total) * 100).toFixed(1).padStart(5)} %`;
const perRequest = (micros: number) => `${(micros / 1000 / result.requests).toFixed(3)} ms/req`;
console.log(`\nsampled CPU in the window: ${(total / 1e6).toFixed(2)} s, ${perRequest(total)}`);
console.log("\nby package (self):");
for (const [name, micros] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`${share(micros)}  ${perRequest(micros)}  ${name}`);
}
console.log("\ninclusive, by frame name:");
for (const [name, micros] of inside) console.log(`${share(micros)}  ${name}`);
console.log(`\nby function (self), top ${process.env.BENCH_TOP ?? 40}:`);
for (const [name, micros] of [...functions]
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(process.env.BENCH_TOP ?? 40))) {
  console.log(`${share(micros)}  ${name}`);
}

// BENCH_CALLERS=name[,name]: the stacks (four frames up) that lead to those functions.
for (const wanted of (process.env.BENCH_CALLERS ?? "").split(",").filter(Boolean)) {
  const stacks = new Map<string, number>();
  for (const [id, micros] of self) {
    if (byId.get(id)!.callFrame.functionName !== wanted) continue;
    const frames: string[] = [];
    for (let at = parent.get(id); at !== undefined && frames.length < 4; at = parent.get(at)) {
      const { callFrame } = byId.get(at)!;
      frames.push(
        `${callFrame.functionName || "(anonymous)"}@${packageOf(callFrame.url)}:${callFrame.lineNumber + 1}`,
      );
    }
    const key = frames.join(" < ");
    stacks.set(key, (stacks.get(key) ?? 0) + micros);
  }
  console.log(`\ncallers of ${wanted}:`);
  for (const [key, micros] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 6)) {
    console.log(`${share(micros)}  ${key}`);
  }
}

// BENCH_COMPONENTS=1: inside React's render, the time of each component (a frame whose name starts
// with a capital letter), inclusive of what it calls but not of the components it renders.
if (process.env.BENCH_COMPONENTS === "1") {
  const components = new Map<string, number>();
  for (const [id, micros] of self) {
    let owner: string | undefined;
    let inRender = false;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      if (!owner && /^[A-Z]/.test(functionName) && !url.includes("react-dom")) {
        owner = `${functionName} ${packageOf(url)}`;
      }
      if (functionName === "performWork") inRender = true;
    }
    if (!inRender) continue;
    const key = owner ?? "(React itself)";
    components.set(key, (components.get(key) ?? 0) + micros);
  }
  console.log("\ninside React's render, by component:");
  for (const [name, micros] of [...components].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${share(micros)}  ${perRequest(micros)}  ${name}`);
  }
}

// BENCH_PHASES=1: outside React's render, the time by the nearest named step of the request.
if (process.env.BENCH_PHASES === "1") {
  const steps = [
    "callLoaderOrAction",
    "encodeViaTurboStream",
    "deferModuleScripts",
    "runServerMiddlewarePipeline",
    "createLoadContext",
    "handleDocumentRequest",
    "requestHandler",
    "dispatch",
    "getRequestListener",
    "writev",
    "(garbage collector)",
  ];
  const phases = new Map<string, number>();
  for (const [id, micros] of self) {
    let step: string | undefined;
    let inRender = false;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName } = byId.get(at)!.callFrame;
      if (functionName === "performWork") inRender = true;
      if (!step && steps.includes(functionName)) step = functionName;
    }
    if (inRender) continue;
    const key = step ?? `(other) ${byId.get(id)!.callFrame.functionName || "(anonymous)"}`;
    phases.set(key, (phases.get(key) ?? 0) + micros);
  }
  console.log("\noutside React's render, by step:");
  for (const [name, micros] of [...phases].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${share(micros)}  ${perRequest(micros)}  ${name}`);
  }
}
