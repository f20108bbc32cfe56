import type { Server } from "node:http";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Database } from "../db/client.ts";
import type { Logger } from "./logger.ts";

/*
 * How a serving process looks to a load balancer: `/_health` says whether to send it requests, and
 * a SIGTERM first takes it out of rotation (health answers 503 while requests still are served),
 * then stops taking connections, lets the requests in flight finish, and closes what it holds.
 */

/** How long the database has to answer the health check's `select 1`. */
const databaseAnswerMs = 2_000;

export type ServingState = { draining: boolean };

/**
 * `GET /_health`: 200 `{ status: "ok" }` when this process can serve (its database answers, when
 * it has one); 503 while it shuts down or when the database does not answer. Never cached.
 */
export function healthCheck(options: { db?: Database; state: ServingState }) {
  return async (c: Context) => {
    c.header("cache-control", "no-store");
    if (options.state.draining) return c.json({ status: "draining" }, 503);
    if (!options.db) return c.json({ status: "ok" });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        options.db.execute(sql`select 1`),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error("no answer")), databaseAnswerMs);
        }),
      ]);
      return c.json({ status: "ok", database: "ok" });
    } catch {
      return c.json({ status: "unavailable", database: "unreachable" }, 503);
    } finally {
      clearTimeout(timer);
    }
  };
}

export type ShutdownOptions = {
  server: Server;
  state: ServingState;
  logger: Logger;
  /** How long health answers 503 before connections are refused (the balancer's check interval). */
  drainMs: number;
  /** How long requests in flight may take once connections are refused; then the process ends. */
  timeoutMs: number;
  /** Stops background work (sweeps, indexing) before the server closes. */
  stopWork: () => void;
  /** Closes the database, mail and Redis once the last request has been answered. */
  release: () => Promise<unknown>;
  exit?: (code: number) => void;
};

/**
 * The signal handler: SIGTERM drains first (drainMs), SIGINT (a person at a terminal) does not. A
 * second signal while stopping changes nothing; the timeout ends the process whatever is open.
 */
export function gracefulShutdown(options: ShutdownOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  return (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.state.draining = true;
    const drainMs = signal === "SIGTERM" ? options.drainMs : 0;
    options.logger.info({ signal, drainMs }, "shutting down");
    setTimeout(() => {
      options.stopWork();
      const deadline = setTimeout(() => {
        options.logger.warn({ timeoutMs: options.timeoutMs }, "requests still open at the shutdown timeout");
        exit(1);
      }, options.timeoutMs);
      deadline.unref();
      // A kept-alive connection with no request in flight would hold close() until it times out:
      // such connections are closed now, and as each request in flight is answered.
      const idle = setInterval(() => options.server.closeIdleConnections(), 100);
      idle.unref();
      options.server.close(() => {
        clearInterval(idle);
        void options.release().then(
          () => {
            clearTimeout(deadline);
            options.logger.info("stopped");
            exit(0);
          },
          (error: unknown) => {
            options.logger.error({ err: error }, "closing after the last request failed");
            exit(1);
          },
        );
      });
      options.server.closeIdleConnections();
    }, drainMs);
  };
}

/**
 * Until the server listens, SIGTERM and SIGINT (a deploy rolled back, Ctrl-C during the first
 * seed) are said in the log and kept: the start-up finishes the step it is in, and the process
 * then ends without serving (`end()` says whether a stop was asked). A second signal ends it at
 * once, as an unhandled one would have. Without this the first signal ended it silently.
 */
export function stopsDuringStartup(options: { logger: Logger; exit?: (code: number) => void }) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let asked: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (asked) {
      options.logger.warn({ signal }, "stopped during start-up");
      exit(1);
      return;
    }
    asked = signal;
    options.logger.info(
      { signal },
      "stop asked during start-up: ending once this step is done (again to end now)",
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  return {
    /** Start-up is over: the signals go to whatever handles them next; the stop asked, if any. */
    end(): NodeJS.Signals | undefined {
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      return asked;
    },
  };
}
