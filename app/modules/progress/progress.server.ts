import crypto from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { type z } from "zod";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { fieldErrors } from "~/lib/form";
import { parseSearchParams } from "~/lib/search-params";
import { addDays, todayIn } from "~/lib/time-zone";
import type { Toast } from "~/lib/toast";
import { lengthFromCm, lengthToCm, lengthUnitFor, roundForDisplay, weightFromKg, weightToKg, type WeightUnit } from "~/lib/units";
import { getSiteSettings } from "~/modules/settings/settings.server";
import {
  progressIntents,
  type ChartSeries,
  type EntryView,
  type GoalView,
  type ProgressActionResult,
  type ProgressIntent,
  type ProgressOverview,
  type ProgressSnapshot,
  type ShownUnit,
  type SnapshotValue,
  type StaffProgressView,
} from "./progress-types";
import {
  bodyCompositionSchema,
  bodyKinds,
  entryEditSchema,
  estimatedOneRepMax,
  exercises,
  goalSchema,
  goalStatusLabels,
  isBodyKind,
  isExercise,
  isMeasurementSite,
  kindLabels,
  measurementSites,
  measurementsSchema,
  parseRange,
  progressQuery,
  unitSchema,
  workoutSchema,
  type BodyKind,
  type EntryKind,
  type Exercise,
  type FormContext,
  type ProgressRange,
} from "./progress.schema";

/**
 * Progress tracking. Every query here is scoped by the acting user's id (or, for
 * staff, by a member id after the permission check): there is no function that lets
 * a caller pick whose entries a member reads or writes. Values are stored in kg, cm
 * and %, and converted to the member's unit on the way in and out.
 */

type Actor = Pick<SessionUser, "id" | "role">;

export type ProgressFailure = { ok: false; status: 400 | 404; message: string; fieldErrors?: Record<string, string> };
export type ProgressResult = { ok: true; id: string } | ProgressFailure;

const allKinds: readonly EntryKind[] = [...bodyKinds, ...measurementSites, ...exercises];
const bodyUpdateKinds: readonly EntryKind[] = [...bodyKinds, ...measurementSites];
/** Always shown in Strength Progress, as the spec's card has them. */
const alwaysShownLifts: readonly Exercise[] = ["bench_press", "squat"];
export const HISTORY_LENGTH = 4;
export const MOVING_AVERAGE_WINDOW = 7;
export const SNAPSHOT_GOALS = 2;

const ENTRY_NOT_FOUND = "Entry not found";
const GOAL_NOT_FOUND = "Goal not found";

// ---------------------------------------------------------------------------
// Units and context


function unitOf(kind: EntryKind, unit: WeightUnit): ShownUnit {
  if (kind === "body_fat") return "%";
  if (isMeasurementSite(kind)) return lengthUnitFor(unit);
  return unit;
}

/** A typed value (member's unit) in the stored unit (kg, cm or %). */
function toStored(kind: EntryKind, value: number, unit: WeightUnit): number {
  if (kind === "body_fat") return value;
  if (isMeasurementSite(kind)) return lengthToCm(value, lengthUnitFor(unit));
  return weightToKg(value, unit);
}

/** A stored value in the member's unit, rounded as shown. */
function toShown(kind: EntryKind, stored: number, unit: WeightUnit): number {
  if (kind === "body_fat") return roundForDisplay(stored);
  if (isMeasurementSite(kind)) return roundForDisplay(lengthFromCm(stored, lengthUnitFor(unit)));
  return roundForDisplay(weightFromKg(stored, unit));
}

async function weightUnitOf(userId: string): Promise<WeightUnit> {
  const [row] = await getDb().select({ unit: profile.weightUnit }).from(profile).where(eq(profile.userId, userId));
  // No profile row yet: the default, pounds.
  return row?.unit ?? "lbs";
}

async function todayForSite(): Promise<string> {
  return todayIn((await getSiteSettings()).timeZone);
}

