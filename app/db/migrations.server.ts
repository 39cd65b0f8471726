/**
 * The migration level of a database: how many of the committed migrations (drizzle/,
 * applied in order) it has. Backups record it, and a restore builds the target's schema
 * by the same migrations up to that level before it loads the rows (decision 0074).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client.server";

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

interface Journal {
  entries: Array<{ idx: number; tag: string; when: number }>;
}

function readJournal(): Journal {
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
}

/** How many migrations this release has. */
export function releaseMigrationLevel(): number {
  return readJournal().entries.length;
}

/** How many migrations the database has applied (0 for an empty database). */
export async function appliedMigrationLevel(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select count(*) from drizzle.__drizzle_migrations) end::int as level`,
  )) as unknown as { rows: Array<{ level: number }> };
  return Number(result.rows[0]?.level ?? 0);
}

/**
 * A copy of the migrations folder whose journal ends after the first `level` migrations
 * (drizzle's migrator applies what its journal lists). The caller removes it.
 */
export function migrationsFolderUpTo(level: number): string {
  const journal = readJournal();
  const entries = journal.entries.slice(0, level);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}
