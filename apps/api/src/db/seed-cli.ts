import { readApiConfig } from "../env.ts";
import { createLogger } from "../lib/logger.ts";
import { openDatabase } from "./client.ts";
import { seed } from "./seed.ts";

/** `npm run db:seed`: migrates and replaces all content with the demo content. */
const config = readApiConfig();
const logger = createLogger(config.LOG_LEVEL);
const handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.pgliteDir });
await handle.exclusively(async () => {
  await handle.migrate();
  await seed(handle.db, { mediaDir: config.mediaDir });
});
await handle.close();
logger.info({ driver: handle.driver }, "demo content seeded");