async function formContextFor(userId: string): Promise<FormContext> {
  const [unit, today] = await Promise.all([weightUnitOf(userId), todayForSite()]);
  return { unit, today };
}

function invalid(error: z.ZodError): ProgressFailure {
  const errors = fieldErrors<string>(error) as Record<string, string>;
  return { ok: false, status: 400, message: error.issues[0]?.message ?? "Please check the form", fieldErrors: errors };
}

const notFound = (message: string): ProgressFailure => ({ ok: false, status: 404, message });

function asId(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}

// ---------------------------------------------------------------------------
// Writes: always the acting user's own rows

/** Log Progress: one weight, body fat or muscle mass value. */
export async function logBodyComposition(actor: Actor, input: unknown): Promise<ProgressResult> {
  ensureCan(actor, "memberArea", "view");
  const ctx = await formContextFor(actor.id);
  const parsed = bodyCompositionSchema(ctx).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { type, value, date, notes } = parsed.data;
  const id = crypto.randomUUID();
  await getDb()
    .insert(progressEntry)
    .values({ id, userId: actor.id, kind: type, recordedOn: date, value: toStored(type, value, ctx.unit), notes });
  return { ok: true, id };
}

/** Add Measurement: one row per site given, all with the same date and notes. */
export async function logMeasurements(actor: Actor, input: unknown): Promise<ProgressResult> {
  ensureCan(actor, "memberArea", "view");
  const ctx = await formContextFor(actor.id);
  const parsed = measurementsSchema(ctx).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const m = parsed.data;
  const rows = measurementSites
    .filter((site) => m[site] !== undefined)
    .map((site) => ({
      id: crypto.randomUUID(),
      userId: actor.id,
      kind: site,
      recordedOn: m.date,
      value: toStored(site, m[site]!, ctx.unit),
      notes: m.notes,
    }));
  await getDb().insert(progressEntry).values(rows);
  return { ok: true, id: rows[0]!.id };
}

/** Log Workout: one lift with sets, reps and weight. */
export async function logWorkout(actor: Actor, input: unknown): Promise<ProgressResult> {
  ensureCan(actor, "memberArea", "view");
  const ctx = await formContextFor(actor.id);
  const parsed = workoutSchema(ctx).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const w = parsed.data;
  const id = crypto.randomUUID();
  await getDb()
    .insert(progressEntry)
    .values({ id, userId: actor.id, kind: w.exercise, recordedOn: w.date, value: toStored(w.exercise, w.weight, ctx.unit), sets: w.sets, reps: w.reps, notes: w.notes });
  return { ok: true, id };
}

