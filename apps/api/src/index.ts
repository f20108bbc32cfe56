export { createApi, type Api } from "./app.ts";
export { openDatabase, type Database, type DatabaseHandle } from "./db/client.ts";
export { createLogger, type Logger } from "./lib/logger.ts";
export { prepareDatabase } from "./db/prepare.ts";
