import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members } from "../src/db/schema.ts";
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

  it("writes a saved address's 台 as the post's 臺 (migration 0018), leaving other addresses as they are", async () => {
    const { db, close } = await target.open();
    try {
      const address = (city: string) => ({ zip: "106", city, dist: "大安區", addr: "復興南路一段" });
      const rows = await db
        .insert(members)
        .values([
          { email: "a@example.test", name: "甲", address: address("台北市") },
          { email: "b@example.test", name: "乙", address: address("臺中市") },
          { email: "c@example.test", name: "丙", address: null },
        ])
        .returning({ id: members.id });
      const migration = await readFile(
        new URL("../drizzle/0018_members_address_county.sql", import.meta.url),
        "utf8",
      );
      await db.execute(sql.raw(migration));
      const cityOf = async (id: number) =>
        (await db.select({ address: members.address }).from(members).where(eq(members.id, id)))[0]!.address;
      expect(await cityOf(rows[0]!.id)).toEqual(address("臺北市"));
      expect(await cityOf(rows[1]!.id)).toEqual(address("臺中市"));
      expect(await cityOf(rows[2]!.id)).toBeNull();
    } finally {
      await close();
    }
  });
});
