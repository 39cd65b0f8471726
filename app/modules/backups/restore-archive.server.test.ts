// @test-database pglite
/**
 * An archive from an older release: its rows are loaded at its own migration level, then
 * this release's later migrations run over them (decision 0074): a lift logged before
 * migration 0010 (move_lifts_to_set_logs) ends up as that migration moves it, in the set
 * logs. In process, on two embedded databases of its own (what it checks does not depend
 * on the database kind).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { appliedMigrationLevel, releaseMigrationLevel } from "~/db/migrations.server";
import { LocalFileStorage } from "~/lib/storage.server";
import { openVerifiedArchive } from "./read-archive.server";
import { restoreArchive } from "./restore-archive.server";
import { writeBackup } from "./write-backup.server";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-older-archive-"));
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The level of a database made before migration 0010: the migrations up to 0009_training. */
function levelBefore0010(): number {
  const journal = JSON.parse(fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  return journal.entries.findIndex((entry) => entry.tag === "0009_training") + 1;
}

it("restores an archive made by an older release at its own level, then applies the later migrations to its rows", async () => {
  const older = levelBefore0010();
  expect(older).toBe(10);
  const source = await openDatabase({ kind: "pglite", dataDir: path.join(scratch, "source") });
  opened.push(source);
  await source.migrate({ upTo: older });
  await source.db.execute(sql`insert into users (id, name, email, role) values ('older-1', 'Older Member', 'older@archive.test', 'member')`);
  await source.db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value, sets, reps, notes)
    values ('older-lift', 'older-1', 'bench_press', date '2025-05-01', 100, 3, 5, 'Old form'), ('older-weight', 'older-1', 'weight', date '2025-05-01', 80, null, null, '')`);
  const uploads = new LocalFileStorage(path.join(scratch, "source-uploads"));
  await uploads.put("images/oldoldoldoldoldoldold1/480.webp", Buffer.from("image bytes"), "image/webp");
  const out = path.join(scratch, "older.zip");
  const { manifest } = await writeBackup({ database: source, storage: uploads }, out);
  expect(manifest.migrationLevel).toBe(older);

  const target = await openDatabase({ kind: "pglite", dataDir: path.join(scratch, "target") });
  opened.push(target);
  const archive = await openVerifiedArchive(out);
  try {
    await restoreArchive(archive, { database: target, storage: new LocalFileStorage(path.join(scratch, "target-uploads")) });
  } finally {
    archive.close();
  }
  expect(await appliedMigrationLevel(target.db)).toBe(releaseMigrationLevel());
  expect(await rows(target, sql`select id, email from users`)).toEqual([{ id: "older-1", email: "older@archive.test" }]);
  // Migration 0010 ran over the restored rows: the lift is a workout of three sets now, the weight stays.
  expect(await rows(target, sql`select id from progress_entries`)).toEqual([{ id: "older-weight" }]);
  expect(await rows(target, sql`select count(*)::int as sets from set_logs s join workout_exercises e on e.id = s.workout_exercise_id where e.workout_id = 'older-lift'`)).toEqual([{ sets: 3 }]);
  expect(fs.readFileSync(path.join(scratch, "target-uploads/images/oldoldoldoldoldoldold1/480.webp"), "utf8")).toBe("image bytes");
}, 120_000);
