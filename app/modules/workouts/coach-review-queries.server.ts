import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { exercise } from "~/db/schema/exercises";
import { program, programDay, programWeek } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { oneRepMaxSql } from "./lift-history.server";

/**
 * The reads of the coach's review of one member (coach-review.server.ts), each one
 * statement whatever the member's history, each on an index: programs by
 * `programs_member_idx`, a day's workouts by `workouts_day_idx`, finished workouts by
 * `workouts_user_date_idx`, their exercises and sets by `workout_exercises_workout_idx` and
 * `set_logs_workout_exercise_idx`, records by `set_logs_user_exercise_date_idx`. Exported
 * so a test can EXPLAIN them. Weights in kg.
 */

/** The member's program copies (not archived), newest start first. */
export function copiesQuery(memberId: string) {
  return getDb()
    .select({ id: program.id, name: program.name, startDate: program.startDate })
    .from(program)
    .where(and(eq(program.memberId, memberId), isNotNull(program.startDate), isNull(program.archivedAt)))
    .orderBy(desc(program.startDate), asc(program.name));
}

/** The weeks of every copy of the member. */
export function copyWeeksQuery(memberId: string) {
  return getDb()
    .select({ id: programWeek.id, programId: programWeek.programId, position: programWeek.position })
    .from(programWeek)
    .innerJoin(program, eq(program.id, programWeek.programId))
    .where(and(eq(program.memberId, memberId), isNull(program.archivedAt)))
    .orderBy(asc(programWeek.position));
}

/** The days of every copy of the member, each with the first finished workout the member did for it (or null). */
export function copyDaysQuery(memberId: string) {
  const finishedFor = sql<string | null>`(select w.id from ${workout} w where w.program_day_id = ${programDay.id} and w.user_id = ${memberId} and w.finished_at is not null order by w.finished_at limit 1)`;
  return getDb()
    .select({ id: programDay.id, weekId: programDay.weekId, dayIndex: programDay.dayIndex, title: programDay.title, workoutId: finishedFor })
    .from(programDay)
    .innerJoin(program, eq(program.id, programDay.programId))
    .where(and(eq(program.memberId, memberId), isNull(program.archivedAt)))
    .orderBy(asc(programDay.dayIndex));
}

/**
 * The days of one copy with whether the member finished a workout of each (`done`, kept by
 * the database: decision 0155), for the summary on the coach's member page.
 */
export function copyDaysDoneQuery(programId: string) {
  return getDb()
    .select({ weekId: programDay.weekId, dayIndex: programDay.dayIndex, finished: programDay.done })
    .from(programDay)
    .where(eq(programDay.programId, programId))
    .orderBy(asc(programDay.dayIndex));
}

/** The member's newest finished workouts (ad hoc and program alike), `limit` of them. */
export function finishedWorkoutsQuery(memberId: string, limit: number) {
  return getDb()
    .select({ id: workout.id, title: workout.title, performedOn: workout.performedOn, startedAt: workout.startedAt, finishedAt: workout.finishedAt, programDayId: workout.programDayId, notes: workout.notes })
    .from(workout)
    .where(and(eq(workout.userId, memberId), isNotNull(workout.finishedAt)))
    .orderBy(desc(workout.performedOn), desc(workout.startedAt))
    .limit(limit);
}

/**
 * A LIMIT written into the statement's text instead of bound. PostgreSQL costs a prepared
 * statement's generic plan for a bound LIMIT as a tenth of the rows: with a subquery per
 * row that looks dear, so the statement was planned afresh on every call (its generic
 * plan never chosen; 0.4-0.5 ms of the coach's member page). Written in, the generic plan
 * is the custom one and is kept after five calls. For a count fixed in the code: anything
 * but a whole number is refused. Drizzle writes an SQL object given as the limit as it is;
 * its type only names numbers and placeholders, hence the cast.
 */
function limitInText(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`A limit written into a statement must be a whole number, not ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

/** The member's newest finished workouts, `limit` of them, each with how many sets it has (for the coach's member page). */
export function finishedWorkoutSetCountsQuery(memberId: string, limit: number) {
  const sets = sql<number>`(select count(*)::int from ${workoutExercise} we join ${setLog} s on s.workout_exercise_id = we.id where we.workout_id = ${workout}.id)`.mapWith(Number);
  return getDb()
    .select({ id: workout.id, title: workout.title, performedOn: workout.performedOn, sets })
    .from(workout)
    .where(and(eq(workout.userId, memberId), isNotNull(workout.finishedAt)))
    .orderBy(desc(workout.performedOn), desc(workout.startedAt))
    .limit(limitInText(limit));
}

const swappedFrom = alias(exercise, "swapped_from");

/** The exercises of these workouts, in order, with their names (and the one swapped out). */
export function workoutExercisesQuery(workoutIds: readonly string[]) {
  return getDb()
    .select({
      id: workoutExercise.id,
      workoutId: workoutExercise.workoutId,
      name: exercise.name,
      status: workoutExercise.status,
      swappedFromName: swappedFrom.name,
      reason: workoutExercise.reason,
      notes: workoutExercise.notes,
    })
    .from(workoutExercise)
    .innerJoin(exercise, eq(exercise.id, workoutExercise.exerciseId))
    .leftJoin(swappedFrom, eq(swappedFrom.id, workoutExercise.swappedFromId))
    .where(inArray(workoutExercise.workoutId, [...workoutIds]))
    .orderBy(asc(workoutExercise.position));
}

/** Every set of these workout exercises, in order (by the ids, so that the plan is the index's, not a join's). */
export function workoutSetsQuery(workoutExerciseIds: readonly string[]) {
  return getDb()
    .select({
      workoutExerciseId: setLog.workoutExerciseId,
      setNumber: setLog.setNumber,
      weightKg: setLog.weightKg,
      reps: setLog.reps,
      rpe: setLog.rpe,
      durationSeconds: setLog.durationSeconds,
      distanceMeters: setLog.distanceMeters,
    })
    .from(setLog)
    .where(inArray(setLog.workoutExerciseId, [...workoutExerciseIds]))
    .orderBy(asc(setLog.workoutExerciseId), asc(setLog.setNumber));
}

/**
 * Per exercise, the set that holds a record, and the first day it was set: the heaviest
 * weight (`by: "weight"`) or the best estimated one-rep max (`by: "oneRepMax"`). Sets
 * without added weight hold no record.
 */
export function recordSetsQuery(memberId: string, by: "weight" | "oneRepMax") {
  const value = by === "weight" ? sql<number>`${setLog.weightKg}` : oneRepMaxSql;
  return getDb()
    .selectDistinctOn([setLog.exerciseId], {
      exerciseId: setLog.exerciseId,
      name: exercise.name,
      value: value.mapWith(Number),
      weightKg: sql<number>`${setLog.weightKg}`.mapWith(Number),
      reps: setLog.reps,
      performedOn: setLog.performedOn,
    })
    .from(setLog)
    .innerJoin(exercise, eq(exercise.id, setLog.exerciseId))
    .where(and(eq(setLog.userId, memberId), sql`${setLog.weightKg} > 0`))
    .orderBy(setLog.exerciseId, sql`${value} desc`, asc(setLog.performedOn), asc(setLog.setNumber));
}
