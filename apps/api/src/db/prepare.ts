import type { MediaStore } from "@shiyi/media-store";
import { sql } from "drizzle-orm";
import type { Logger } from "../lib/logger.ts";
import type { DatabaseHandle } from "./client.ts";
import { seed, seededTables } from "./seed.ts";

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

/** Whether none of the tables the demo content replaces has a row: seeding then deletes nothing. */
async function holdsNoContent(handle: DatabaseHandle): Promise<boolean> {
  const found = await Promise.all(
    seededTables.map((table) =>
      handle.db
        .select({ one: sql`1` })
        .from(table)
        .limit(1),
    ),
  );
  return found.every((rows) => rows.length === 0);
}

/**
 * Migrates, and on a database without any content (a first start) seeds the demo content (and its
 * search index) when `seedDemoContent` says so: a local run does, a deployment only when asked
 * (SEED_DEMO_CONTENT). Content is never replaced here, even in part: only a database where every
 * table the demo fills is empty is seeded. Instances starting together on one PostgreSQL database
 * take turns. Content that changed while no instance ran is indexed by the search indexer's first
 * pass, which does not hold up serving (startSearchIndexer).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { media: MediaStore; logger: Logger; seedDemoContent: boolean },
) {
  await answersWithin(handle, answerTimeoutMs);
  await handle.exclusively(async () => {
    await handle.migrate();
    if (!(await holdsNoContent(handle))) return;
    if (!options.seedDemoContent) {
      options.logger.warn(
        "empty database: no demo content is loaded in production (SEED_DEMO_CONTENT=true loads it at start; npm run db:seed replaces all content with it)",
      );
      return;
    }
    options.logger.info("empty database: seeding demo content (the pictures take a while)");
    const started = performance.now();
    await seed(handle.db, { media: options.media });
    options.logger.info(
      { seconds: Math.round((performance.now() - started) / 100) / 10 },
      "demo content seeded",
    );
  });
}
