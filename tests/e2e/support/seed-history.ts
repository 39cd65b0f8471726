/**
 * Two years of a member's history (tests/e2e/member-screens-mobile.spec.ts): a workout with
 * sets every week, weekly weigh-ins and lifts, monthly measurements, a check-in every week
 * with the coach's reply, a goal, two dates of progress photos and a conversation. Written
 * in the tables directly, a statement per table, so it costs the suite's set-up little.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { getDb } from "~/db/client.server";
import { checkIn } from "~/db/schema/check-ins";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { addDays, todayIn } from "~/lib/time-zone";
import { postMessage } from "~/modules/messages/messages.server";
import { insertProgressPhotos, preparePrivateImage } from "~/modules/progress-photos/progress-photos.server";
import { findUserByEmail } from "~/modules/users/users.server";
import { users } from "./users";

const WEEKS = 104;

export async function seedHistory() {
  const today = todayIn("Europe/London");
  const member = await findUserByEmail(users.historyMember.email);
  const trainer = await findUserByEmail(users.trainer.email);
  if (!member || !trainer) throw new Error("Seed the users first");
  const db = getDb();
  const workouts: (typeof workout.$inferInsert)[] = [];
  const exercises: (typeof workoutExercise.$inferInsert)[] = [];
  const sets: (typeof setLog.$inferInsert)[] = [];
  const entries: (typeof progressEntry.$inferInsert)[] = [];
  const checkIns: (typeof checkIn.$inferInsert)[] = [];
  for (let week = WEEKS; week >= 1; week -= 1) {
    const date = addDays(today, -7 * week);
    const progress = WEEKS - week;
    const startedAt = new Date(`${date}T07:00:00Z`);
    const workoutId = randomUUID();
    workouts.push({ id: workoutId, userId: member.id, title: "Full Body A", performedOn: date, startedAt, finishedAt: new Date(startedAt.getTime() + 3_600_000), createdAt: startedAt });
    for (const [position, exerciseId] of ["squat", "bench-press"].entries()) {
      const rowId = randomUUID();
      exercises.push({ id: rowId, workoutId, exerciseId, position, status: "done", plannedSets: 3, createdAt: startedAt });
      for (let n = 1; n <= 3; n += 1) {
        sets.push({ id: randomUUID(), workoutExerciseId: rowId, userId: member.id, exerciseId, performedOn: date, setNumber: n, weightKg: (position === 0 ? 60 : 40) + progress * 0.5, reps: 5, loggedAt: startedAt });
      }
    }
    entries.push({ id: randomUUID(), userId: member.id, kind: "weight", recordedOn: date, value: 92 - progress * 0.08 });
    entries.push({ id: randomUUID(), userId: member.id, kind: "bench_press", recordedOn: date, value: 40 + progress * 0.5, sets: 3, reps: 5 });
    entries.push({ id: randomUUID(), userId: member.id, kind: "squat", recordedOn: date, value: 60 + progress * 0.5, sets: 3, reps: 5 });
    if (week % 4 === 0) {
      entries.push({ id: randomUUID(), userId: member.id, kind: "body_fat", recordedOn: date, value: 26 - progress * 0.05 });
      entries.push({ id: randomUUID(), userId: member.id, kind: "waist", recordedOn: date, value: 96 - progress * 0.05 });
      entries.push({ id: randomUUID(), userId: member.id, kind: "chest", recordedOn: date, value: 104 });
    }
    const submittedAt = new Date(`${date}T18:00:00Z`);
    checkIns.push({
      id: randomUUID(),
      userId: member.id,
      weekOf: date,
      sleep: 3 + (week % 3),
      energy: 4,
      stress: 2,
      hunger: 3,
      nutritionAdherence: 80,
      wins: "Trained every planned day and kept protein at every meal.",
      struggles: "Long days at work made the evening sessions hard.",
      submittedAt,
      updatedAt: submittedAt,
      reply: "Good week. Keep the evening sessions short when work runs late.",
      reviewedAt: new Date(submittedAt.getTime() + 86_400_000),
      reviewedById: trainer.id,
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(workout).values(workouts);
    await tx.insert(workoutExercise).values(exercises);
    await tx.insert(setLog).values(sets);
    await tx.insert(progressEntry).values(entries);
    await tx.insert(checkIn).values(checkIns);
    await tx.insert(fitnessGoal).values({ id: randomUUID(), userId: member.id, title: "Squat 120 kg", description: "Three sessions a week, add 2.5 kg when every set moves well.", targetDate: addDays(today, 90), status: "in_progress" });
  });
  for (const [takenOn, ground] of [
    [addDays(today, -7 * WEEKS), "#1d4ed8"],
    [addDays(today, -7), "#b91c1c"],
  ] as const) {
    const image = await preparePrivateImage(new Uint8Array(await sharp({ create: { width: 600, height: 800, channels: 3, background: ground } }).jpeg().toBuffer()), "progress-photos", member.id);
    await db.transaction((tx) => insertProgressPhotos(tx, member.id, [{ pose: "front", image }], { takenOn }));
  }
  const coach = { id: trainer.id, email: trainer.email, name: trainer.name, role: "trainer" as const };
  const self = { id: member.id, email: member.email, name: member.name, role: "member" as const };
  for (let i = 0; i < 6; i += 1) {
    await postMessage(self, member.id, { body: `Week ${i + 1}: the squats felt heavy on the last set. Should I keep the weight or drop 2.5 kg?` });
    await postMessage(coach, member.id, { body: "Keep the weight and rest a full three minutes before the last set." });
  }
}
