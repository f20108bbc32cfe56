import { readApiConfig } from "../env.ts";
import { donationsCsv } from "../services/donation-export.ts";
import { openDatabase } from "./client.ts";
import { DirectoryInUseError } from "./directory-lock.ts";
import { readConfiguration } from "../startup-failure.ts";

/**
 * `npm run donations:export -- 2026 > donations-2026.csv`: every charge of the year, with the
 * national IDs of donors who asked for the tax-office upload. Run it where the database is.
 */
const year = Number(process.argv[2] ?? new Date().getFullYear() - 1);
if (!Number.isInteger(year) || year < 2000 || year > 2100) {
  console.error("Usage: npm run donations:export -- <year>");
  process.exit(2);
}
const config = readConfiguration(() => readApiConfig());
let handle: ReturnType<typeof openDatabase>;
try {
  handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.pgliteDir });
} catch (error) {
  // The embedded database open in the site (its lock): said in one line, on stderr (stdout is
  // the CSV), not as a stack.
  console.error(error instanceof DirectoryInUseError ? error.message : error);
  process.exit(1);
}
await handle.migrate();
process.stdout.write(await donationsCsv(handle.db, year));
await handle.close();
