import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { folderStore } from "@shiyi/media-store";
import { count, max, min } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/client.ts";
import { prepareDatabase } from "../src/db/prepare.ts";
import { articles, magazines } from "../src/db/schema.ts";
import { createLogger } from "../src/lib/logger.ts";
import { databaseTargets } from "./databases.ts";

const logger = createLogger("silent");
const mediaDir = mkdtempSync(path.join(tmpdir(), "shiyi-prepare-"));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const local = { media: folderStore(mediaDir), logger, seedDemoContent: true };

async function contentState(db: Database) {
  const [[issues], [pieces]] = await Promise.all([
    db.select({ value: count() }).from(magazines),
    db.select({ value: count(), lastId: max(articles.id) }).from(articles),
  ]);
  return { issues: issues?.value, pieces: pieces?.value, lastId: pieces?.lastId };
}

async function firstIssueId(db: Database) {
  const [row] = await db.select({ value: min(magazines.id) }).from(magazines);
  return row?.value;
}

describe("first start", () => {
  it("migrates and seeds an empty embedded database, and leaves a seeded one alone", async () => {
    const handle = openDatabase({ dataDir: null });
    try {
      await prepareDatabase(handle, local);
      const seeded = await contentState(handle.db);
      expect(seeded.issues).toBe(8);
      expect(seeded.pieces).toBeGreaterThan(40);
      await prepareDatabase(handle, local);
      expect(await contentState(handle.db)).toEqual(seeded);
    } finally {
      await handle.close();
    }
    // The seed draws every demo image: about 10 s on an idle two-core machine, 25 s on a busy one.
  }, 120_000);

  it("never replaces content: a database with some content left is not seeded again", async () => {
    const handle = openDatabase({ dataDir: null });
    try {
      await prepareDatabase(handle, local);
      const issueId = await firstIssueId(handle.db);
      // An editor has removed every article; the issues, settings and the rest are still there.
      await handle.db.delete(articles);
      await prepareDatabase(handle, local);
      expect(await contentState(handle.db)).toMatchObject({ issues: 8, pieces: 0 });
      expect(await firstIssueId(handle.db)).toBe(issueId);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it("loads no demo content in a deployment unless asked (SEED_DEMO_CONTENT), and migrates all the same", async () => {
    const handle = openDatabase({ dataDir: null });
    try {
      await prepareDatabase(handle, { ...local, seedDemoContent: false });
      expect(await contentState(handle.db)).toMatchObject({ issues: 0, pieces: 0 });
      await prepareDatabase(handle, local);
      expect(await contentState(handle.db)).toMatchObject({ issues: 8 });
    } finally {
      await handle.close();
    }
  }, 120_000);

  const postgresTarget = databaseTargets().find((target) => target.name === "postgres");
  it.runIf(postgresTarget)(
    "lets instances starting together on one PostgreSQL database migrate and seed it once",
    async () => {
      const database = await postgresTarget!.open({ migrate: false });
      const instances = [1, 2, 3].map(() => openDatabase({ url: database.url }));
      try {
        await Promise.all(instances.map((handle) => prepareDatabase(handle, local)));
        const state = await contentState(database.db);
        expect(state.issues).toBe(8);
        // Seeded once: a second seed would have deleted and re-inserted, moving the ids on.
        expect(state.lastId).toBe(state.pieces);
      } finally {
        await Promise.all(instances.map((handle) => handle.close()));
        await database.close();
      }
    },
    120_000,
  );
});
