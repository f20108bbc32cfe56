// Integration suites run on PGlite always and, when DATABASE_URL is set, also on a fresh PostgreSQL
// database of their own (created here, dropped on close), so suites share no rows.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase } from "../src/db/client.ts";
import type { Database } from "../src/db/client.ts";

export type OpenedDatabase = { db: Database; close(): Promise<void>; url?: string };

export type DatabaseTarget = {
  name: "pglite" | "postgres";
  /** A fresh database, migrated unless `migrate` is false; `url` is set for PostgreSQL. */
  open(options?: { migrate?: boolean }): Promise<OpenedDatabase>;
};

const pglite: DatabaseTarget = {
  name: "pglite",
  async open({ migrate = true } = {}) {
    const handle = openDatabase({ dataDir: null });
    if (migrate) await handle.migrate();
    return { db: handle.db, close: handle.close };
  },
};

function postgresTarget(baseUrl: string): DatabaseTarget {
  return {
    name: "postgres",
    async open({ migrate = true } = {}) {
      const url = new URL(baseUrl);
      const base = decodeURIComponent(url.pathname.slice(1)) || "postgres";
      const name = `${base.slice(0, 40)}_t_${randomBytes(6).toString("hex")}`;
      const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await admin`create database ${admin(name)}`;
      url.pathname = `/${encodeURIComponent(name)}`;
      const handle = openDatabase({ url: url.toString() });
      const dispose = async () => {
        try {
          await handle.close();
        } finally {
          await admin`drop database if exists ${admin(name)} with (force)`;
          await admin.end({ timeout: 5 });
        }
      };
      try {
        if (migrate) await handle.migrate();
      } catch (error) {
        await dispose();
        throw error;
      }
      return { db: handle.db, close: dispose, url: url.toString() };
    },
  };
}

/** The databases every integration suite runs on: `describe.each(databaseTargets())("… on $name", …)`. */
export function databaseTargets(): DatabaseTarget[] {
  const url = process.env.DATABASE_URL;
  return url ? [pglite, postgresTarget(url)] : [pglite];
}
