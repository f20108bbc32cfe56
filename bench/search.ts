/**
 * `npm run bench:search`: search latency over a large archive (figures only, never a pass/fail gate).
 *
 *  1. A database with the demo content and BENCH_ARTICLES (100,000) generated news, columns and
 *     features: titles, descriptions and bodies of 2–4 paragraphs chained from the demo's words by
 *     a seeded generator (textChain), dates spread over ten years. PostgreSQL: a fresh database `shiyi_bench_search`
 *     on BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres); BENCH_DRIVER=pglite
 *     builds the same in a temporary PGlite folder instead.
 *  2. The indexer's first pass over everything (documents per second).
 *  3. Every query of the set below, BENCH_ROUNDS (5) times after a warm-up round, one at a time,
 *     through the search service as GET /search runs it (query, counts, ranking, snippets, JSON):
 *     p50, p95, p99 and max per class of query and overall.
 *
 * Writes bench/results/search-<driver>-latest.md and prints it.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { folderStore } from "@shiyi/media-store";
import postgres from "postgres";
import { count, sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../apps/api/src/db/client.ts";
import { articles, authors, categories } from "../apps/api/src/db/schema.ts";
import { seed } from "../apps/api/src/db/seed.ts";
import { columns } from "../apps/api/src/db/seed-data/columns.ts";
import { features } from "../apps/api/src/db/seed-data/features.ts";
import { news } from "../apps/api/src/db/seed-data/news.ts";
import { syncSearchIndex } from "../apps/api/src/search/indexer.ts";
import { htmlText } from "../apps/api/src/search/text.ts";
import { search } from "../apps/api/src/services/search.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const resultsDir = path.join(root, "bench", "results");
const driver = process.env.BENCH_DRIVER === "pglite" ? "pglite" : "postgres";
const articleCount = Number(process.env.BENCH_ARTICLES ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The query set, by class: what readers type, from the most common words to nothing at all. */
const queries: Record<string, string[]> = {
  "common word (≥ 20 % of articles)": ["餐廳", "台灣", "主廚", "食材", "臺灣"],
  "topic word": ["辦桌", "烏龍", "米食", "漁港", "便當", "甜點", "咖啡", "醬油", "夜市", "器物"],
  "phrase (4+ characters)": ["台灣米食", "總鋪師", "高山烏龍", "餐桌上的器物", "產地直送", "友善耕作"],
  "single character": ["茶", "米", "魚"],
  "two terms": ["台菜 主廚", "漁港 冬天", "茶 甜點", "辦桌 總鋪師"],
  "full-width / Latin": ["ＡＩ", "Podcast", "2025"],
  "rare or none": ["牛肉麵", "xyzzy", "台北牛肉麵", "量子料理"],
};

