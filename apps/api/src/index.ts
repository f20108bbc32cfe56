export { createApi, type Api } from "./app.ts";
export { openDatabase, type Database, type DatabaseHandle } from "./db/client.ts";
export { answerClientErrors } from "./lib/client-error.ts";
export {
  assertPortFree,
  ConfigurationError,
  exitOnStartupFailure,
  readConfiguration,
} from "./startup-failure.ts";
export { compressResponses } from "./lib/compress.ts";
export { securityHeaders } from "./lib/security-headers.ts";
export { unroutedAnswer } from "./lib/unrouted.ts";
export { createLogger, requestIdOf, type Logger } from "./lib/logger.ts";
export type { RateLimitStore } from "./lib/rate-limit.ts";
export { openRedisRateLimitStore, type RedisRateLimitService } from "./lib/redis-rate-limit.ts";
export { prepareDatabase } from "./db/prepare.ts";
export { clientAddress, clientNetwork, proxyList, rememberPeers } from "./lib/client-address.ts";
export { gracefulShutdown, healthCheck, stopsDuringStartup, type ServingState } from "./lib/lifecycle.ts";
export {
  addressProblems,
  authConfig,
  authVariables,
  deployedEnv,
  developmentSecrets,
  mailConfig,
  mailVariables,
  productionSecretsMessage,
  processVariables,
  productionSecretsRequired,
  proxyVariables,
  redisVariables,
  databaseProblems,
  seedVariables,
  seedsDemoContent,
  shutdownTimes,
  shutdownVariables,
  smtpUrlRequired,
  type AuthConfig,
  type MailConfig,
} from "./env.ts";
export { unsetIfEmpty } from "./env-values.ts";
export { createMailer, type Mailer, type OutgoingMail } from "./mail/mailer.ts";
export { startMail, type MailService } from "./mail/start.ts";
export { localOAuthProvider } from "./local-oauth.ts";
export {
  describeMedia,
  mediaConfig,
  mediaProblems,
  mediaVariables,
  openMediaStore,
  type MediaConfig,
} from "./media-config.ts";
export {
  localCaptchaToken,
  shopConfig,
  shopProductionProblems,
  shopVariables,
  type ShopConfig,
} from "./shop-config.ts";
export { startPaymentSweeper } from "./services/payment-sweeper.ts";
export type { OrderDeps } from "./services/orders.ts";
export { startSearchIndexer, syncSearchIndex } from "./search/indexer.ts";
