/**
 * `npm run bench:shop`: the shop's write paths on the API on its own (`apps/api/src/main.ts`), on
 * loopback, one after the other in one run (figures only, never a pass/fail gate):
 *  1. the cart API under load: one signed-in member, a mix of GET /cart (70 %), POST /cart adding
 *     1 to an existing line (15 %) and PATCH /cart/{id} setting a quantity of 1–5 (15 %);
 *  2. checkout throughput: POST /orders by guests, each with another email, for items whose stock
 *     was raised beforehand; afterwards the database is opened again and the orders and stock are
 *     checked against the 201s (a mismatch is reported and makes the exit code 1).
 * Writes bench/results/shop-latest.md and prints it.
 *
 * The member, its session and cart, and the raised stock are written straight into the database
 * before the server starts: PGlite's files are opened by one process at a time.
 *
 * Knobs (environment): BENCH_DATABASE_URL (a PostgreSQL database to use instead of a fresh PGlite
 * folder; best a freshly created one: the bench raises the stock of a few items in it),
 * BENCH_CONCURRENCY (16), BENCH_WARMUP_S (2), BENCH_DURATION_S (10), BENCH_CPU_PROF=1 (the API runs
 * with --cpu-prof; the profile lands in bench/results/).
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { folderStore } from "@shiyi/media-store";
import { and, asc, count, eq, gte, inArray, isNotNull, like, sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../apps/api/src/db/client.ts";
import { prepareDatabase } from "../apps/api/src/db/prepare.ts";
import { cartLines, magazines, members, merchandise, orderLines, orders } from "../apps/api/src/db/schema.ts";
import { developmentSecrets, type AuthConfig } from "../apps/api/src/env.ts";
import { createLogger } from "../apps/api/src/lib/logger.ts";
import { startSession } from "../apps/api/src/services/tokens.ts";
import { onSale } from "../apps/api/src/services/visibility.ts";
import type { LoadOptions } from "./lib/load.ts";
import {
  childEnv,
  cpuTimeMs,
  freePort,
  killAllSync,
  machineCpuMs,
  processesCpuMs,
  runCommand,
  startService,
  stopAll,
  stopChild,
  type Service,
} from "./lib/processes.ts";
import {
  measureMix,
  type Latencies,
  type MixHooks,
  type MixResult,
  type RequestSpec,
} from "./lib/requests.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const resultsDir = path.join(root, "bench", "results");

const started = performance.now();
/** Hard stop: whatever hangs, the server is stopped and the process exits. */
const hardLimitMs = 5 * 60_000;

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
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const cpuProfile = process.env.BENCH_CPU_PROF === "1";

/** What the bench raises the stock and the per-order limit of its items to. */
const benchStock = 10_000_000;
const benchMaxQuantity = 1_000_000;
/** Marks this run's members and guest orders (a reused PostgreSQL database keeps earlier ones). */
const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
/** The API gets a secret of the bench's own, so the bench can sign the member's access token. */
const jwtSecret = randomBytes(32).toString("base64url");

