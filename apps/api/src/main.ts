import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createApi } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { readApiConfig } from "./env.ts";
import { rememberPeers } from "./lib/client-address.ts";
import { answerClientErrors } from "./lib/client-error.ts";
import { gracefulShutdown, healthCheck, stopsDuringStartup, type ServingState } from "./lib/lifecycle.ts";
import { createLogger } from "./lib/logger.ts";
import { openRedisRateLimitStore } from "./lib/redis-rate-limit.ts";
import { createEcpaySimulator } from "@shiyi/ecpay/simulator";
import { localOAuthProvider } from "./local-oauth.ts";
import { openMediaStore } from "./media-config.ts";
import { unroutedAnswer } from "./lib/unrouted.ts";
import { startMail } from "./mail/start.ts";
import { startPaymentSweeper } from "./services/payment-sweeper.ts";
import { startSearchIndexer } from "./search/indexer.ts";
import { shopConfig } from "./shop-config.ts";
import { assertPortFree, exitOnStartupFailure, readConfiguration } from "./startup-failure.ts";

/** The API on its own, for deployments that run it apart from the web (the web's API_BASE_URL). */
const config = readConfiguration(() => readApiConfig());
const logger = createLogger(config.LOG_LEVEL);
// A stop asked for while migrating or seeding ends the process once that step is done.
const startup = stopsDuringStartup({ logger });
// With REDIS_URL, rate limits and the login lockout are shared by every instance (failing open).
const redis = config.REDIS_URL ? openRedisRateLimitStore(config.REDIS_URL, logger) : undefined;
// A known failure (a port in use, a data directory not writable or in use, PostgreSQL out of
// reach) is said in one line that names what to change; the process ends.
const failStartup = exitOnStartupFailure(logger, { port: config.PORT, databaseUrl: config.DATABASE_URL });
await assertPortFree(config.PORT).catch(failStartup);
// The pictures, in DATA_DIR/media or in a bucket every instance reads (decision 021).
const media = openMediaStore(config.media);
await media.probe().catch(failStartup);
const handle = await (async () => {
  const opened = openDatabase({ url: config.DATABASE_URL, dataDir: config.pgliteDir });
  await prepareDatabase(opened, {
    media,
    logger,
    seedDemoContent: config.seedDemoContent,
  });
  return opened;
})().catch(failStartup);
const mail = await startMail(config.mail, logger);
await redis?.ready;
if (startup.end()) {
  await Promise.all([handle.close(), mail.close(), redis?.close()]);
  logger.info("stopped before serving");
  process.exit(0);
}
// In simulator mode (never in production) the ECPay stand-in is served here at /_ecpay.
const apiUrl = new URL(config.auth.apiUrl);
const shop = shopConfig(config, { simulatorBase: new URL("/_ecpay", apiUrl).href });
const orderDeps = { db: handle.db, logger, mailer: mail.mailer, auth: config.auth, shop };
// On its own, the API logs a line per request: no web server in front logs them.
const api = createApi({
  ...orderDeps,
  rateLimitStore: redis?.store,
  trustedProxies: config.TRUSTED_PROXIES,
  requestLogLevel: "info",
});
const state: ServingState = { draining: false };
const app = new Hono().route("/api", api);
// For the load balancer: 503 while shutting down or when the database does not answer.
app.get("/_health", healthCheck({ db: handle.db, state }));
// A path under /api that no route takes: the API's JSON 404, or 405 for a known path.
app.all("/api/*", unroutedAnswer(api.routes, "/api"));
// The local mail catcher's inbox, only when SMTP_URL is unset (never in production).
if (mail.inbox) app.route("/_mail", mail.inbox);
// The local OAuth provider for Google, Facebook and LINE without keys (never in production).
const oauth = localOAuthProvider(config.auth);
if (oauth) app.route("/_oauth", oauth);
if (shop.mode === "simulator") {
  app.route(
    "/_ecpay",
    createEcpaySimulator({
      merchants: [shop.payment],
      logisticsMerchants: [shop.logistics],
      invoiceMerchants: [shop.invoice],
    }),
  );
}
const server = serve({ fetch: app.fetch, port: config.PORT }, (info) =>
  logger.info({ port: info.port }, "API listening"),
);
server.once("error", failStartup);
// A request Node's parser refuses gets a zh-TW answer, not a bare status.
answerClientErrors(server);
// Each request is judged by the address its connection came from, even once the client is gone.
rememberPeers(server);
// Unpaid orders lapse, paid ones cut short are finished, overdue periodic gifts are checked with ECPay.
const stopSweeper = startPaymentSweeper(orderDeps);
const stopIndexer = startSearchIndexer({ db: handle.db, logger });
const stop = gracefulShutdown({
  server: server as Server,
  state,
  logger,
  ...config.shutdown,
  stopWork: () => {
    stopSweeper();
    stopIndexer();
  },
  release: () => Promise.all([handle.close(), mail.close(), redis?.close()]),
});
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
