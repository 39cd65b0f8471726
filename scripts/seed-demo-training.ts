/**
 * seed:demo's training: a four-week full-body strength template of our own (the seven
 * built-in lifts only), assigned to the demo member from the Monday three weeks ago,
 * with the past days trained (two missed) and one coach comment. Finished workouts are
 * written straight into the set model, as the workout screen would leave them.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "~/auth/permissions";
import { getDb } from "~/db/client.server";
import { program } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { addDays, weekdayOf, zonedToUtc } from "~/lib/time-zone";
import { runDueJobs } from "~/jobs.server";
import { assignedCopies, assignProgram } from "~/modules/programs/program-assignment.server";
import { loadProgram } from "~/modules/programs/program-read.server";
import { addBlock, addDay, addWeek } from "~/modules/programs/program-structure.server";
import { createProgram, saveAsTemplate } from "~/modules/programs/programs.server";
import { programDayDate } from "~/modules/workouts/program-dates";
import { commentOnWorkout } from "~/modules/workouts/workout-comments.server";

interface Person {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/** Slot → title and blocks (exercise, sets, reps, starting load in kg or none). */
const days = [
  {
    dayIndex: 0,
    title: "Full Body A",
    blocks: [
      { exerciseId: "squat", sets: 3, reps: 5, kg: 80 },
      { exerciseId: "bench-press", sets: 3, reps: 5, kg: 60 },
      { exerciseId: "bent-over-row", sets: 3, reps: 8, kg: 50 },
    ],
  },
  {
    dayIndex: 2,
    title: "Full Body B",
    blocks: [
      { exerciseId: "deadlift", sets: 3, reps: 5, kg: 100 },
      { exerciseId: "overhead-press", sets: 3, reps: 5, kg: 40 },
      { exerciseId: "pull-up", sets: 3, reps: 8, kg: null },
    ],
  },
  {
    dayIndex: 4,
    title: "Full Body C",
    blocks: [
      { exerciseId: "squat", sets: 3, reps: 5, kg: 82.5 },
      { exerciseId: "bench-press", sets: 3, reps: 5, kg: 62.5 },
      { exerciseId: "dip", sets: 3, reps: 10, kg: null },
    ],
  },
] as const;

const WEEKS = 4;
/** Days the demo member did not train: week 2's Full Body C and week 3's Full Body B. */
const missed = new Set(["1:4", "2:2"]);

/** The demo member has a program copy already (a second run adds nothing). */
export async function hasProgram(memberId: string): Promise<boolean> {
  return (await getDb().select({ id: program.id }).from(program).where(eq(program.memberId, memberId)).limit(1)).length > 0;
}

async function writeTemplate(coach: Person): Promise<string> {
  const draft = await createProgram(coach, { name: "Full-Body Strength", description: "Four weeks, three full-body sessions a week: squat, press, pull and hinge. Add 2.5 kg a week when every set moves well." });
  const weekIds = [(await loadProgram(getDb(), draft.id))!.weeks[0]!.id];
  for (let w = 1; w < WEEKS; w += 1) weekIds.push((await addWeek(coach, draft.id)).weekId);
  for (const weekId of weekIds) {
    for (const day of days) {
      const { dayId } = await addDay(coach, draft.id, { weekId, dayIndex: String(day.dayIndex), title: day.title });
      for (const b of day.blocks) {
        const load = b.kg === null ? { loadKind: "none" } : { loadKind: "weight", loadValue: String(b.kg), loadUnit: "kg" };
        await addBlock(coach, draft.id, { dayId, exerciseId: b.exerciseId, sets: String(b.sets), reps: String(b.reps), restSeconds: "120", ...load });
      }
    }
  }
  return (await saveAsTemplate(coach, draft.id)).id;
}

/** A finished workout for a program day: every block done at its load plus 2.5 kg a week, an hour long. */
async function trainDay(memberId: string, day: { id: string; title: string; blocks: ReadonlyArray<{ id: string; exerciseId: string; sets: number; repsMin: number | null; loadValue: number | null; loadKind: string }> }, date: string, week: number, timeZone: string): Promise<string> {
  const id = crypto.randomUUID();
  const startedAt = zonedToUtc(date, "07:00", timeZone);
  const finishedAt = new Date(startedAt.getTime() + 58 * 60_000);
  await getDb().transaction(async (tx) => {
    await tx.insert(workout).values({ id, userId: memberId, programDayId: day.id, title: day.title, performedOn: date, startedAt, finishedAt, createdAt: startedAt, updatedAt: finishedAt });
    for (const [position, block] of day.blocks.entries()) {
      const exerciseRow = crypto.randomUUID();
      await tx.insert(workoutExercise).values({ id: exerciseRow, workoutId: id, blockId: block.id, exerciseId: block.exerciseId, position, status: "done", createdAt: startedAt });
      const weightKg = block.loadKind === "weight" && block.loadValue !== null ? block.loadValue + 2.5 * week : null;
      await tx.insert(setLog).values(
        Array.from({ length: block.sets }, (_, i) => ({
          id: crypto.randomUUID(),
          workoutExerciseId: exerciseRow,
          userId: memberId,
          exerciseId: block.exerciseId,
          performedOn: date,
          setNumber: i + 1,
          weightKg,
          // The last set of a bodyweight exercise is a rep short.
          reps: (block.repsMin ?? 1) - (weightKg === null && i === block.sets - 1 ? 1 : 0),
          rpe: i === block.sets - 1 ? 8 : null,
          loggedAt: new Date(startedAt.getTime() + (position * block.sets + i + 1) * 4 * 60_000),
        })),
      );
    }
  });
  return id;
}

/** Assigns the program and trains its past days; answers what it wrote. */
export async function seedTraining(coach: Person, member: Person, today: string, timeZone: string): Promise<{ workouts: number; missed: number }> {
  const templateId = await writeTemplate(coach);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const startDate = addDays(monday, -21);
  // The copy is made by the assignment's job: run it (and the member's e-mail) now.
  const assignment = await assignProgram(coach, templateId, { memberIds: [member.id], startDate });
  await runDueJobs();
  const [made] = await assignedCopies(assignment.id);
  const copy = (await loadProgram(getDb(), made!.programId))!;
  let trained: string | null = null;
  let workouts = 0;
  for (const week of copy.weeks) {
    for (const day of week.days) {
      const date = programDayDate(startDate, week.position, day.dayIndex);
      if (date >= today || missed.has(`${week.position}:${day.dayIndex}`)) continue;
      trained = await trainDay(member.id, day, date, week.position, timeZone);
      workouts += 1;
    }
  }
  if (trained) await commentOnWorkout(coach, member.id, trained, { body: "Bar speed on the squats looked much better this week. Keep the rest at two minutes and add 2.5 kg next session if all three sets move like that." });
  return { workouts, missed: missed.size };
}
