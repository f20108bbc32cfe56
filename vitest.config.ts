import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const setupFiles = [fileURLToPath(new URL("./test/setup-console.ts", import.meta.url))];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {
          alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./apps/web/app/", import.meta.url)) }],
        },
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/web/server/**/*.test.ts",
          ],
          setupFiles,
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/**/*.test.ts"],
          // Each file opens its own PGlite (and, with DATABASE_URL, a PostgreSQL database of its own).
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles,
        },
      },
    ],
  },
});
