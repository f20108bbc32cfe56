import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

const port = 3100;
const baseURL = `http://localhost:${port}`;
// A fresh data folder per server start: the embedded database is migrated and seeded anew.
const dataDir = fileURLToPath(new URL("./.data/e2e", import.meta.url));

export default defineConfig({
  testDir: "e2e",
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  // The build is made by `npm run test:e2e` before Playwright starts.
  webServer: {
    command: `node -e "fs.rmSync(process.argv[1], { recursive: true, force: true })" ${JSON.stringify(dataDir)} && node apps/web/server/main.ts`,
    url: `${baseURL}/api/settings`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
