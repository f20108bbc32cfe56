import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import { createLogger } from "./logger.ts";
import { gracefulShutdown, healthCheck, stopsDuringStartup, type ServingState } from "./lifecycle.ts";

const logger = createLogger("silent");

describe("/_health", () => {
  it("is 200 while the database answers, 503 once it does not or while shutting down; never cached", async () => {
    const handle = openDatabase({ dataDir: null });
    const state: ServingState = { draining: false };
    const app = new Hono().get("/_health", healthCheck({ db: handle.db, state }));
    // Opened first: the check gives a database a short while to answer, which a loaded machine's
    // first opening of an embedded one may take longer than.
    await handle.db.execute(sql`select 1`);

    const ok = await app.request("/_health");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok", database: "ok" });
    expect(ok.headers.get("cache-control")).toBe("no-store");

    state.draining = true;
    const draining = await app.request("/_health");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining" });

    state.draining = false;
    await handle.close();
    const down = await app.request("/_health");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", database: "unreachable" });
  });

  it("is 200 for a web without a database of its own (its API runs elsewhere)", async () => {
    const app = new Hono().get("/_health", healthCheck({ state: { draining: false } }));
    expect((await app.request("/_health")).status).toBe(200);
  });
});

describe("shutdown", () => {
  /** A server whose /slow answers after `ms`, and whose other paths answer at once. */
  async function listen(ms: number): Promise<{ server: Server; url: string }> {
    const server = createServer((request, response) => {
      if (request.url === "/slow") setTimeout(() => response.end("slow done"), ms);
      else response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it("on SIGTERM drains first, then refuses connections, finishes the requests in flight and releases", async () => {
    const { server, url } = await listen(400);
    const state: ServingState = { draining: false };
    const events: string[] = [];
    const exited = new Promise<number>((resolve) => {
      const stop = gracefulShutdown({
        server,
        state,
        logger,
        drainMs: 200,
        timeoutMs: 5_000,
        stopWork: () => events.push("work stopped"),
        release: async () => events.push("released"),
        exit: resolve,
      });
      const inFlight = fetch(`${url}/slow`).then((response) => response.text());
      // The request has reached the server before the signal.
      setTimeout(() => {
        stop("SIGTERM");
        events.push("signal");
        void inFlight.then((body) => events.push(body));
      }, 50);
    });

    await new Promise((resolve) => setTimeout(resolve, 120));
    // Draining: out of the balancer's rotation, but still serving.
    expect(state.draining).toBe(true);
    expect(await (await fetch(`${url}/`)).text()).toBe("ok");

    expect(await exited).toBe(0);
    await expect(fetch(`${url}/`)).rejects.toThrow();
    expect(events).toEqual(["signal", "work stopped", "slow done", "released"]);
  });

  it("ends the process at the timeout when a request does not finish, and takes a second signal as the first", async () => {
    const { server, url } = await listen(10_000);
    const state: ServingState = { draining: false };
    let released = false;
    const started = performance.now();
    const code = await new Promise<number>((resolve) => {
      const stop = gracefulShutdown({
        server,
        state,
        logger,
        drainMs: 5_000,
        timeoutMs: 200,
        stopWork: () => {},
        release: async () => {
          released = true;
        },
        exit: resolve,
      });
      void fetch(`${url}/slow`).catch(() => {});
      // SIGINT (a person at a terminal) does not wait for a balancer; the repeat changes nothing.
      setTimeout(() => {
        stop("SIGINT");
        stop("SIGTERM");
      }, 50);
    });
    expect(code).toBe(1);
    expect(released).toBe(false);
    expect(performance.now() - started).toBeLessThan(4_000);
    server.closeAllConnections();
  });
});

describe("a stop asked while starting", () => {
  it("is said and kept until start-up ends; a second one ends the process at once", () => {
    const lines: { msg: string; signal?: string }[] = [];
    const recording = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const exits: number[] = [];
    const before = process.listenerCount("SIGTERM");
    const startup = stopsDuringStartup({ logger: recording, exit: (code) => exits.push(code) });
    process.emit("SIGTERM", "SIGTERM");
    expect(lines).toContainEqual(expect.objectContaining({ signal: "SIGTERM" }));
    expect(exits).toEqual([]);
    process.emit("SIGINT", "SIGINT");
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toMatchObject({ msg: "stopped during start-up", signal: "SIGINT" });
    expect(startup.end()).toBe("SIGTERM");
    // Once started, the signals are the running server's to handle.
    expect(process.listenerCount("SIGTERM")).toBe(before);
  });

  it("answers no stop when none was asked", () => {
    const startup = stopsDuringStartup({ logger, exit: () => {} });
    expect(startup.end()).toBeUndefined();
  });
});
