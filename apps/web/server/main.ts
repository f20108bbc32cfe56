import { receivedEnv } from "./production-env.ts";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import {
  answerClientErrors,
  rememberPeers,
  assertPortFree,
  createLogger,
  describeMedia,
  exitOnStartupFailure,
  gracefulShutdown,
  openDatabase,
  openMediaStore,
  openRedisRateLimitStore,
  prepareDatabase,
  readConfiguration,
  startMail,
  startPaymentSweeper,
  startSearchIndexer,
  stopsDuringStartup,
} from "@shiyi/api";
import type { ServerBuild } from "react-router";
import { createWebServer, defaultClientDir } from "./app.ts";
import { readWebConfig } from "./env.ts";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const config = readConfiguration(() => readWebConfig(receivedEnv));
const logger = createLogger(config.logLevel);
// A stop asked for while migrating or seeding ends the process once that step is done.
const startup = stopsDuringStartup({ logger });

// A known failure (a port in use, a data directory not writable or in use, PostgreSQL out of
// reach) is said in one line that names what to change; the process ends.
const failStartup = exitOnStartupFailure(logger, { port: config.port, databaseUrl: config.databaseUrl });
await assertPortFree(config.port, config.host).catch(failStartup);

// The pictures, in DATA_DIR/media or in a bucket every instance reads (decision 021).
const media = openMediaStore(config.media);
await media.probe().catch(failStartup);

// The in-process API's rate limits, shared with other instances when REDIS_URL is set (failing open).
const redis =
  config.redisUrl && !config.apiBaseUrl ? openRedisRateLimitStore(config.redisUrl, logger) : undefined;
const database = config.apiBaseUrl ? undefined : await openSiteDatabase().catch(failStartup);
// Only the in-process API sends mail; with SMTP_URL unset it is caught here and shown at /_mail.
const mail = config.apiBaseUrl ? undefined : await startMail(config.mail, logger);

/** The in-process API's database, migrated (and, on a local first start, seeded). */
async function openSiteDatabase() {
  const dataDir = path.join(config.dataDir, "pglite");
  logger.info(
    { database: config.databaseUrl ? new URL(config.databaseUrl).host : dataDir },
    config.databaseUrl ? "connecting to PostgreSQL" : "opening the embedded database",
  );
  const handle = openDatabase({ url: config.databaseUrl, dataDir });
  await prepareDatabase(handle, {
    media,
    logger,
    seedDemoContent: config.seedDemoContent,
  });
  return handle;
}
await redis?.ready;
if (startup.end()) {
  await Promise.all([database?.close(), mail?.close(), redis?.close()]);
  logger.info("stopped before serving");
  process.exit(0);
}
let stopSweeper: (() => void) | undefined;
const stopIndexer = database ? startSearchIndexer({ db: database.db, logger }) : undefined;

const build = (await import(
  pathToFileURL(path.join(webDir, "build", "server", "index.js")).href
)) as ServerBuild;
// Read by /_health: a process shutting down answers 503 there while it finishes its requests.
const serving = { draining: false };
const app = createWebServer({
  config,
  serving,
  build,
  clientDir: defaultClientDir(webDir),
  logger,
  db: database?.db,
  mail,
  media,
  rateLimitStore: redis?.store,
  // Unpaid orders lapse, paid ones cut short are finished, overdue periodic gifts are checked with ECPay.
  startPaymentJobs: (deps) => (stopSweeper = startPaymentSweeper(deps)),
});

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
  logger.info(
    {
      url: config.publicUrl,
      database: database?.driver ?? "remote API",
      ...describeMedia(config.media),
      ...(mail?.inbox ? { mail: `${config.publicUrl}/_mail` } : {}),
      ...(config.auth.localOAuth ? { oauth: config.auth.localOAuth.browserUrl } : {}),
    },
    "site ready",
  ),
);

server.once("error", failStartup);
// A request Node's parser refuses gets a zh-TW answer, not a bare status.
answerClientErrors(server);
// Each request is judged by the address its connection came from, even once the client is gone.
rememberPeers(server);

const stop = gracefulShutdown({
  server: server as Server,
  state: serving,
  logger,
  ...config.shutdown,
  stopWork: () => {
    stopSweeper?.();
    stopIndexer?.();
  },
  release: () => Promise.all([database?.close(), mail?.close(), redis?.close()]),
});
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
