/**
 * Rows the training tests (Vitest and the browser journey's set-up) start from: people,
 * exercises and a member's program copy, inserted directly (the exercises and programs
 * modules own the screens that make them).
 */
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { program, programBlock, programDay, programWeek, type GroupKind, type LoadKind } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { DEFAULT_WEIGHT_UNIT, type WeightUnit } from "~/lib/units";

/** A signed-in person as the services take them: the unit comes with the sign-in (no profile row: the default). */
export type Person = { id: string; role: "member" | "trainer" | "admin"; email: string; weightUnit: WeightUnit };

let sequence = 0;

export async function newPerson(role: Person["role"] = "member"): Promise<Person> {
  sequence += 1;
  const id = `training-${role}-${sequence}-${randomUUID().slice(0, 8)}`;
  const email = `${id}@example.com`;
  await getDb().insert(user).values({ id, name: `Person ${sequence}`, email, role });
  return { id, role, email, weightUnit: DEFAULT_WEIGHT_UNIT };
}

export interface BlockSpec {
  exerciseId: string;
  sets: number;
  repsMin?: number;
  repsMax?: number;
  durationSeconds?: number;
  distanceMeters?: number;
  loadKind?: LoadKind;
  loadValue?: number;
  restSeconds?: number;
  tempo?: string;
  notes?: string;
  groupKey?: string;
  groupKind?: GroupKind;
}

export interface DaySpec {
  dayIndex: number;
  title: string;
  blocks: BlockSpec[];
}

/** A member's program copy starting on `startDate`, week by week; returns the ids made. */
export async function insertProgramCopy(memberId: string, startDate: string, weeks: DaySpec[][], name = "Strength Block") {
  const db = getDb();
  const programId = randomUUID();
  await db.insert(program).values({ id: programId, name, memberId, startDate });
  const dayIds: string[][] = [];
  const blockIds: string[][][] = [];
  for (const [position, days] of weeks.entries()) {
    const weekId = randomUUID();
    await db.insert(programWeek).values({ id: weekId, programId, position });
    const weekDays: string[] = [];
    const weekBlocks: string[][] = [];
    for (const day of days) {
      const dayId = randomUUID();
      await db.insert(programDay).values({ id: dayId, programId, weekId, dayIndex: day.dayIndex, title: day.title });
      const ids = day.blocks.map(() => randomUUID());
      if (day.blocks.length) await db.insert(programBlock).values(day.blocks.map((b, i) => ({ ...b, id: ids[i]!, dayId, position: i })));
      weekDays.push(dayId);
      weekBlocks.push(ids);
    }
    dayIds.push(weekDays);
    blockIds.push(weekBlocks);
  }
  return { programId, dayIds, blockIds };
}

/** A finished workout of earlier sets (weights in kg), as history for 'last time', suggestions and records. */
export async function insertFinishedWorkout(
  userId: string,
  performedOn: string,
  exercises: ReadonlyArray<{ exerciseId: string; sets: ReadonlyArray<{ weightKg?: number; reps?: number; rpe?: number; durationSeconds?: number; distanceMeters?: number }> }>,
) {
  const db = getDb();
  const workoutId = randomUUID();
  const startedAt = new Date(`${performedOn}T09:00:00Z`);
  await db.insert(workout).values({ id: workoutId, userId, title: "Earlier workout", performedOn, startedAt, finishedAt: new Date(startedAt.getTime() + 3_600_000) });
  for (const [position, e] of exercises.entries()) {
    const id = randomUUID();
    await db.insert(workoutExercise).values({ id, workoutId, exerciseId: e.exerciseId, position, status: "done", plannedSets: e.sets.length });
    await db.insert(setLog).values(e.sets.map((s, i) => ({ id: randomUUID(), workoutExerciseId: id, userId, exerciseId: e.exerciseId, performedOn, setNumber: i + 1, ...s })));
  }
  return workoutId;
}
