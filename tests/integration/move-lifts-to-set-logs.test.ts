/**
 * Migration 0010 (move_lifts_to_set_logs) on data made the way the old 'Log Workout'
 * made it: a database at the schema before the migration (the migrations up to 0009
 * only), lifts written by the old form's code path as it was (and rows the columns
 * allowed beyond the form: no sets, no reps), then the rest of the migrations as the
 * server runs them at start-up. Every set, weight, reps, note and date is then in the set
 * logs, and Strength Progress shows the same lifts, best lifts and records as before.
 * On PGlite, and on PostgreSQL in the PostgreSQL pass.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, openDatabase, setDatabase, type Database } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { progressEntry } from "~/db/schema/progress";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { ensureCan } from "~/auth/session.server";
import { roundForDisplay, weightFromKg } from "~/lib/units";
import { LIFT_EXERCISES } from "~/modules/exercises/lifts";
import { exportProgressCsv } from "~/modules/progress/progress-csv.server";
import { formContextFor } from "~/modules/progress/progress-context.server";
import { getProgressOverview } from "~/modules/progress/progress-overview.server";
import { markPersonalRecords } from "~/modules/progress/progress-stats";
import { toStored } from "~/modules/progress/progress-units";
import { exercises, isExercise, workoutSchema, type Exercise } from "~/modules/progress/progress.schema";
import { estimatedOneRepMax } from "~/modules/workouts/one-rep-max";
import { DEFAULT_WEIGHT_UNIT, type WeightUnit } from "~/lib/units";
import { databaseUrl } from "../setup/database";

type Actor = { id: string; role: "member"; weightUnit: WeightUnit };
const LAST_BEFORE = "0009_training";

let testDatabase: Database;
let database: Database;
let postgresName: string | null = null;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-before-0010-"));

/** The migrations folder as it was before 0010: the SQL files and a journal ending at 0009. */
function migrationsBefore(): string {
  const source = path.resolve("drizzle");
  const journal = JSON.parse(fs.readFileSync(path.join(source, "meta/_journal.json"), "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === LAST_BEFORE);
  expect(last).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(folder, "meta"), { recursive: true });
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return folder;
}

async function openScratchDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) return openDatabase({ kind: "pglite-memory" });
  postgresName = `relentless_migration_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl(base, "postgres") });
  await admin.connect();
  await admin.query(`create database ${postgresName}`);
  await admin.end();
  return openDatabase({ kind: "postgres", url: databaseUrl(base, postgresName), max: 2 });
}

async function migrateTo(db: Database, migrationsFolder: string) {
  if (db.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(db.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db.db as never, { migrationsFolder });
  }
}

/**
 * Each old row a second after the one before: PGlite's clock counts milliseconds, and rows
 * saved in the same one would leave "newest first" to their random ids.
 */
let saved = 0;
const nextCreatedAt = () => new Date(Date.UTC(2026, 0, 1) + ++saved * 1000);

/** The old form's save, as it was before 0010 (app/modules/progress/progress-entries.server.ts). */
async function oldLogWorkout(actor: Actor, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const ctx = await formContextFor(actor);
  const w = workoutSchema(ctx).parse(input);
  const id = crypto.randomUUID();
  await getDb()
    .insert(progressEntry)
    .values({ id, userId: actor.id, kind: w.exercise, recordedOn: w.date, value: toStored(w.exercise, w.weight, ctx.unit), sets: w.sets, reps: w.reps, notes: w.notes, createdAt: nextCreatedAt() });
  return { id };
}

/** A row the columns allowed though the form never wrote it: no sets or no reps. */
async function legacyLift(userId: string, kind: Exercise, recordedOn: string, valueKg: number, sets: number | null, reps: number | null, notes = "") {
  await getDb().insert(progressEntry).values({ id: crypto.randomUUID(), userId, kind, recordedOn, value: valueKg, sets, reps, notes, createdAt: nextCreatedAt() });
}

async function member(name: string): Promise<Actor> {
  const id = crypto.randomUUID();
  await getDb().insert(user).values({ id, name, email: `${id}@example.com` });
  return { id, role: "member", weightUnit: DEFAULT_WEIGHT_UNIT };
}

let ada: Actor;
let ben: Actor;
let cy: Actor;
type OldRow = typeof progressEntry.$inferSelect;
let before: OldRow[];

beforeAll(async () => {
  testDatabase = getDatabase();
  database = await openScratchDatabase();
  setDatabase(database);
  await migrateTo(database, migrationsBefore());

  ada = await member("Ada");
  ben = await member("Ben");
  cy = await member("Cy");
  // Raw SQL: the profiles table of this older schema lacks columns added since (the ORM writes them all).
  await getDb().execute(sql`insert into profiles (user_id, weight_unit) values (${ben.id}, 'kg')`);
  ben.weightUnit = "kg";
  // Ada (lbs): the same exercise twice a day, notes, body-weight pull-ups, and her weight.
  await oldLogWorkout(ada, { exercise: "bench_press", sets: "3", reps: "5", weight: "185", date: "2024-01-08", notes: "felt strong" });
  await oldLogWorkout(ada, { exercise: "bench_press", sets: "1", reps: "3", weight: "205", date: "2024-01-08", notes: "top single-ish" });
  await oldLogWorkout(ada, { exercise: "squat", sets: "5", reps: "5", weight: "225", date: "2024-01-10" });
  await oldLogWorkout(ada, { exercise: "bench_press", sets: "3", reps: "5", weight: "195", date: "2024-01-15", notes: 'grip "wide", paused' });
  await oldLogWorkout(ada, { exercise: "pull_ups", sets: "4", reps: "8", weight: "0", date: "2024-01-17" });
  await legacyLift(ada.id, "deadlift", "2024-01-15", 142.88, null, 5, "no sets written");
  await legacyLift(ada.id, "dips", "2024-01-20", 11.34, 3, null);
  await getDb().insert(progressEntry).values({ id: crypto.randomUUID(), userId: ada.id, kind: "weight", recordedOn: "2024-01-08", value: 80.5, notes: "morning" });
  // Ben (kg).
  await oldLogWorkout(ben, { exercise: "bench_press", sets: "3", reps: "8", weight: "80", date: "2024-02-01" });
  await oldLogWorkout(ben, { exercise: "overhead_press", sets: "5", reps: "5", weight: "52.5", date: "2024-02-01", notes: "strict" });
  await oldLogWorkout(ben, { exercise: "bent_row", sets: "4", reps: "10", weight: "60", date: "2024-02-03" });
  // Cy: a squat every other day, three times the same day once, then a legacy row with neither.
  for (let i = 0; i < 8; i += 1) {
    await oldLogWorkout(cy, { exercise: "squat", sets: String(3 + (i % 3)), reps: String(5 - (i % 2)), weight: String(200 + ((i * 7) % 30)), date: `2024-03-${String(1 + i * 2).padStart(2, "0")}` });
  }
  for (const weight of ["250", "260", "240"]) await oldLogWorkout(cy, { exercise: "squat", sets: "1", reps: "2", weight, date: "2024-03-20" });
  await legacyLift(cy.id, "squat", "2024-03-22", 120, null, null);
  await oldLogWorkout(cy, { exercise: "dips", sets: "3", reps: "12", weight: "25", date: "2024-03-22" });

  before = await getDb().select().from(progressEntry).orderBy(asc(progressEntry.createdAt));
  await database.migrate();
}, 120_000);

afterAll(async () => {
  setDatabase(testDatabase);
  await database?.close();
  if (postgresName && process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: databaseUrl(process.env.DATABASE_URL, "postgres") });
    await admin.connect();
    await admin.query(`drop database if exists ${postgresName} with (force)`);
    await admin.end();
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

const oldLifts = () => before.filter((r) => isExercise(r.kind));

describe("migration 0010 moves every lift of the old form into set logs", () => {
  it("made the data it is meant to move", () => {
    expect(oldLifts()).toHaveLength(23);
    expect(oldLifts().filter((r) => r.sets === null)).toHaveLength(2);
    expect(oldLifts().filter((r) => r.reps === null)).toHaveLength(2);
  });

  it("keeps every set, weight, reps, note, date and time as a workout of its own", async () => {
    const db = getDb();
    for (const old of oldLifts()) {
      const [w] = await db.select().from(workout).where(eq(workout.id, old.id));
      expect(w, old.id).toMatchObject({ userId: old.userId, programDayId: null, performedOn: old.recordedOn, startedAt: old.createdAt, finishedAt: old.createdAt, updatedAt: old.updatedAt });
      const exercisesOf = await db.select().from(workoutExercise).where(eq(workoutExercise.workoutId, old.id));
      expect(exercisesOf).toEqual([
        expect.objectContaining({ id: old.id, exerciseId: LIFT_EXERCISES[old.kind as Exercise], position: 0, status: "done", notes: old.notes, blockId: null, createdAt: old.createdAt }),
      ]);
      const sets = await db.select().from(setLog).where(eq(setLog.workoutExerciseId, old.id)).orderBy(asc(setLog.setNumber));
      expect(sets.map((s) => [s.setNumber, s.userId, s.exerciseId, s.performedOn, s.weightKg, s.reps, s.loggedAt.getTime()])).toEqual(
        Array.from({ length: old.sets ?? 1 }, (_, i) => [i + 1, old.userId, LIFT_EXERCISES[old.kind as Exercise], old.recordedOn, old.value, old.reps, old.createdAt.getTime()]),
      );
    }
    const total = oldLifts().reduce((n, r) => n + (r.sets ?? 1), 0);
    expect(await db.select({ id: setLog.id }).from(setLog)).toHaveLength(total);
    expect(await db.select({ id: workout.id }).from(workout)).toHaveLength(oldLifts().length);
  });

  it("leaves body values in progress_entries untouched and no lift behind", async () => {
    const after = await getDb().select().from(progressEntry).orderBy(asc(progressEntry.createdAt));
    expect(after).toEqual(before.filter((r) => !isExercise(r.kind)));
    expect(await getDb().select().from(progressEntry).where(inArray(progressEntry.kind, [...exercises]))).toEqual([]);
  });

  it("shows Ada's Strength Progress as before: entries, best lifts per day and records", async () => {
    const overview = await getProgressOverview(ada, { range: "all" });
    const bench = overview.lifts.find((l) => l.exercise === "bench_press")!;
    expect(bench.entries.map((e) => [e.recordedOn, e.sets, e.reps, e.value, e.estimatedMax, e.notes])).toEqual([
      ["2024-01-15", 3, 5, 195, 227.5, 'grip "wide", paused'],
      ["2024-01-08", 1, 3, 205, 225.5, "top single-ish"],
      ["2024-01-08", 3, 5, 185, 215.8, "felt strong"],
    ]);
    expect(overview.lifts.find((l) => l.exercise === "deadlift")!.entries[0]).toMatchObject({ sets: 1, reps: 5, value: 315, estimatedMax: 367.5, notes: "no sets written" });
    expect(overview.lifts.find((l) => l.exercise === "dips")!.entries[0]).toMatchObject({ sets: 3, reps: null, value: 25, estimatedMax: null });
    const chart = overview.charts.lifts.find((s) => s.kind === "bench_press")!;
    expect(chart.points.map((p) => [p.date, p.value, p.weight, p.reps, p.pr])).toEqual([
      ["2024-01-08", 225.5, 205, 3, false],
      ["2024-01-15", 227.5, 195, 5, true],
    ]);
    expect(overview.charts.lifts.map((s) => s.kind)).toEqual(["bench_press", "squat", "deadlift", "pull_ups", "dips"]);
    expect(overview.body.weight.map((e) => [e.recordedOn, e.notes])).toEqual([["2024-01-08", "morning"]]);
  });

  it("shows every member's lifts, best lift per day and records as the old rows give them", async () => {
    for (const actor of [ada, ben, cy]) {
      const overview = await getProgressOverview(actor, { range: "all" });
      const unit = overview.unit;
      const rows = oldLifts().filter((r) => r.userId === actor.id);
      for (const kind of exercises) {
        const mine = rows.filter((r) => r.kind === kind);
        // The card: the newest 4 entries, newest first, each the old entry (no sets recorded: one set).
        const newest = [...mine].sort((x, y) => (x.recordedOn === y.recordedOn ? y.createdAt.getTime() - x.createdAt.getTime() : x.recordedOn < y.recordedOn ? 1 : -1)).slice(0, 4);
        const card = overview.lifts.find((l) => l.exercise === kind);
        expect(card?.entries ?? [], `${actor.id} ${kind}`).toEqual(
          newest.map((r) =>
            expect.objectContaining({ id: r.id, recordedOn: r.recordedOn, value: roundForDisplay(weightFromKg(r.value, unit)), sets: r.sets ?? 1, reps: r.reps, notes: r.notes }),
          ),
        );
        // The chart: each day's best estimate, and a record where it beats every earlier day.
        const days = [...new Set(mine.map((r) => r.recordedOn))].sort();
        const best = days.map((d) => Math.max(...mine.filter((r) => r.recordedOn === d).map((r) => estimatedOneRepMax(r.value, r.reps ?? 1))));
        const series = overview.charts.lifts.find((s) => s.kind === kind);
        expect(series?.points.map((p) => [p.date, p.value, p.pr]) ?? [], `${actor.id} ${kind}`).toEqual(
          days.map((d, i) => [d, roundForDisplay(weightFromKg(best[i]!, unit)), markPersonalRecords(best, null)[i]]),
        );
      }
    }
  });

  it("exports one Workout row per old entry to CSV, with the same columns", async () => {
    const lines = (await exportProgressCsv(cy)).split("\r\n");
    const workouts = lines.filter((l) => l.startsWith("Workout,"));
    expect(workouts).toHaveLength(oldLifts().filter((r) => r.userId === cy.id).length);
    expect(workouts).toContain("Workout,2024-03-22,Squat,264.6,lbs,1,,,,,");
    expect(workouts).toContain("Workout,2024-03-22,Dips,25,lbs,3,12,,,,");
    expect(workouts.filter((l) => l.startsWith("Workout,2024-03-20,Squat,"))).toEqual([
      "Workout,2024-03-20,Squat,240,lbs,1,2,,,,",
      "Workout,2024-03-20,Squat,260,lbs,1,2,,,,",
      "Workout,2024-03-20,Squat,250,lbs,1,2,,,,",
    ]);
  });
});
