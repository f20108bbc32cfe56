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

  it("writes a saved address's 台 as the post's 臺 (migrations 0018 and 0019), leaving other addresses as they are", async () => {
    const { db, close } = await target.open();
    try {
      const address = (city: string, dist = "大安區") => ({ zip: "106", city, dist, addr: "復興南路一段" });
      const rows = await db
        .insert(members)
        .values([
          { email: "a@example.test", name: "甲", address: address("台北市") },
          { email: "b@example.test", name: "乙", address: address("臺中市") },
          { email: "c@example.test", name: "丙", address: null },
          { email: "d@example.test", name: "丁", address: address("台東縣", "台東市") },
        ])
        .returning({ id: members.id });
      for (const file of ["0018_members_address_county.sql", "0019_members_address_district.sql"]) {
        const migration = await readFile(new URL(`../drizzle/${file}`, import.meta.url), "utf8");
        for (const statement of migration.split("--> statement-breakpoint"))
          await db.execute(sql.raw(statement));
      }
      const cityOf = async (id: number) =>
        (await db.select({ address: members.address }).from(members).where(eq(members.id, id)))[0]!.address;
      expect(await cityOf(rows[0]!.id)).toEqual(address("臺北市"));
      expect(await cityOf(rows[1]!.id)).toEqual(address("臺中市"));
      expect(await cityOf(rows[2]!.id)).toBeNull();
      expect(await cityOf(rows[3]!.id)).toEqual(address("臺東縣", "臺東市"));
    } finally {
      await close();
    }
  });
});
