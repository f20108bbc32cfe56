import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { lockDirectory } from "./directory-lock.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies the committed migrations. */
  migrate: () => Promise<void>;
  /** Runs `task` while no other instance runs one: start-up work (migrate, seed) happens once. */
  exclusively: <T>(task: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory when `dataDir` is null). */
export function openDatabase(options: { url?: string; dataDir?: string | null }): DatabaseHandle {
  if (options.url) {
    // A host that never answers is given up after 10 s (start-up says so) rather than waited on.
    const client = postgres(options.url, { max: 10, connect_timeout: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      migrate: () => migratePostgres(db as never, { migrationsFolder }),
      exclusively: async (task) => {
        // A session lock on a connection of its own; the others wait on it, then find nothing to do.
        const lock = postgres(options.url!, { max: 1, connect_timeout: 10, onnotice: () => {} });
        try {
          await lock`select pg_advisory_lock(7281931)`;
          return await task();
        } finally {
          await lock.end({ timeout: 5 });
        }
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  // One process owns a PGlite directory (the lock refuses a second), so there is no one else to
  // wait for in `exclusively`.
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDirectory(options.dataDir);
  }
  const client = new PGlite(options.dataDir ?? undefined);
  const pglite = drizzlePglite(client, { schema });
  return {
    db: pglite as unknown as Database,
    driver: "pglite",
    migrate: () => migratePglite(pglite, { migrationsFolder }),
    exclusively: (task) => task(),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
