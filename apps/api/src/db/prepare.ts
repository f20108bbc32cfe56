import { count } from "drizzle-orm";
import type { Logger } from "../lib/logger.ts";
import type { DatabaseHandle } from "./client.ts";
import { articles } from "./schema.ts";
import { seed } from "./seed.ts";

/**
 * Migrates, and on a database without content (a first start) seeds the demo content (and its
 * search index); instances starting together on one PostgreSQL database take turns. Content that
 * changed while no instance ran is indexed by the search indexer's first pass, which does not hold
 * up serving (startSearchIndexer).
 */
export async function prepareDatabase(handle: DatabaseHandle, options: { mediaDir: string; logger: Logger }) {
  await handle.exclusively(async () => {
    await handle.migrate();
    const [row] = await handle.db.select({ value: count() }).from(articles);
    if ((row?.value ?? 0) === 0) {
      options.logger.info("empty database: seeding demo content");
      await seed(handle.db, { mediaDir: options.mediaDir });
    }
  });
}
