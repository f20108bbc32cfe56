import { count } from "drizzle-orm";
import type { Logger } from "../lib/logger.ts";
import type { DatabaseHandle } from "./client.ts";
import { articles } from "./schema.ts";
import { seed } from "./seed.ts";
import { syncSearchIndex } from "../search/indexer.ts";

/**
 * Migrates, and on a database without content (a first start) seeds the demo content; instances
 * starting together on one PostgreSQL database take turns.
 */
export async function prepareDatabase(handle: DatabaseHandle, options: { mediaDir: string; logger: Logger }) {
  await handle.exclusively(async () => {
    await handle.migrate();
    const [row] = await handle.db.select({ value: count() }).from(articles);
    if ((row?.value ?? 0) === 0) {
      options.logger.info("empty database: seeding demo content");
      await seed(handle.db, { mediaDir: options.mediaDir });
    }
    // Content written while no instance ran (or before the index existed) is indexed before serving.
    const indexed = await syncSearchIndex(handle.db);
    if (indexed.written > 0 || indexed.removed > 0) options.logger.info(indexed, "search index updated");
  });
}
