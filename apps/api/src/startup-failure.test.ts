import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it, vi } from "vitest";
import { DirectoryInUseError } from "./db/directory-lock.ts";
import { readApiConfig } from "./env.ts";
import { describeStartupFailure, readConfiguration } from "./startup-failure.ts";

/** The error `task` fails with. */
async function failure(task: () => unknown): Promise<unknown> {
  try {
    await task();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
  });

describe("describeStartupFailure", () => {
  it("says which port is taken and what to set", async () => {
    const first = createServer();
    const port = await listen(first);
    try {
      const error = await failure(() => listen(createServer(), port));
      expect(describeStartupFailure(error, { port })).toBe(
        `Port ${port} is already in use: stop what listens on it, or set PORT to another port.`,
      );
    } finally {
      first.close();
    }
  });

  it("says which directory cannot be written, and that DATA_DIR moves it", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "startup-"));
    try {
      writeFileSync(path.join(root, "file"), "");
      const error = await failure(() => mkdirSync(path.join(root, "file", "pglite"), { recursive: true }));
      expect(describeStartupFailure(error, {})).toMatch(
        /^Cannot write .*file\/pglite \(ENOTDIR\): set DATA_DIR to a directory this user can write\.$/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("passes on the lock's own words for a directory in use", () => {
    const error = new DirectoryInUseError("/srv/site/.data/pglite", 4242);
    expect(describeStartupFailure(new Error("open failed", { cause: error }), {})).toBe(error.message);
  });

  it("says PostgreSQL cannot be reached, naming the host from DATABASE_URL", async () => {
    const databaseUrl = "postgres://postgres@127.0.0.1:1/site";
    const client = postgres(databaseUrl, { connect_timeout: 5, onnotice: () => {} });
    const error = await failure(() => client`select 1`);
    await client.end();
    expect(describeStartupFailure(error, { databaseUrl })).toBe(
      "Cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED): is it running? Check DATABASE_URL.",
    );
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "names a database PostgreSQL does not have, and how to make it",
    async () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = "/no_such_database_for_startup";
      const client = postgres(url.href, { connect_timeout: 5, onnotice: () => {} });
      const error = await failure(() => client`select 1`);
      await client.end();
      expect(describeStartupFailure(error, { databaseUrl: url.href })).toBe(
        `PostgreSQL at ${url.hostname}:${url.port || 5432} has no database "no_such_database_for_startup": create it (createdb no_such_database_for_startup) or correct DATABASE_URL.`,
      );
    },
  );

  it("leaves any other failure to be logged with its stack", () => {
    expect(describeStartupFailure(new TypeError("x is not a function"), { port: 3000 })).toBeUndefined();
  });
});

describe("a configuration that cannot be used", () => {
  it("is said as its problems alone, without a stack trace, and ends the process with status 1", () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    try {
      expect(() => readConfiguration(() => readApiConfig({ NODE_ENV: "production" }))).toThrow("exit 1");
      const said = written.join("");
      expect(said).toMatch(/^Invalid configuration:\n✖ SMTP_URL must be set in production/);
      expect(said).toContain("JWT_SECRET and OAUTH_CLIENT_SECRET must be set in production");
      expect(said).not.toMatch(/\n\s+at /);
      // Any other failure is no configuration problem: it goes on, with its stack.
      expect(() =>
        readConfiguration(() => {
          throw new TypeError("a fault");
        }),
      ).toThrow(TypeError);
      expect(readConfiguration(() => readApiConfig({})).PORT).toBeGreaterThan(0);
    } finally {
      write.mockRestore();
      exit.mockRestore();
    }
  });
});