const log = (line: string) =>
  process.stdout.write(
    `[bench:shop ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`,
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

let tempDir: string | undefined;
let openHandle: DatabaseHandle | undefined;
const cleanup = async () => {
  await stopAll();
  await openHandle?.close().catch(() => undefined);
  openHandle = undefined;
  if (tempDir) await rm(tempDir, { recursive: true, force: true }).catch(() => undefined);
  tempDir = undefined;
};
process.once("exit", () => killAllSync());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the API`);
    void cleanup().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  log(`hard time limit (${hardLimitMs / 60_000} min) reached: stopping the API`);
  void cleanup().finally(() => process.exit(2));
}, hardLimitMs);
watchdog.unref();

type ItemType = "magazine" | "merch";
type BenchItem = { type: ItemType; id: number; title: string };
const itemKey = (item: { type: ItemType; item_id?: number; id?: number }) =>
  `${item.type}:${item.item_id ?? item.id}`;

/** Opens the database the API will use (PGlite in `<dataDir>/pglite`, as the API's config puts it). */
function open(dataDir: string): DatabaseHandle {
  openHandle = openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, "pglite") });
  return openHandle;
}
async function close(handle: DatabaseHandle) {
  await handle.close();
  if (openHandle === handle) openHandle = undefined;
}

async function stockOf(handle: DatabaseHandle, items: BenchItem[]): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  for (const type of ["magazine", "merch"] as const) {
    const ids = items.filter((i) => i.type === type).map((i) => i.id);
    if (ids.length === 0) continue;
    const table = type === "magazine" ? magazines : merchandise;
    const rows = await handle.db
      .select({ id: table.id, stock: table.stock })
      .from(table)
      .where(inArray(table.id, ids));
    for (const row of rows) stock.set(itemKey({ type, id: row.id }), row.stock);
  }
  return stock;
}

/**
 * Migrates and seeds (a fresh database), raises the stock of two magazines and two merchandise
 * items on sale, and creates a verified member with a session and a cart line of each item.
 */
async function setUp(handle: DatabaseHandle, mediaDir: string) {
  const { db } = handle;
  const media = folderStore(mediaDir);
  await prepareDatabase(handle, { media, logger: createLogger("warn"), seedDemoContent: true });
  const items: BenchItem[] = [];
  for (const type of ["magazine", "merch"] as const) {
    const table = type === "magazine" ? magazines : merchandise;
    const rows = await db
      .select({ id: table.id, title: table.title })
      .from(table)
      .where(onSale(table))
      .orderBy(asc(table.id))
      .limit(2);
    for (const row of rows) items.push({ type, ...row });
    if (rows.length > 0) {
      await db
        .update(table)
        .set({ stock: benchStock, max_quantity: benchMaxQuantity })
        .where(
          inArray(
            table.id,
            rows.map((r) => r.id),
          ),
        );
    }
  }
  if (items.length === 0) throw new Error("no magazine or merchandise on sale: is the database seeded?");

  const [member] = await db
    .insert(members)
    .values({
      email: `bench-member-${runId}@example.com`,
      name: "林小華",
      email_verified_at: new Date().toISOString(),
    })
    .returning({ id: members.id });
  const auth: AuthConfig = {
    jwtSecret,
    clientSecret: developmentSecrets.client,
    accessTokenTtlSeconds: 900,
    siteUrl: "http://127.0.0.1",
    apiUrl: "http://127.0.0.1/api",
    social: {},
  };
  const tokens = await startSession(db, auth, member!.id, { userAgent: "shiyi-bench/1" });
  const lines = await db
    .insert(cartLines)
    .values(items.map((item) => ({ member_id: member!.id, item_id: item.id, type: item.type, quantity: 1 })))
    .returning({ id: cartLines.id, item_id: cartLines.item_id, type: cartLines.type });
  return { items, lines, accessToken: tokens.access_token, stockBefore: await stockOf(handle, items) };
}

type Measured = {
  result: MixResult;
  /** The API process's CPU time per request in the window, ms. */
  cpuMsPerRequest?: number;
  /** With BENCH_DATABASE_URL: the local PostgreSQL processes' CPU time per request, ms. */
  dbCpuMsPerRequest?: number;
  /** Share of the whole machine's CPU that was busy during the window. */
  machineBusy?: number;
  loadAvg: number;
};

/** `measureMix` with the API's CPU time and the machine's busy share over the window. */
async function measure(
  service: Service,
  next: (worker: number) => RequestSpec,
  onOutcome?: MixHooks["onOutcome"],
): Promise<Measured> {
  const loadAvg = os.loadavg()[0]!;
  let cpu: [number | undefined, number | undefined] = [undefined, undefined];
  let dbCpu: [number | undefined, number | undefined] = [undefined, undefined];
  const readDbCpu = () => (databaseUrl ? processesCpuMs("postgres") : undefined);
  let machine: [ReturnType<typeof machineCpuMs>, ReturnType<typeof machineCpuMs>] = [undefined, undefined];
  const result = await measureMix(service.url, next, load, {
    onWindowStart: () => {
      cpu = [cpuTimeMs(service.child.pid), undefined];
      dbCpu = [readDbCpu(), undefined];
      machine = [machineCpuMs(), undefined];
    },
    onWindowEnd: () => {
      cpu = [cpu[0], cpuTimeMs(service.child.pid)];
      dbCpu = [dbCpu[0], readDbCpu()];
      machine = [machine[0], machineCpuMs()];
    },
    onOutcome,
  });
  const answered = result.requests + result.errors;
  const cpuMsPerRequest =
    cpu[0] !== undefined && cpu[1] !== undefined && answered > 0 ? (cpu[1] - cpu[0]) / answered : undefined;
  const dbCpuMsPerRequest =
    dbCpu[0] !== undefined && dbCpu[1] !== undefined && answered > 0
      ? (dbCpu[1] - dbCpu[0]) / answered
      : undefined;
  const [m0, m1] = machine;
  const machineBusy =
    m0 && m1 && m1.total > m0.total ? (m1.busy - m0.busy) / (m1.total - m0.total) : undefined;
  return { result, cpuMsPerRequest, dbCpuMsPerRequest, machineBusy, loadAvg };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");
const summaryLine = (name: string, m: Measured) =>
  `${name}: ${m.result.rps.toFixed(0)}/s, p50 ${ms(m.result.p50)} ms, p95 ${ms(m.result.p95)} ms, ` +
  `p99 ${ms(m.result.p99)} ms, ${m.result.errors} errors, API CPU ${m.cpuMsPerRequest?.toFixed(2) ?? "?"} ms/request, ` +
  (m.dbCpuMsPerRequest === undefined ? "" : `PostgreSQL CPU ${m.dbCpuMsPerRequest.toFixed(2)} ms/request, `) +
  `machine ${m.machineBusy === undefined ? "?" : `${(m.machineBusy * 100).toFixed(0)} %`} busy`;

type Check = { ok: boolean; lines: string[] };

async function main() {
  tempDir = await mkdtemp(path.join(os.tmpdir(), "shiyi-bench-shop-"));
  const dataDir = path.join(tempDir, "data");
  const mediaDir = path.join(dataDir, "media");
  const notes: string[] = [];

  // 1. Database: migrated and seeded, then the bench's member, session, cart and stock.
  const setup = await phase(
    databaseUrl ? "prepare PostgreSQL (BENCH_DATABASE_URL)" : "prepare a fresh PGlite database",
    async () => {
      const handle = open(dataDir);
      try {
        return await setUp(handle, mediaDir);
      } finally {
        await close(handle);
      }
    },
  );
  const setupDone = new Date();
  log(`  items: ${setup.items.map((i) => `${i.type} ${i.id} 「${i.title}」`).join(", ")}`);

  // 2. The API on its own, on the same database.
  const port = await freePort();
  const env = childEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    MAIL_CATCHER_PORT: String(await freePort()),
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  // Local stand-ins for everything outside (captcha "local-pass", ECPay simulator, mail catcher).
  for (const name of [
    "NODE_ENV",
    "DATABASE_URL",
    "REDIS_URL",
    "SMTP_URL",
    "RECAPTCHA_SECRET",
    "API_PUBLIC_URL",
    "ECPAY_MODE",
    "ORDER_RESERVATION_MINUTES",
    "ACCESS_TOKEN_TTL_SECONDS",
  ]) {
    delete env[name];
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const profileDir = path.join(resultsDir, "profiles");
  if (cpuProfile) await mkdir(profileDir, { recursive: true });
  const api = await phase("start the API", () =>
    startService({
      name: "API",
      args: [...(cpuProfile ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []), "apps/api/src/main.ts"],
      port,
      readyPath: "/api/settings",
      cwd: root,
      timeoutMs: 60_000,
      env,
    }),
  );

  // 3. The cart: one member, 16 connections.
  const auth = { authorization: `Bearer ${setup.accessToken}` };
  let cartSequence = 0;
  const cartRequest = (): RequestSpec => {
    const n = cartSequence++;
    const line = setup.lines[Math.floor(n / 20) % setup.lines.length]!;
    const slot = n % 20;
    if (slot < 14) return { label: "GET /cart", method: "GET", path: "/api/cart", headers: auth };
    if (slot < 17) {
      return {
        label: "POST /cart (+1 to a line)",
        method: "POST",
        path: "/api/cart",
        headers: auth,
        body: { item_id: line.item_id, type: line.type, quantity: 1 },
      };
    }
    return {
      label: "PATCH /cart/{id} (quantity 1–5)",
      method: "PATCH",
      path: `/api/cart/${line.id}`,
      headers: auth,
      body: { quantity: 1 + (n % 5) },
    };
  };
  const cart = await phase("cart API under load", () => measure(api, cartRequest));
  log(`  ${summaryLine("cart", cart)}`);

  // 4. Checkout: guests, each with its own email; one or two of the bench's items, 1–3 of each.
  let orderSequence = 0;
  const placed = { created: 0, noResponse: 0, quantities: new Map<string, number>() };
  const orderRequest = (): RequestSpec => {
    const n = orderSequence++;
    const first = setup.items[n % setup.items.length]!;
    const second = setup.items[(n + 1) % setup.items.length]!;
    const lineItems = [{ item_id: first.id, type: first.type, quantity: 1 + (n % 3) }];
    if (n % 2 === 1 && second !== first)
      lineItems.push({ item_id: second.id, type: second.type, quantity: 1 });
    return {
      label: "POST /orders",
      method: "POST",
      path: "/api/orders",
      // Each guest from an address of its own, as buyers are: the API bounds orders per address.
      headers: { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: {
        customer: { name: "林小華", email: `bench-${runId}-${n}@example.com`, phone: "0912345678" },
        receiver: {
          name: "林小華",
          phone: "0912345678",
          store: {
            id: "131386",
            name: "建興門市",
            address: "台北市中正區忠孝東路一段 1 號",
            brand: "UNIMARTC2C",
          },
        },
        line_items: lineItems,
        payment: "credit",
        shipping: "cvs",
        delivery: "UNIMARTC2C",
        receipt: { type: "personal" },
        g_recaptcha_response: "local-pass",
      },
    };
  };
  const checkout = await phase("checkout under load", () =>
    measure(api, orderRequest, (outcome) => {
      // Every 201, inside the window or not: all of them took stock.
      if (outcome.status === 201) {
        placed.created++;
        const body = outcome.spec.body as {
          line_items: Array<{ item_id: number; type: ItemType; quantity: number }>;
        };
        for (const line of body.line_items) {
          const key = itemKey(line);
          placed.quantities.set(key, (placed.quantities.get(key) ?? 0) + line.quantity);
        }
      } else if (outcome.status === 0) placed.noResponse++;
    }),
  );
  log(`  ${summaryLine("checkout", checkout)}`);

  await phase("stop the API", () => stopChild(api.child, cpuProfile ? 15_000 : 3_000));

  // 5. The database again: as many orders as 201s, and the stock down by exactly what they took.
  const check: Check = await phase("check orders and stock in the database", async () => {
    const handle = open(dataDir);
    try {
      const { db } = handle;
      const ours = like(sql<string>`${orders.customer}->>'email'`, `bench-${runId}-%`);
      const [orderCount] = await db.select({ value: count() }).from(orders).where(ours);
      const lineRows = await db
        .select({
          type: orderLines.type,
          item_id: orderLines.item_id,
          quantity: sql<number>`sum(${orderLines.quantity})::int`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.order_id))
        .where(ours)
        .groupBy(orderLines.type, orderLines.item_id);
      // Stock given back meanwhile by unpaid orders whose hold lapsed (none in a fresh database).
      const releasedRows = await db
        .select({
          type: orderLines.type,
          item_id: orderLines.item_id,
          quantity: sql<number>`sum(${orderLines.quantity})::int`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.order_id))
        .where(
          and(isNotNull(orders.stock_released_at), gte(orders.stock_released_at, setupDone.toISOString())),
        )
        .groupBy(orderLines.type, orderLines.item_id);
      const stockAfter = await stockOf(handle, setup.items);
      const inDb = new Map(lineRows.map((r) => [itemKey(r), Number(r.quantity)]));
      const released = new Map(releasedRows.map((r) => [itemKey(r), Number(r.quantity)]));

      const lines: string[] = [];
      let ok = true;
      const orderTotal = orderCount?.value ?? 0;
      const ordersMatch = orderTotal === placed.created;
      ok &&= ordersMatch;
      lines.push(
        `orders in the database: ${orderTotal}; 201 answers: ${placed.created} → ${ordersMatch ? "equal" : "MISMATCH"}` +
          (placed.noResponse ? ` (${placed.noResponse} requests got no answer)` : ""),
      );
      for (const item of setup.items) {
        const key = itemKey(item);
        const before = setup.stockBefore.get(key) ?? Number.NaN;
        const after = stockAfter.get(key) ?? Number.NaN;
        const taken = before - after + (released.get(key) ?? 0);
        const ordered = placed.quantities.get(key) ?? 0;
        const recorded = inDb.get(key) ?? 0;
        const match = taken === ordered && recorded === ordered;
        ok &&= match;
        lines.push(
          `${item.type} ${item.id}: stock ${before.toLocaleString("en")} → ${after.toLocaleString("en")}` +
            `${released.get(key) ? ` (+${released.get(key)} released by lapsed holds)` : ""}, ` +
            `taken ${taken}; ordered per the 201s ${ordered}; in order lines ${recorded} → ${match ? "equal" : "MISMATCH"}`,
        );
      }
      return { ok, lines };
    } finally {
      await close(handle);
    }
  });
  for (const line of check.lines) log(`  ${line}`);
  log(`  check: ${check.ok ? "consistent" : "INCONSISTENT"}`);
  if (!check.ok) process.exitCode = 1;

  await cleanup();

  // 6. The report.
  const git = async (args: string[]) =>
    (await runCommand("git", args, { cwd: root, timeoutMs: 10_000 }).catch(() => undefined))?.output.trim();
  const commit = await git(["rev-parse", "--short", "HEAD"]);
  const dirty = await git(["status", "--porcelain"]);
  const cpus = os.cpus();
  const database = databaseUrl
    ? `PostgreSQL (BENCH_DATABASE_URL: ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname})`
    : "PGlite in a fresh temporary DATA_DIR";
  if (cpuProfile)
    notes.push(`Run with BENCH_CPU_PROF=1: the API's CPU profile is in ${path.relative(root, profileDir)}/.`);
  const markdown = renderShopReport({
    date: new Date().toISOString(),
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    commit: `${commit || "unknown"}${dirty ? " + uncommitted changes" : ""}`,
    database,
    items: setup.items,
    cart,
    checkout,
    check,
    notes,
  });
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, "shop-latest.md"), markdown + "\n");
  process.stdout.write(`\n${markdown}\n`);
  log(
    `written to ${path.relative(root, path.join(resultsDir, "shop-latest.md"))} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

function renderShopReport(r: {
  date: string;
  machine: string;
  node: string;
  commit: string;
  database: string;
  items: BenchItem[];
  cart: Measured;
  checkout: Measured;
  check: Check;
  notes: string[];
}): string {
  const row = (name: string, l: Latencies, share?: number) =>
    `| ${name} | ${share === undefined ? "" : `${(share * 100).toFixed(0)} %`} | ${l.rps.toFixed(1)} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} | ${l.errors} |`;
  const table = (m: Measured, total: string) => {
    const answered = m.result.requests + m.result.errors;
    const labels = Object.entries(m.result.byLabel).sort(
      ([, a], [, b]) => b.requests + b.errors - (a.requests + a.errors),
    );
    return [
      "| requests | share | 2xx/s | p50 ms | p95 ms | p99 ms | max ms | errors |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
      ...(labels.length > 1
        ? labels.map(([label, l]) =>
            row(`\`${label}\``, l, answered ? (l.requests + l.errors) / answered : 0),
          )
        : []),
      row(total, m.result),
    ].join("\n");
  };
  const context = (m: Measured) =>
    [
      `API process CPU: ${m.cpuMsPerRequest?.toFixed(2) ?? "?"} ms per request`,
      ...(m.dbCpuMsPerRequest === undefined
        ? []
        : [
            `PostgreSQL processes' CPU (all local \`postgres\` processes): ${m.dbCpuMsPerRequest.toFixed(2)} ms per request`,
          ]),
      `machine CPU busy in the window: ${m.machineBusy === undefined ? "?" : `${(m.machineBusy * 100).toFixed(0)} %`} (load generator included)`,
      `load average before: ${m.loadAvg.toFixed(2)}`,
      ...(m.result.errors
        ? [
            `errors by status: ${Object.entries(m.result.errorStatuses)
              .map(([s, n]) => `${s} × ${n}`)
              .join(", ")}; first: ${m.result.firstError ?? "?"}`,
          ]
        : []),
    ]
      .map((line) => `- ${line}`)
      .join("\n");
  return [
    "# Shop bench: cart API and checkout",
    "",
    `- date: ${r.date}`,
    `- machine: ${r.machine}`,
    `- node: ${r.node}; commit ${r.commit}`,
    `- database: ${r.database}`,
    `- load: ${load.concurrency} connections, ${load.warmupMs / 1000} s warm-up, ${load.durationMs / 1000} s measured, closed loop on 127.0.0.1`,
    `- items (stock raised to ${benchStock.toLocaleString("en")}, max_quantity ${benchMaxQuantity.toLocaleString("en")}): ${r.items.map((i) => `${i.type} ${i.id}`).join(", ")}`,
    "",
    "## Cart API (one signed-in member)",
    "",
    table(r.cart, "**all**"),
    "",
    context(r.cart),
    "",
    "## Checkout (POST /orders by guests)",
    "",
    table(r.checkout, "**orders**"),
    "",
    context(r.checkout),
    "",
    `### Database check: ${r.check.ok ? "consistent" : "INCONSISTENT"}`,
    "",
    ...r.check.lines.map((line) => `- ${line}`),
    ...(r.notes.length ? ["", "## Notes", "", ...r.notes.map((n) => `- ${n}`)] : []),
    "",
    "## Phases",
    "",
    ...phases.map(([name, t]) => `- ${name}: ${(t / 1000).toFixed(1)} s`),
  ].join("\n");
}

try {
  await main();
  clearTimeout(watchdog);
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(
    `[bench:shop] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
} finally {
  await cleanup();
}
