import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import {
  siteUrl,
  splitApiUrl,
  splitBucket,
  splitBucketEnv,
  splitSiteUrl,
  splitWebDataDir,
} from "./e2e/support/servers.ts";

const baseURL = siteUrl;
const port = new URL(siteUrl).port;
// A fresh data folder per server start: the embedded database is migrated and seeded anew.
const dataDir = fileURLToPath(new URL("./.data/e2e", import.meta.url));

const splitDataDir = fileURLToPath(new URL("./.data/e2e-split", import.meta.url));

const removeDir = (dir: string) =>
  `node -e "fs.rmSync(process.argv[1], { recursive: true, force: true })" ${JSON.stringify(dir)}`;

export default defineConfig({
  testDir: "e2e",
  workers: 2,
  retries: 0,
  // The shop and member journeys cross a dozen pages, the ECPay simulator and a second browser; on
  // a busy two-core machine they need more than the default 30 s, and a hang still fails in a minute.
  timeout: 60_000,
  // A page change on a busy two-core machine (a route's chunks, its data, its render) has taken
  // more than the default 5 s to show; an assertion that is never met still fails in 10.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: "list",
  use: {
    baseURL,
    // A failed test keeps its trace: actions, DOM snapshots, network and console. The trace's
    // screencast is left out: encoding frames for every test took a third of the suite's time on
    // two cores, and the failure's screenshot is taken apart.
    trace: { mode: "retain-on-failure", screenshots: false },
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
  webServer: [
    {
      command: `${removeDir(dataDir)} && node apps/web/server/main.ts`,
      url: `${baseURL}/api/settings`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: port,
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
    },
    // The split deployment: the API alone (on its own embedded database) and the web pointed at it,
    // their pictures in a bucket (the S3 stand-in) that the API writes and the web reads.
    {
      command: "node e2e/support/bucket-server.ts",
      // Unsigned, the bucket answers 403: it is up.
      url: `${splitBucket.endpoint}/${splitBucket.bucket}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `${removeDir(splitDataDir)} && node apps/api/src/main.ts`,
      url: `${splitApiUrl}/settings`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: new URL(splitApiUrl).port,
        DATA_DIR: splitDataDir,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        ...splitBucketEnv,
      },
    },
    {
      command: `${removeDir(splitWebDataDir)} && node apps/web/server/main.ts`,
      url: `${splitSiteUrl}/robots.txt`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: new URL(splitSiteUrl).port,
        PUBLIC_URL: splitSiteUrl,
        DATA_DIR: splitWebDataDir,
        API_BASE_URL: splitApiUrl,
        ...splitBucketEnv,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
      },
    },
  ],
});
