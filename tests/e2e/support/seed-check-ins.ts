/**
 * The check-in journeys' members (tests/e2e/check-ins*.spec.ts): both check in on today's
 * weekday, so this week's check-in is due today. The reviewed member's last week was
 * checked in and reviewed, and this week's is sent and waits for the coach.
 */
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/client.server";
import { checkIn } from "~/db/schema/check-ins";
import { profile } from "~/db/schema/profiles";
import { addDays, todayIn, weekdayOf } from "~/lib/time-zone";
import { saveCheckIn } from "~/modules/check-ins/check-ins.server";
import { findUserByEmail } from "~/modules/users/users.server";
import { users } from "./users";

export async function seedCheckIns() {
  const today = todayIn("Europe/London");
  const phone = await findUserByEmail(users.checkInPhone.email);
  const reviewed = await findUserByEmail(users.checkInReviewed.email);
  const trainer = await findUserByEmail(users.trainer.email);
  if (!phone || !reviewed || !trainer) throw new Error("Seed the users first");
  const db = getDb();
  for (const id of [phone.id, reviewed.id]) {
    await db.insert(profile).values({ userId: id, checkInDay: weekdayOf(today) }).onConflictDoUpdate({ target: profile.userId, set: { checkInDay: weekdayOf(today) } });
  }
  await db.insert(checkIn).values({
    id: randomUUID(),
    userId: reviewed.id,
    weekOf: addDays(today, -7),
    sleep: 2,
    energy: 2,
    stress: 4,
    hunger: 3,
    nutritionAdherence: 60,
    wins: "Trained three times",
    struggles: "Late nights",
    submittedAt: new Date(Date.now() - 7 * 86_400_000),
    reply: "Let's get you to bed earlier.",
    reviewedAt: new Date(Date.now() - 6 * 86_400_000),
    reviewedById: trainer.id,
  });
  await saveCheckIn(
    { id: reviewed.id, role: "member", weightUnit: "kg" },
    { weight: "82.5", sleep: "4", energy: "5", stress: "2", hunger: "3", nutritionAdherence: "90", wins: "Slept eight hours most nights", struggles: "Sweets at work", question: "Can I swap Friday's session?" },
  );
}
