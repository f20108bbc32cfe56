import type { BlockList } from "node:net";
import type { Database } from "./db/client.ts";
import type { AuthConfig } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import type { LoginThrottle } from "./lib/login-throttle.ts";
import type { RateLimiter } from "./lib/rate-limit.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { ShopConfig } from "./shop-config.ts";

/** What every API handler finds on its context. */
export type ApiEnv = {
  Variables: {
    db: Database;
    auth: AuthConfig;
    logger: Logger;
    mailer: Mailer;
    shop: ShopConfig;
    rateLimiter: RateLimiter;
    loginThrottle: LoginThrottle;
    requestId: string;
    /** The proxies whose X-Forwarded-For entries are believed (`clientAddress`). */
    proxies: BlockList;
  };
};
