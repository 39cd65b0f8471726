/**
 * A workout started while staff edit the day meets the edit on the program's lock
 * (decision 0043): on both databases, where the locks are PostgreSQL's own.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { workout, workoutExercise } from "~/db/schema/workouts";
import { createUserWithPassword } from "~/modules/users/users.server";
import { discardWorkout } from "~/modules/workouts/workout-session.server";
import { startWorkout } from "~/modules/workouts/workout-start.server";
import { addBlock, removeBlock, updateDay } from "./program-structure.server";
import { DAY_TRAINED } from "./trained-days.server";
import { membersCopy, pullUp } from "./trained-days.test-support";

let trainer: SessionUser;
let member: SessionUser;

const asActor = (u: { id: string; email: string; name: string }, role: SessionUser["role"]): SessionUser => ({ id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit: "kg" });

beforeAll(async () => {
  trainer = asActor(await createUserWithPassword({ name: "Tara Trainer", email: "trainer@trained.test", password: "trainer-password", role: "trainer" }), "trainer");
  member = asActor(await createUserWithPassword({ name: "Mo Member", email: "member@trained.test", password: "member-password", role: "member" }), "member");
});

describe("a workout started while staff edit the day", () => {
  /**
   * Each round the member starts the day's workout while the coach renames the day and
   * removes its last exercise. Whoever comes second on the program's lock sees the first:
   * either the edit is refused and the workout follows the day as it was, or the edit went
   * first and the workout follows the edited day. Never both through with the old day.
   */
  it("meets the edit on the program's lock: the edit is refused, or the workout starts from the edited day", async () => {
    const copy = await membersCopy(trainer, member);
    // One workout at a time: the one under way goes first.
    const [underWay] = await getDb().select({ id: workout.id }).from(workout).where(eq(workout.programDayId, copy.underWay.dayId));
    await discardWorkout(member, underWay!.id);
    const day = copy.untrained[1];
    const rounds = 12;
    for (let round = 0; round < rounds; round++) {
      const title = `Pull ${round}`;
      await updateDay(trainer, copy.id, { dayId: day.dayId, title, notes: "" });
      const [started, renamed, removed] = await Promise.allSettled([
        startWorkout(member, { dayId: day.dayId }),
        updateDay(trainer, copy.id, { dayId: day.dayId, title: `${title} renamed`, notes: "" }),
        removeBlock(trainer, copy.id, { blockId: day.blocks[2] }),
      ]);
      if (started.status === "rejected") throw started.reason;
      for (const edit of [renamed, removed]) if (edit.status === "rejected") expect(edit.reason).toMatchObject({ status: 409, message: DAY_TRAINED });
      const [w] = await getDb().select({ title: workout.title }).from(workout).where(eq(workout.id, started.value.workoutId));
      const blocks = (await getDb().select({ blockId: workoutExercise.blockId }).from(workoutExercise).where(eq(workoutExercise.workoutId, started.value.workoutId))).map((e) => e.blockId);
      expect(w!.title).toBe(renamed.status === "fulfilled" ? `${title} renamed` : title);
      expect(blocks.includes(day.blocks[2])).toBe(removed.status === "rejected");
      // Put the day back as it was for the next round.
      await discardWorkout(member, started.value.workoutId);
      if (removed.status === "fulfilled") day.blocks[2] = (await addBlock(trainer, copy.id, { dayId: day.dayId, ...pullUp })).blockId;
    }
  });
});