/** Edits the value, date and notes (and sets and reps of a lift) of one of the actor's entries. */
export async function updateEntry(actor: Actor, id: unknown, input: unknown): Promise<ProgressResult> {
  ensureCan(actor, "memberArea", "view");
  const entryId = asId(id);
  if (!entryId) return notFound(ENTRY_NOT_FOUND);
  const db = getDb();
  const [existing] = await db
    .select({ kind: progressEntry.kind })
    .from(progressEntry)
    .where(and(eq(progressEntry.id, entryId), eq(progressEntry.userId, actor.id)));
  if (!existing || !allKinds.includes(existing.kind as EntryKind)) return notFound(ENTRY_NOT_FOUND);
  const kind = existing.kind as EntryKind;
  const ctx = await formContextFor(actor.id);
  const parsed = entryEditSchema(kind, ctx).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const e = parsed.data;
  const updated = await db
    .update(progressEntry)
    .set({
      value: toStored(kind, e.value, ctx.unit),
      recordedOn: e.date,
      notes: e.notes,
      ...(isExercise(kind) ? { sets: e.sets, reps: e.reps } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(progressEntry.id, entryId), eq(progressEntry.userId, actor.id)))
    .returning({ id: progressEntry.id });
  return updated.length ? { ok: true, id: entryId } : notFound(ENTRY_NOT_FOUND);
}

export async function deleteEntry(actor: Actor, id: unknown): Promise<ProgressResult> {
  ensureCan(actor, "memberArea", "view");
  const entryId = asId(id);
  if (!entryId) return notFound(ENTRY_NOT_FOUND);
  const deleted = await getDb()
    .delete(progressEntry)
    .where(and(eq(progressEntry.id, entryId), eq(progressEntry.userId, actor.id)))
    .returning({ id: progressEntry.id });
  return deleted.length ? { ok: true, id: entryId } : notFound(ENTRY_NOT_FOUND);
}

/** Set Goal. A goal created as completed is completed now. */
export async function setGoal(actor: Actor, input: unknown): Promise<ProgressResult> {
  ensureCan(actor, "memberArea", "view");
  const parsed = goalSchema({ today: await todayForSite() }).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const g = parsed.data;
  const id = crypto.randomUUID();
  await getDb()
    .insert(fitnessGoal)
    .values({
      id,
      userId: actor.id,
      title: g.title,
      description: g.description,
      targetDate: g.targetDate,
      status: g.status,
      completedAt: g.status === "completed" ? new Date() : null,
    });
  return { ok: true, id };
}

/**
 * Updates a goal: fields left out keep their value (a status change alone is an
 * update). Completing sets completedAt; leaving 'completed' clears it. A target date
 * already in the past may be kept, but not newly set.
 */
export async function updateGoal(actor: Actor, id: unknown, input: unknown): Promise<ProgressResult> {
  ensureCan(actor, "memberArea", "view");
  const goalId = asId(id);
  if (!goalId) return notFound(GOAL_NOT_FOUND);
  const db = getDb();
  const [existing] = await db
    .select()
    .from(fitnessGoal)
    .where(and(eq(fitnessGoal.id, goalId), eq(fitnessGoal.userId, actor.id)));
  if (!existing) return notFound(GOAL_NOT_FOUND);
  const given = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const merged = {
    title: given.title ?? existing.title,
    description: given.description ?? existing.description,
    targetDate: given.targetDate ?? existing.targetDate ?? "",
    status: given.status ?? existing.status,
  };
  const parsed = goalSchema({ today: await todayForSite(), keepTargetDate: existing.targetDate }).safeParse(merged);
  if (!parsed.success) return invalid(parsed.error);
  const g = parsed.data;
  const completedAt = g.status !== "completed" ? null : existing.status === "completed" ? existing.completedAt : new Date();
  await db
    .update(fitnessGoal)
    .set({ title: g.title, description: g.description, targetDate: g.targetDate, status: g.status, completedAt, updatedAt: new Date() })
    .where(and(eq(fitnessGoal.id, goalId), eq(fitnessGoal.userId, actor.id)));
  return { ok: true, id: goalId };
}

export async function deleteGoal(actor: Actor, id: unknown): Promise<ProgressResult> {
  ensureCan(actor, "memberArea", "view");
  const goalId = asId(id);
  if (!goalId) return notFound(GOAL_NOT_FOUND);
  const deleted = await getDb()
    .delete(fitnessGoal)
    .where(and(eq(fitnessGoal.id, goalId), eq(fitnessGoal.userId, actor.id)))
    .returning({ id: fitnessGoal.id });
  return deleted.length ? { ok: true, id: goalId } : notFound(GOAL_NOT_FOUND);
}

/** The member's unit preference. Storage is canonical, so nothing else changes. */
export async function setWeightUnit(actor: Actor, input: unknown): Promise<ProgressResult> {
  ensureCan(actor, "profile", "update");
  const parsed = unitSchema.safeParse(typeof input === "string" ? { unit: input } : input);
  if (!parsed.success) return invalid(parsed.error);
  const now = new Date();
  await getDb()
    .insert(profile)
    .values({ userId: actor.id, weightUnit: parsed.data.unit, updatedAt: now })
    .onConflictDoUpdate({ target: profile.userId, set: { weightUnit: parsed.data.unit, updatedAt: now } });
  return { ok: true, id: actor.id };
}

// ---------------------------------------------------------------------------
// Reads. The queries are exported (as builders) only so a test can EXPLAIN the exact
// SQL the overview runs.

/** The newest `limit` entries of each kind: one index range scan per kind. */
export function latestEntriesQuery(userId: string, kinds: readonly EntryKind[], limit: number): SQL {
  const list = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`select e.id, e.kind, e.recorded_on::text as "recordedOn", e.value, e.sets, e.reps, e.notes
    from unnest(array[${list}]::text[]) as k(kind)
    cross join lateral (
      select p.id, p.kind, p.recorded_on, p.value, p.sets, p.reps, p.notes, p.created_at
      from ${progressEntry} p
      where p.user_id = ${userId} and p.kind = k.kind
      -- 'nulls last' as the index is written (the columns are never null), so the
      -- planner reads the newest rows straight from the index and stops at the limit.
      order by p.recorded_on desc nulls last, p.created_at desc nulls last
      limit ${limit}
    ) e`;
}

/** Every entry of the kinds from a date on (or ever), oldest first: the charts. */
export function seriesQuery(userId: string, kinds: readonly EntryKind[], from: string | null) {
  return getDb()
    .select({ kind: progressEntry.kind, recordedOn: progressEntry.recordedOn, value: progressEntry.value, reps: progressEntry.reps })
    .from(progressEntry)
    .where(and(eq(progressEntry.userId, userId), inArray(progressEntry.kind, [...kinds]), from ? gte(progressEntry.recordedOn, from) : undefined))
    // Oldest first is the index read backwards: 'nulls first' mirrors its 'desc nulls last'.
    .orderBy(asc(progressEntry.kind), sql`${progressEntry.recordedOn} asc nulls first`, sql`${progressEntry.createdAt} asc nulls first`);
}

/** Each lift's best estimated one-rep max before a date: personal records are records over all time. */
export function priorBestQuery(userId: string, before: string) {
  return getDb()
    .select({ kind: progressEntry.kind, best: sql<number>`max(${progressEntry.value} * (1 + ${progressEntry.reps}::float8 / 30))`.mapWith(Number) })
    .from(progressEntry)
    .where(and(eq(progressEntry.userId, userId), inArray(progressEntry.kind, [...exercises]), lt(progressEntry.recordedOn, before)))
    .groupBy(progressEntry.kind);
}

/** The goals, open ones first, newest first. */
export function goalsQuery(userId: string) {
  return getDb()
    .select()
    .from(fitnessGoal)
    .where(eq(fitnessGoal.userId, userId))
    .orderBy(sql`(${fitnessGoal.status} = 'completed')`, desc(fitnessGoal.createdAt));
}

interface RawEntry {
  id: string;
  kind: string;
  recordedOn: string;
  value: number;
  sets: number | null;
  reps: number | null;
  notes: string;
}

async function latestEntries(userId: string, kinds: readonly EntryKind[], limit: number): Promise<RawEntry[]> {
  const result = await getDb().execute(latestEntriesQuery(userId, kinds, limit));
  return (result as unknown as { rows: RawEntry[] }).rows.map((r) => ({ ...r, value: Number(r.value) }));
}

export function rangeStart(range: ProgressRange, today: string): string | null {
  if (range === "4w") return addDays(today, -28);
  if (range === "3m") return shiftMonths(today, -3);
  if (range === "1y") return shiftMonths(today, -12);
  return null;
}

function shiftMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  // 31 May minus 3 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}


function toEntryViews(raw: RawEntry[], kind: EntryKind, unit: WeightUnit): EntryView[] {
  const shown = raw.map((r) => toShown(kind, r.value, unit));
  return raw.slice(0, HISTORY_LENGTH).map((r, i) => {
    const previous = shown[i + 1];
    const difference = previous === undefined ? null : roundForDisplay(shown[i]! - previous);
    return {
      id: r.id,
      kind,
      label: kindLabels[kind],
      recordedOn: r.recordedOn,
      value: shown[i]!,
      unit: unitOf(kind, unit),
      notes: r.notes,
      difference,
      direction: difference === null ? null : difference > 0 ? "up" : difference < 0 ? "down" : "same",
      sets: r.sets,
      reps: r.reps,
      estimatedMax: isExercise(kind) && r.reps ? roundForDisplay(weightFromKg(estimatedOneRepMax(r.value, r.reps), unit)) : null,
    };
  });
}

function toGoalView(g: typeof fitnessGoal.$inferSelect): GoalView {
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    targetDate: g.targetDate,
    status: g.status,
    statusLabel: goalStatusLabels[g.status],
    completedOn: g.completedAt ? g.completedAt.toISOString().slice(0, 10) : null,
  };
}

