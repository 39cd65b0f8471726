/**
 * The lock that keeps a second process off a PGlite DATA_DIR. It opens PGlite itself, in
 * a DATA_DIR of its own, whatever database the suite runs on.
 * @test-database pglite
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client.server";
import { seedDataDirFromTemplate } from "../../tests/support/migrated-database";
import { acquireDataDirLock, DataDirLockedError } from "./lock.server";

/** The pid of a process that has exited (the kernel does not reuse it this quickly). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  expect(child.pid).toBeGreaterThan(0);
  return child.pid!;
}

let dataDir: string;
const lockFile = () => path.join(dataDir, "db.lock");
const opened: Database[] = [];

async function open(): Promise<Database> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  opened.push(database);
  return database;
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-lock-"));
  // A migrated database already (what is tested is the lock, not initdb, which costs seconds).
  seedDataDirFromTemplate(dataDir);
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the PGlite data-dir lock", { timeout: 60_000 }, () => {
  it("refuses a second opener while the first is open, with a clear message", async () => {
    const first = await open();
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));

    const second = openDatabase({ kind: "pglite", dataDir });
    await expect(second).rejects.toThrow(DataDirLockedError);
    const error = (await second.catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(dataDir);
    expect(error.message).toContain("in use by another Relentless process");
    expect(error.message).toContain(`pid ${process.pid}`);
    expect(error.message).toContain("DATABASE_URL");

    // The refused opener leaves the holder's lock and database alone.
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    expect(await first.ping()).toBe(true);
  });

  it("opens again after the first one closed, and keeps the data", async () => {
    const first = await open();
    await first.db.execute(sql`create table if not exists lock_probe (n int)`);
    await first.db.execute(sql`insert into lock_probe values (42)`);
    await first.close();
    expect(fs.existsSync(lockFile())).toBe(false);

    const again = await open();
    const result = await again.db.execute<{ n: number }>(sql`select n from lock_probe`);
    expect((result as unknown as { rows: Array<{ n: number }> }).rows).toEqual([{ n: 42 }]);
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
  });

  it("takes over a stale lock left by a process that no longer runs", async () => {
    const pid = deadPid();
    fs.writeFileSync(lockFile(), String(pid));
    // A killed PGlite also leaves its postmaster.pid behind.
    fs.mkdirSync(path.join(dataDir, "db"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "db", "postmaster.pid"), `${pid}\n`);

    const database = await open();
    expect(await database.ping()).toBe(true);
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
  });

  it("takes over an unreadable lock file", () => {
    fs.writeFileSync(lockFile(), "garbage");
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    release();
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it("does not take over a lock held by a live process", () => {
    const other = process.ppid;
    fs.writeFileSync(lockFile(), String(other));
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dataDir)).toThrow(`pid ${other}`);
      expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(other));
    } finally {
      fs.rmSync(lockFile(), { force: true });
    }
  });
});
