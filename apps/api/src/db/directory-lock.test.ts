import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DirectoryInUseError, lockDirectory } from "./directory-lock.ts";

describe("lockDirectory", () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "lock-"));
    dir = path.join(root, "pglite");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("holds the directory with this process's id until released", () => {
    const release = lockDirectory(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    expect(() => lockDirectory(dir)).toThrow(DirectoryInUseError);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDirectory(dir)();
  });

  it("refuses a directory another running process holds, naming it", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      writeFileSync(`${dir}.lock`, String(other.pid));
      let refusal: unknown;
      try {
        lockDirectory(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DirectoryInUseError);
      expect((refusal as Error).message).toContain(`pid ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it("takes over the lock of a process that has died, one half written, or one whose id is now another's", async () => {
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    // Not Node: the id of a process that died, reused by another program.
    const other = spawn("sleep", ["60"]);
    try {
      // This very process's id, not held by it: a container restarted after a crash.
      for (const left of [String(gone.pid), "", String(other.pid), String(process.pid)]) {
        writeFileSync(`${dir}.lock`, left);
        const release = lockDirectory(dir);
        expect(readFileSync(`${dir}.lock`, "utf8"), `over ${JSON.stringify(left)}`).toBe(String(process.pid));
        release();
      }
    } finally {
      other.kill();
    }
  });
});
