/**
 * The training member's program copy (one week from today: 'Upper A' today) and an
 * earlier workout, so today's bench press is a personal record. Rows inserted directly:
 * the programs module's screens are not what the workout journey tests. Each journey's day
 * is planned today and tomorrow alike, so a run that crosses midnight in London still
 * finds it as today's workout.
 */
import { addDays, todayIn } from "~/lib/time-zone";
import { insertFinishedWorkout, insertProgramCopy } from "~/modules/workouts/training.test-support";
import { findUserByEmail } from "~/modules/users/users.server";
import { users } from "./users";

export async function seedTraining() {
  const member = await findUserByEmail(users.trainingMember.email);
  if (!member) throw new Error("Seed the users first");
  const today = todayIn("Europe/London");
  const upperA = {
    title: "Upper A",
    blocks: [
      { exerciseId: "bench-press", sets: 2, repsMin: 5, loadKind: "weight" as const, loadValue: 60, restSeconds: 90, tempo: "3-1-1-0" },
      { exerciseId: "plank", sets: 1, durationSeconds: 45, restSeconds: 60 },
    ],
  };
  await insertProgramCopy(member.id, today, [
    [
      { dayIndex: 0, ...upperA },
      { dayIndex: 1, ...upperA },
      { dayIndex: 3, title: "Lower A", blocks: [{ exerciseId: "plank", sets: 2, durationSeconds: 30 }] },
    ],
  ]);
  await insertFinishedWorkout(member.id, addDays(today, -7), [{ exerciseId: "bench-press", sets: [{ weightKg: 55, reps: 5 }] }]);
  // The offline journey's member: five sets today.
  const offline = await findUserByEmail(users.offlineMember.email);
  if (!offline) throw new Error("Seed the users first");
  const basementDay = {
    title: "Basement Day",
    blocks: [
      { exerciseId: "bench-press", sets: 3, repsMin: 5, loadKind: "weight" as const, loadValue: 60, restSeconds: 90 },
      { exerciseId: "squat", sets: 2, repsMin: 5, loadKind: "weight" as const, loadValue: 80, restSeconds: 120 },
    ],
  };
  await insertProgramCopy(offline.id, today, [
    [
      { dayIndex: 0, ...basementDay },
      { dayIndex: 1, ...basementDay },
    ],
  ]);
  // A start queued offline and refused: another workout under way by the time it is sent (decision 0112).
  const refused = await findUserByEmail(users.refusedStartMember.email);
  if (!refused) throw new Error("Seed the users first");
  await insertProgramCopy(refused.id, today, [
    [
      { dayIndex: 0, ...basementDay },
      { dayIndex: 1, ...basementDay },
    ],
  ]);
  // The workout screen's forms, with its script and without JavaScript.
  const formsDay = {
    title: "Forms Day",
    blocks: [
      { exerciseId: "bench-press", sets: 2, repsMin: 5, loadKind: "weight" as const, loadValue: 60, restSeconds: 90 },
      { exerciseId: "squat", sets: 1, repsMin: 5, loadKind: "weight" as const, loadValue: 80, restSeconds: 120 },
    ],
  };
  for (const key of ["formsMember", "plainMember"] as const) {
    const member = await findUserByEmail(users[key].email);
    if (!member) throw new Error("Seed the users first");
    await insertProgramCopy(member.id, today, [
      [
        { dayIndex: 0, ...formsDay },
        { dayIndex: 1, ...formsDay },
      ],
    ]);
  }
}
