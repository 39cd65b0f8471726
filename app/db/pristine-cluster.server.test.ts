/**
 * A new DATA_DIR's database starts as a copy of the pristine cluster (decision 0185). PGlite
 * on disk, whatever database the suite runs on.
 * @test-database pglite
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";
import { seedNewDataDir } from "./pristine-cluster.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-pristine-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The cluster's identifier: initdb draws a new one each time, a copy keeps it. */
async function systemIdentifier(dataDir: string): Promise<string> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const result = await database.db.execute(sql`select system_identifier::text as id from pg_control_system()`);
    return (result as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
  } finally {
    await database.close();
  }
}

describe("a new embedded database", () => {
  it("is a copy of one pristine cluster: two new DATA_DIRs share its identifier, and each is a database of its own", async () => {
    const first = await systemIdentifier(path.join(root, "first"));
    const second = await systemIdentifier(path.join(root, "second"));
    expect(second).toBe(first);
    // A table made in one is not in the other.
    const one = await openDatabase({ kind: "pglite", dataDir: path.join(root, "first") });
    await one.db.execute(sql`create table only_here (id int)`);
    await one.close();
    const other = await openDatabase({ kind: "pglite", dataDir: path.join(root, "second") });
    const found = await other.db.execute(sql`select to_regclass('only_here')::text as t`);
    expect((found as unknown as { rows: unknown[] }).rows).toEqual([{ t: null }]);
    await other.close();
  });

  it("is left to PGlite's own initdb when the pristine cluster cannot be kept: the folder stays empty, and nothing throws", async () => {
    const blocked = path.join(root, "a-file");
    fs.writeFileSync(blocked, "");
    const dir = path.join(root, "in-place", "db");
    fs.mkdirSync(dir, { recursive: true });
    await seedNewDataDir(dir, {}, path.join(blocked, "pristine"));
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
