import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

const setupFiles = [fileURLToPath(new URL("./test/setup-console.ts", import.meta.url))];
const webApp = fileURLToPath(new URL("./apps/web/app/", import.meta.url));

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, a single one on a two-core machine, where
    // the API suites spend much of their time waiting on PostgreSQL and SMTP: two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: {
          alias: [{ find: /^~\//, replacement: webApp }],
        },
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/web/server/**/*.test.ts",
          ],
          exclude: ["**/*.browser.test.tsx", "**/node_modules/**"],
          setupFiles,
        },
      },
      {
        // Components are tested in a real Chromium (Vitest browser mode), keyboard and pointer included.
        plugins: [tailwindcss()],
        // Pre-bundled up front, so a test meeting a new Base UI entry does not reload the run.
        optimizeDeps: {
          include: ["react", "react-dom", "react-dom/client", "@base-ui/react/**", "vitest-browser-react"],
        },
        resolve: { alias: [{ find: /^~\//, replacement: webApp }] },
        test: {
          name: "components",
          include: ["apps/web/app/**/*.browser.test.tsx"],
          setupFiles: [...setupFiles, fileURLToPath(new URL("./test/setup-browser.ts", import.meta.url))],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium",
                args: ["--no-sandbox", "--disable-gpu"],
              },
            }),
            instances: [{ browser: "chromium" }],
          },
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