/** Trailing mean over up to `window` values (fewer at the start). */
export function movingAverage(values: readonly number[], window = MOVING_AVERAGE_WINDOW): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i]!;
    if (i >= window) sum -= values[i - window]!;
    out.push(sum / Math.min(i + 1, window));
  }
  return out;
}

/**
 * Marks the sets whose estimated one-rep max beats every earlier one. The first set
 * ever logged sets the baseline and is not a record; a set of 0 added weight never is.
 */
export function markPersonalRecords(estimates: readonly number[], priorBest: number | null): boolean[] {
  let best = priorBest;
  return estimates.map((e) => {
    const isRecord = best !== null && e > best + 1e-9 && e > 0;
    if (best === null || e > best) best = e;
    return isRecord;
  });
}

function groupByKind<T extends { kind: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.kind);
    if (list) list.push(r);
    else out.set(r.kind, [r]);
  }
  return out;
}

async function buildOverview(userId: string, range: ProgressRange): Promise<ProgressOverview> {
  const [unit, today] = await Promise.all([weightUnitOf(userId), todayForSite()]);
  const from = rangeStart(range, today);
  const [goals, latest, series, prior] = await Promise.all([
    goalsQuery(userId),
    latestEntries(userId, allKinds, HISTORY_LENGTH + 1),
    seriesQuery(userId, allKinds, from),
    from ? priorBestQuery(userId, from) : Promise.resolve([]),
  ]);

  const latestBy = groupByKind(latest);
  const viewsOf = (kind: EntryKind) => toEntryViews(latestBy.get(kind) ?? [], kind, unit);

  const seriesBy = groupByKind(series);
  const priorBy = new Map(prior.map((p) => [p.kind, p.best]));

  const bodyCharts: ChartSeries[] = bodyKinds.map((kind) => {
    const rows = seriesBy.get(kind) ?? [];
    const values = rows.map((r) => toShown(kind, r.value, unit));
    const averages = movingAverage(values);
    return {
      kind,
      label: kindLabels[kind],
      unit: unitOf(kind, unit),
      points: rows.map((r, i) => ({ date: r.recordedOn, value: values[i]!, average: roundForDisplay(averages[i]!) })),
    };
  });

  const measurementCharts: ChartSeries[] = measurementSites.map((site) => ({
    kind: site,
    label: kindLabels[site],
    unit: unitOf(site, unit),
    points: (seriesBy.get(site) ?? []).map((r) => ({ date: r.recordedOn, value: toShown(site, r.value, unit) })),
  }));

  const liftCharts: ChartSeries[] = exercises
    .filter((ex) => (seriesBy.get(ex) ?? []).length > 0)
    .map((ex) => {
      const rows = seriesBy.get(ex)!;
      const estimates = rows.map((r) => estimatedOneRepMax(r.value, r.reps ?? 1));
      const records = markPersonalRecords(estimates, priorBy.get(ex) ?? null);
      return {
        kind: ex,
        label: kindLabels[ex],
        unit,
        points: rows.map((r, i) => ({
          date: r.recordedOn,
          value: roundForDisplay(weightFromKg(estimates[i]!, unit)),
          weight: toShown(ex, r.value, unit),
          reps: r.reps ?? undefined,
          pr: records[i]!,
        })),
      };
    });

  return {
    unit,
    lengthUnit: lengthUnitFor(unit),
    range,
    today,
    goals: goals.map(toGoalView),
    body: { weight: viewsOf("weight"), body_fat: viewsOf("body_fat"), muscle_mass: viewsOf("muscle_mass") },
    measurements: measurementSites.map((site) => {
      const history = viewsOf(site);
      return { site, label: kindLabels[site], latest: history[0] ?? null, history };
    }),
    lifts: exercises
      .filter((ex) => alwaysShownLifts.includes(ex) || latestBy.has(ex))
      .map((ex) => ({ exercise: ex, label: kindLabels[ex], entries: viewsOf(ex) })),
    charts: { body: bodyCharts, measurements: measurementCharts, lifts: liftCharts },
  };
}

