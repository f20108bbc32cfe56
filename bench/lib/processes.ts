import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** Every child started here, so that they are all stopped at the end, even on failure. */
const children = new Set<ChildProcess>();

/** Node 24 (the one running the bench) first on PATH for children, as `npm run` does. */
export const childEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
  ...extra,
});

/**
 * The environment of the site under measurement: on loopback at `port`, with its own data folder,
 * logging warnings only, and `NODE_ENV` unset as `npm run serve` leaves it (production by default).
 */
export function siteEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env = childEnv({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...extra,
  });
  delete env.NODE_ENV;
  return env;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/** Keeps the last `limit` characters of a stream, for error messages. */
function tail(limit = 8_000) {
  let text = "";
  return {
    push: (chunk: Buffer) => {
      text = (text + chunk.toString("utf8")).slice(-limit);
    },
    get text() {
      return text;
    },
  };
}

export type RunResult = { code: number | null; output: string; ms: number };

/** Runs a command to its end (bounded by `timeoutMs`); its output is kept, not printed. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? childEnv(), stdio: "pipe" });
    children.add(child);
    const output = tail(20_000);
    child.stdout.on("data", output.push);
    child.stderr.on("data", output.push);
    const timer = setTimeout(() => {
      output.push(
        Buffer.from(`\n[bench] ${command} ${args.join(" ")} timed out after ${options.timeoutMs} ms\n`),
      );
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, output: output.text, ms: performance.now() - started });
    });
  });
}

export type Service = { name: string; url: string; child: ChildProcess; output: () => string };

/**
 * Starts a long-running server process and waits until `readyPath` answers 200 (bounded by
 * `timeoutMs`); fails early, with the process's output, when the process exits first.
 */
export async function startService(options: {
  name: string;
  args: string[];
  port: number;
  readyPath: string;
  env?: NodeJS.ProcessEnv;
  cwd: string;
  timeoutMs: number;
}): Promise<Service> {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: options.env ?? childEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const output = tail();
  child.stdout?.on("data", output.push);
  child.stderr?.on("data", output.push);
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = performance.now() + options.timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${options.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output.text}`,
      );
    }
    try {
      const response = await fetch(url + options.readyPath, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return { name: options.name, url, child, output: () => output.text };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${options.name} was not ready within ${options.timeoutMs} ms:\n${output.text}`);
}

/** Stops one child: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 3_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Stops every child still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child)));
}

/** Last resort on process exit (synchronous): kill whatever is still running. */
export function killAllSync(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc on Linux; undefined elsewhere.
 * Unlike wall-clock latency, CPU time per request barely depends on what else the machine runs.
 */
export function cpuTimeMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime), counted from after the command name: 12 and 13.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * The whole machine's CPU time so far, busy and in all (ms, every core summed), from /proc/stat on
 * Linux; undefined elsewhere. The busy share of a window shows whether the machine was saturated,
 * including processes the bench does not own (a PostgreSQL server).
 */
export function machineCpuMs(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (ticks.length < 8 || ticks.some((t) => !Number.isFinite(t))) return undefined;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy * 10, total: (busy + idle + iowait) * 10 };
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) used so far by every process whose command name is `name` (e.g. a local
 * PostgreSQL's backends), from /proc on Linux; undefined elsewhere. Backends that exit in between
 * take their time with them, so this is a lower bound over a window.
 */
export function processesCpuMs(name: string): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== name) continue;
      total += cpuTimeMs(Number(pid)) ?? 0;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
