import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/** A directory held by another running process: its PGlite would be opened twice. */
export class DirectoryInUseError extends Error {
  readonly dir: string;
  readonly pid: number;

  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        "Only one process may open it at a time: stop that process first (the site, or a seed).",
    );
    this.name = "DirectoryInUseError";
    this.dir = dir;
    this.pid = pid;
  }
}

/** The directories this process holds: a second open of one of them here is refused too. */
const held = new Set<string>();

/**
 * Whether the process named by a lock file still holds it: running, and (where /proc tells) a
 * Node process. A lock naming this very process but not held by it was left by an earlier process
 * that had the same id (a container restarted after a crash gives its server the same id again),
 * and a running process that is not Node (the id reused by something else) holds nothing either.
 */
function holdsLock(pid: number, dir: string) {
  if (pid === process.pid) return held.has(dir);
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    // No /proc here (macOS): running is all that can be known.
    return true;
  }
}

/**
 * Takes `<dir>.lock`, a file beside the directory holding this process's id, or throws
 * DirectoryInUseError when a running process holds it (this one included); a lock its holder no
 * longer holds (`holdsLock`) is taken over. PGlite is PostgreSQL in one process, without a
 * postmaster to refuse a second one: two processes on one directory (the site and
 * `npm run db:seed`, say) corrupt it. Returns the release.
 */
export function lockDirectory(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && holder > 0 && holdsLock(holder, dir)) {
        throw new DirectoryInUseError(dir, holder);
      }
      // A dead process's lock (or one half written, or one whose id is now another's): taken again.
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    held.add(dir);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.delete(dir);
      rmSync(file, { force: true });
    };
  }
  throw new Error(`Could not take the lock ${file}`);
}