/** Everything the Progress section shows, in the acting member's unit. */
export async function getProgressOverview(actor: Actor, options: { range?: ProgressRange | string | null } = {}): Promise<ProgressOverview> {
  ensureCan(actor, "memberArea", "view");
  return buildOverview(actor.id, parseRange(options.range));
}


/** A member's progress, read-only, for trainers and administrators; null when there is no such user. */
export async function getMemberProgressForStaff(
  actor: Actor,
  memberId: string,
  options: { range?: ProgressRange | string | null } = {},
): Promise<StaffProgressView | null> {
  ensureCan(actor, "memberProgress", "viewAny");
  const [member] = await getDb().select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, memberId));
  if (!member) return null;
  return { member, overview: await buildOverview(member.id, parseRange(options.range)) };
}


/** The dashboard's Progress Snapshot and the Recent Activity figures. */
export async function getProgressSnapshot(actor: Actor): Promise<ProgressSnapshot> {
  ensureCan(actor, "memberArea", "view");
  const db = getDb();
  // The newest entry of each body kind and site: the values and the last update date at once.
  const [unit, latest, goals, [active]] = await Promise.all([
    weightUnitOf(actor.id),
    latestEntries(actor.id, bodyUpdateKinds, 1),
    goalsQuery(actor.id).limit(SNAPSHOT_GOALS),
    db
      .select({ n: count() })
      .from(fitnessGoal)
      .where(and(eq(fitnessGoal.userId, actor.id), ne(fitnessGoal.status, "completed"))),
  ]);
  const lastBodyUpdate = latest.reduce<string | null>((newest, r) => (newest === null || r.recordedOn > newest ? r.recordedOn : newest), null);
  const valueOf = (kind: BodyKind): SnapshotValue | null => {
    const row = latest.find((r) => r.kind === kind);
    return row ? { value: toShown(kind, row.value, unit), unit: unitOf(kind, unit), recordedOn: row.recordedOn } : null;
  };
  return {
    unit,
    weight: valueOf("weight"),
    bodyFat: valueOf("body_fat"),
    muscleMass: valueOf("muscle_mass"),
    goals: goals.map(toGoalView),
    activeGoals: active?.n ?? 0,
    lastBodyUpdate,
  };
}

