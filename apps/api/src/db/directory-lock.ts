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

/** Whether a process with this id is running (a process of another user counts). */
function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `<dir>.lock`, a file beside the directory holding this process's id, or throws
 * DirectoryInUseError when a running process holds it. A lock left by a process that has died is
 * taken over. PGlite is PostgreSQL in one process, without a postmaster to refuse a second one:
 * two processes on one directory (the site and `npm run db:seed`, say) corrupt it.
 * Returns the release.
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
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder))
        throw new DirectoryInUseError(dir, holder);
      // A dead process's lock (or one half written): gone, and taken again.
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      rmSync(file, { force: true });
    };
  }
  throw new Error(`Could not take the lock ${file}`);
}
