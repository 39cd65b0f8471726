import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir } from "~/lib/data-dir.server";

/**
 * PGlite has no lock of its own: a second process on the same folder sees stale
 * data and corrupts the store. We take DATA_DIR/db.lock (holding our pid) and
 * refuse a second opener. A lock left by a killed process is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another Relentless process (pid ${pid}). ` +
        `Stop that process first (for example the running server), then run this again. ` +
        `To run several processes at once, use PostgreSQL by setting DATABASE_URL.`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  ensurePrivateDir(dataDir);
  const lockPath = path.join(dataDir, "db.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