// ---------------------------------------------------------------------------
// CSV export

/** Spreadsheets run a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula starts neutralised with an apostrophe, then RFC 4180 quoting. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = ["Record", "Date", "Item", "Value", "Unit", "Sets", "Reps", "Notes", "Status", "Target date", "Completed on"];

function recordOf(kind: EntryKind): string {
  if (isBodyKind(kind)) return "Body composition";
  if (isMeasurementSite(kind)) return "Measurement";
  return "Workout";
}

/** All of the acting member's entries and goals as CSV, values in their unit. */
export async function exportProgressCsv(actor: Actor): Promise<string> {
  ensureCan(actor, "memberArea", "view");
  const db = getDb();
  const [unit, entries, goals] = await Promise.all([
    weightUnitOf(actor.id),
    db
      .select()
      .from(progressEntry)
      .where(eq(progressEntry.userId, actor.id))
      .orderBy(desc(progressEntry.recordedOn), desc(progressEntry.createdAt)),
    goalsQuery(actor.id),
  ]);
  const lines: string[] = [CSV_HEADER.map(csvCell).join(",")];
  for (const e of entries) {
    if (!allKinds.includes(e.kind as EntryKind)) continue;
    const kind = e.kind as EntryKind;
    lines.push(
      [recordOf(kind), e.recordedOn, kindLabels[kind], toShown(kind, e.value, unit), unitOf(kind, unit), e.sets, e.reps, e.notes, null, null, null]
        .map(csvCell)
        .join(","),
    );
  }
  for (const g of goals.map(toGoalView)) {
    lines.push(["Goal", null, g.title, null, null, null, null, g.description, g.statusLabel, g.targetDate, g.completedOn].map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The download response for 'Export CSV' (a route returns it as is). */
export async function progressCsvResponse(actor: Actor): Promise<Response> {
  const body = await exportProgressCsv(actor);
  const today = await todayForSite();
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="progress-${today}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}

// ---------------------------------------------------------------------------
// What the members route calls


const SAVED: Toast = { type: "success", title: "Progress saved", description: "Your data has been recorded successfully." };

function successToast(intent: ProgressIntent, input: Record<string, unknown>): Toast {
  if (intent === "delete-entry") return { type: "success", title: "Entry deleted", description: "The entry has been removed from your progress." };
  if (intent === "delete-goal") return { type: "success", title: "Goal deleted", description: "The goal has been removed." };
  if (intent === "set-unit") return { type: "success", title: "Units updated", description: `Your progress is now shown in ${input.unit === "kg" ? "kg and cm" : "lbs and inches"}.` };
  return SAVED;
}

/** The loader side of /members?tab=progress: the overview for the range in the URL. */
export async function loadProgressSection(actor: Actor, url: URL | string): Promise<ProgressOverview> {
  return getProgressOverview(actor, parseSearchParams(url, progressQuery));
}

/**
 * The action side: dispatches by `intent`. Bad input is a result (400 or 404 with the
 * message and field messages), never a throw, and changes nothing.
 */
export async function handleProgressAction(actor: Actor, form: FormData | Record<string, unknown>): Promise<ProgressActionResult> {
  const input: Record<string, unknown> = form instanceof FormData ? Object.fromEntries(form) : form;
  const intent = (progressIntents as readonly string[]).includes(String(input.intent)) ? (input.intent as ProgressIntent) : null;
  let result: ProgressResult;
  switch (intent) {
    case "log-body":
      result = await logBodyComposition(actor, input);
      break;
    case "log-measurements":
      result = await logMeasurements(actor, input);
      break;
    case "log-workout":
      result = await logWorkout(actor, input);
      break;
    case "set-goal":
      result = await setGoal(actor, input);
      break;
    case "update-goal":
      result = await updateGoal(actor, input.id, input);
      break;
    case "update-entry":
      result = await updateEntry(actor, input.id, input);
      break;
    case "delete-entry":
      result = await deleteEntry(actor, input.id);
      break;
    case "delete-goal":
      result = await deleteGoal(actor, input.id);
      break;
    case "set-unit":
      result = await setWeightUnit(actor, { unit: input.unit });
      break;
    default:
      return {
        ok: false,
        intent: null,
        status: 400,
        message: "Please try again with a valid entry type.",
        toast: { type: "error", title: "Invalid entry type", description: "Please try again with a valid entry type." },
      };
  }
  if (result.ok) return { ok: true, intent: intent!, toast: successToast(intent!, input) };
  return { ...result, intent, toast: { type: "error", title: "Failed to save", description: result.message } };
}
