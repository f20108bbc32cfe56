import { createServer } from "node:net";
import { MediaStoreError } from "@shiyi/media-store";
import { DirectoryInUseError } from "./db/directory-lock.ts";
import type { Logger } from "./lib/logger.ts";

/** Settings that cannot be used: the message lists every problem, one per line, naming its variable. */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/**
 * The configuration `read` returns; when it is refused, its problems are written to standard error
 * as they are, without a stack trace (the problems are the operator's to fix, not the code's), and
 * the process ends with status 1.
 */
export function readConfiguration<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    process.stderr.write(
      `${error.message}\nSet these variables (README, "Configuration") and start again.\n`,
    );
    return process.exit(1);
  }
}

/** What a start-up failure is about: the settings an operator would change. */
export type StartupSettings = { port?: number; databaseUrl?: string };

type ErrorLike = Error & { code?: string; path?: string; syscall?: string };

/** The error and its causes, outermost first (drizzle wraps the driver's errors). */
function* chain(error: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    yield current as ErrorLike;
  }
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
const databaseHost = (url: string) => {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || 5432}`;
};

/**
 * One line that says what went wrong at start-up and what to change, for the failures an operator
 * meets (a port taken, a data directory not writable or in use, PostgreSQL unreachable or without
 * the database); undefined for anything else, which is logged with its stack.
 */
export function describeStartupFailure(error: unknown, settings: StartupSettings): string | undefined {
  for (const cause of chain(error)) {
    if (cause instanceof DirectoryInUseError) return cause.message;
    // The media store's probe says what the bucket answered and which setting to check.
    if (cause instanceof MediaStoreError) return cause.message;
    const url = settings.databaseUrl;
    switch (cause.code) {
      case "EADDRINUSE":
        return `Port ${settings.port ?? "?"} is already in use: stop what listens on it, or set PORT to another port.`;
      case "EACCES":
      case "EPERM":
      case "EROFS":
      case "ENOTDIR":
        if (cause.syscall === "listen")
          return `Port ${settings.port ?? "?"} may not be used by this user: set PORT to a port above 1023.`;
        return `Cannot write ${cause.path ?? "the data directory"} (${cause.code}): set DATA_DIR to a directory this user can write.`;
      case "3D000":
        if (url) {
          const name = databaseName(url);
          return `PostgreSQL at ${databaseHost(url)} has no database "${name}": create it (createdb ${name}) or correct DATABASE_URL.`;
        }
        break;
      case "28P01":
      case "28000":
        if (url)
          return `PostgreSQL at ${databaseHost(url)} refused the login: check the user and password in DATABASE_URL.`;
        break;
      case "ECONNREFUSED":
      case "ENOTFOUND":
      case "EAI_AGAIN":
      case "ETIMEDOUT":
      case "EHOSTUNREACH":
      case "CONNECT_TIMEOUT":
        if (url)
          return `Cannot reach PostgreSQL at ${databaseHost(url)} (${cause.code}): is it running? Check DATABASE_URL.`;
        break;
    }
  }
  return undefined;
}

/** Logs a start-up failure as one line where it is a known one (with the stack otherwise) and exits. */
export function exitOnStartupFailure(logger: Logger, settings: StartupSettings) {
  return (error: unknown): never => {
    const described = describeStartupFailure(error, settings);
    if (described) logger.fatal(described);
    else logger.fatal({ err: error }, "start-up failed");
    // Logs are written before the process goes (pino writes synchronously to stdout).
    process.exit(1);
  };
}

/**
 * Resolves when `port` can be listened on, and fails as listening would (EADDRINUSE, EACCES)
 * otherwise: checked before the database is prepared, so a port in use is said at once rather
 * than after a first start's seeding.
 */
export function assertPortFree(port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
