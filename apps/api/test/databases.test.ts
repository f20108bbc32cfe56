import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "./databases.ts";

describe.each(databaseTargets())("database target $name", (target) => {
  it("opens a migrated database, answers a query and closes", async () => {
    const { db, close } = await target.open();
    try {
      const result = await db.execute(sql`select 1 as one`);
      expect(result).toBeDefined();
    } finally {
      await close();
    }
  });
});
