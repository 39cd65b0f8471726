/**
 * The trained-days tests' program (decision 0043): a member's copy with a finished day, a
 * day under way and untrained days, built through the builder's own functions.
 */
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { startWorkout } from "~/modules/workouts/workout-start.server";
import { loadProgram } from "./program-read.server";
import { addBlock, addDay, addWeek, groupBlocks } from "./program-structure.server";
import { createProgram } from "./programs.server";
import { assignAndRun, insertWorkoutFor } from "./programs.test-support";

export const view = async (id: string) => (await loadProgram(getDb(), id))!;

export const bench = { exerciseId: "bench-press", sets: "3", reps: "8-12", loadKind: "none" };
export const squat = { exerciseId: "squat", sets: "5", reps: "5", loadKind: "none" };
export const pullUp = { exerciseId: "pull-up", sets: "3", reps: "6-10", loadKind: "none" };

export interface DayRef {
  weekId: string;
  dayId: string;
  blocks: [string, string, string];
  groupKey: string;
}

/**
 * Mo's copy of a three-week program: weeks 1 and 2 hold 'Push' (slot 0) and 'Pull' (slot 2),
 * each with bench and squat as a superset, then pull-ups; week 3 is empty. Mo finished week
 * 1's Push and has week 2's Push under way; both Pulls and week 3 are untrained.
 */
export async function membersCopy(trainer: SessionUser, member: SessionUser) {
  const draft = await createProgram(trainer, { name: "Strength Base" });
  const weekIds = [(await view(draft.id)).weeks[0]!.id, (await addWeek(trainer, draft.id)).weekId];
  await addWeek(trainer, draft.id);
  for (const weekId of weekIds) {
    for (const [dayIndex, title] of [
      ["0", "Push"],
      ["2", "Pull"],
    ] as const) {
      const { dayId } = await addDay(trainer, draft.id, { weekId, dayIndex, title, notes: "" });
      const blockIds = [bench, squat, pullUp];
      for (const block of blockIds) await addBlock(trainer, draft.id, { dayId, ...block });
    }
  }
  const { copies } = await assignAndRun(trainer, draft.id, { memberIds: [member.id], startDate: "2026-11-02" });
  const id = copies[0]!.programId;
  for (const day of (await view(id)).weeks.flatMap((w) => w.days)) await groupBlocks(trainer, id, { blockIds: [day.blocks[0]!.id, day.blocks[1]!.id], groupKind: "superset" });
  const p = await view(id);
  const ref = (week: number, dayIndex: number): DayRef => {
    const w = p.weeks[week]!;
    const d = w.days.find((x) => x.dayIndex === dayIndex)!;
    return { weekId: w.id, dayId: d.id, blocks: d.blocks.map((b) => b.id) as DayRef["blocks"], groupKey: d.blocks[0]!.groupKey! };
  };
  await insertWorkoutFor(member.id, ref(0, 0).dayId, "2026-11-02");
  await startWorkout(member, { dayId: ref(1, 0).dayId });
  return { id, weeks: p.weeks.map((w) => w.id), finished: ref(0, 0), underWay: ref(1, 0), untrained: [ref(0, 2), ref(1, 2)] as const };
}