/** mulberry32: the same archive on every run. */
function random(seedValue: number) {
  let state = seedValue;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[。！？])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 8);

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (driver === "pglite") {
    const dir = await mkdtemp(path.join(os.tmpdir(), "shiyi-bench-search-"));
    return {
      handle: openDatabase({ dataDir: dir }),
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe("drop database if exists shiyi_bench_search with (force)");
  await admin.unsafe("create database shiyi_bench_search");
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = "/shiyi_bench_search";
  return { handle: openDatabase({ url: url.href }), cleanup: async () => {} };
}

/**
 * Text in the demo's voice: a chain of the demo's words (ICU word boundaries), each followed by a
 * word that followed it somewhere in the demo. Words keep roughly their demo frequencies, so common
 * words are common and names rare, without copying whole sentences.
 */
function textChain(corpus: string[], next: () => number) {
  const segmenter = new Intl.Segmenter("zh-Hant-TW", { granularity: "word" });
  const follows = new Map<string, string[]>();
  const starts: string[] = [];
  for (const sentence of corpus) {
    const words = [...segmenter.segment(sentence)].map((segment) => segment.segment);
    if (words.length === 0) continue;
    starts.push(words[0]!);
    for (let i = 0; i < words.length - 1; i++) {
      const list = follows.get(words[i]!) ?? [];
      list.push(words[i + 1]!);
      follows.set(words[i]!, list);
    }
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return (maxChars: number): string => {
    let word = pick(starts);
    let out = word;
    while (out.length < maxChars) {
      const choices = follows.get(word);
      if (!choices) break;
      word = pick(choices);
      out += word;
      if (/[。！？]$/u.test(word) && out.length > maxChars / 3) break;
    }
    return /[。！？]$/u.test(out) ? out : `${out}。`;
  };
}

async function generate(handle: DatabaseHandle) {
  const db = handle.db;
  const demo = [...news, ...columns, ...features];
  const next = random(20_261_123);
  const sentence = textChain(
    demo.flatMap((item) => [...sentencesOf(htmlText(item.content)), item.description]),
    next,
  );
  const title = textChain(
    demo.flatMap((item) => item.title.split(/[：，]/u)),
    next,
  );
  const authorIds = (await db.select({ id: authors.id }).from(authors)).map((row) => row.id);
  const categoryRows = await db.select({ id: categories.id, section: categories.section }).from(categories);
  const kinds = ["news", "columns", "features"] as const;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const tenYears = 10 * 365 * 24 * 60 * 60 * 1000;
  const now = Date.now();

  const batch = 1000;
  for (let i = 0; i < articleCount; i += batch) {
    const rows = Array.from({ length: Math.min(batch, articleCount - i) }, (_, j) => {
      const kind = kinds[(i + j) % 3]!;
      const paragraphs = Array.from({ length: 2 + Math.floor(next() * 3) }, () =>
        Array.from({ length: 3 + Math.floor(next() * 3) }, () => sentence(70)).join(""),
      );
      return {
        kind,
        path: `bench-${i + j}`,
        title: title(24).replace(/。$/u, ""),
        description: sentence(90),
        content: paragraphs.map((part) => `<p>${part}</p>`).join(""),
        status: 1,
        publication_date: new Date(now - next() * tenYears).toISOString(),
        author_id: pick(authorIds),
        category_id: pick(categoryRows.filter((row) => row.section === kind)).id,
      };
    });
    await db.insert(articles).values(rows);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => value.toFixed(1);

async function main() {
  const started = performance.now();
  const media = await mkdtemp(path.join(os.tmpdir(), "shiyi-bench-media-"));
  const { handle, cleanup } = await openBenchDatabase();
  try {
    await handle.migrate();
    await seed(handle.db, { media: folderStore(media) });

    let t = performance.now();
    await generate(handle);
    const generatedS = (performance.now() - t) / 1000;

    t = performance.now();
    const indexed = await syncSearchIndex(handle.db);
    const indexS = (performance.now() - t) / 1000;
    await handle.db.execute(sql`analyze`);
    const [articleRow] = await handle.db.select({ value: count() }).from(articles);

    const samples = new Map<string, number[]>();
    const totals = new Map<string, number>();
    const runOnce = async (record: boolean) => {
      for (const [group, list] of Object.entries(queries)) {
        for (const q of list) {
          const begin = performance.now();
          const result = await search(handle.db, { q, page: 1, limit: 10 });
          JSON.stringify(result);
          const elapsed = performance.now() - begin;
          if (!record) continue;
          samples.set(group, [...(samples.get(group) ?? []), elapsed]);
          totals.set(q, result.counts.all);
        }
      }
    };
    await runOnce(false);
    for (let round = 0; round < rounds; round++) await runOnce(true);

    const all = [...samples.values()].flat().sort((a, b) => a - b);
    const lines = [
      `# Search over ${articleRow!.value.toLocaleString("en")} articles (${driver})`,
      "",
      `- ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores`,
      `- generated ${articleCount.toLocaleString("en")} articles in ${generatedS.toFixed(0)} s; indexed ${indexed.written.toLocaleString("en")} documents in ${indexS.toFixed(0)} s (${Math.round(indexed.written / indexS)} documents/s)`,
      `- ${rounds} rounds after a warm-up, one query at a time, through the search service (page 1, 10 hits, counts, snippets, JSON)`,
      "",
      "| queries | n | p50 ms | p95 ms | p99 ms | max ms |",
      "|---|---:|---:|---:|---:|---:|",
      ...[...samples].map(([group, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `| ${group} | ${sorted.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1)!)} |`;
      }),
      `| **all** | ${all.length} | ${ms(percentile(all, 50))} | **${ms(percentile(all, 95))}** | ${ms(percentile(all, 99))} | ${ms(all.at(-1)!)} |`,
      "",
      "Results per query: " +
        [...totals].map(([q, total]) => `${q} ${total.toLocaleString("en")}`).join(" · "),
      "",
      `Run took ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    ];
    const report = lines.join("\n") + "\n";
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, `search-${driver}-latest.md`), report);
    console.log(report);
  } finally {
    await handle.close();
    await cleanup();
    await rm(media, { recursive: true, force: true });
  }
}

await main();
