import { readApiConfig } from "../env.ts";
import { openMediaStore } from "../media-config.ts";
import { createLogger } from "../lib/logger.ts";
import { exitOnStartupFailure, readConfiguration } from "../startup-failure.ts";
import { openDatabase, type DatabaseHandle } from "./client.ts";
import { seed } from "./seed.ts";

/**
 * `npm run db:seed`: migrates and replaces all content with the demo content. On the embedded
 * database it refuses to run while the site has the directory open (stop the site first).
 */
const config = readConfiguration(() => readApiConfig());
const logger = createLogger(config.LOG_LEVEL);
const fail: (error: unknown) => never = exitOnStartupFailure(logger, { databaseUrl: config.DATABASE_URL });
let handle: DatabaseHandle;
try {
  handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.pgliteDir });
} catch (error) {
  fail(error);
}
await handle
  .exclusively(async () => {
    await handle.migrate();
    await seed(handle.db, { media: openMediaStore(config.media) });
  })
  .catch(fail);
await handle.close();
logger.info({ driver: handle.driver }, "demo content seeded");
