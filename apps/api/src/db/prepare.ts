import { count, sql } from "drizzle-orm";
import type { Logger } from "../lib/logger.ts";
import type { DatabaseHandle } from "./client.ts";
import { articles } from "./schema.ts";
import { seed } from "./seed.ts";

/** How long a database has to answer its first question before start-up gives up on it. */
const answerTimeoutMs = 15_000;

/**
 * Fails (code CONNECT_TIMEOUT, as the driver's own) when the database does not answer a first
 * question in time: a host that takes the connection and never speaks (a proxy, a firewall) would
 * otherwise hold start-up for ever, without a word.
 */
async function answersWithin(handle: DatabaseHandle, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`the database did not answer within ${timeoutMs / 1000} s`), {
            code: "CONNECT_TIMEOUT",
          }),
        ),
      timeoutMs,
    );
  });
  try {
    await Promise.race([handle.db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Migrates, and on a database without content (a first start) seeds the demo content (and its
 * search index); instances starting together on one PostgreSQL database take turns. Content that
 * changed while no instance ran is indexed by the search indexer's first pass, which does not hold
 * up serving (startSearchIndexer).
 */
export async function prepareDatabase(handle: DatabaseHandle, options: { mediaDir: string; logger: Logger }) {
  await answersWithin(handle, answerTimeoutMs);
  await handle.exclusively(async () => {
    await handle.migrate();
    const [row] = await handle.db.select({ value: count() }).from(articles);
    if ((row?.value ?? 0) === 0) {
      options.logger.info("empty database: seeding demo content (the pictures take a while)");
      const started = performance.now();
      await seed(handle.db, { mediaDir: options.mediaDir });
      options.logger.info(
        { seconds: Math.round((performance.now() - started) / 100) / 10 },
        "demo content seeded",
      );
    }
  });
}
