import type { Database } from "./db/client.ts";
import type { Logger } from "./lib/logger.ts";
import type { RateLimiter } from "./lib/rate-limit.ts";

/** What every API handler finds on its context. */
export type ApiEnv = {
  Variables: {
    db: Database;
    logger: Logger;
    rateLimiter: RateLimiter;
    requestId: string;
  };
};
