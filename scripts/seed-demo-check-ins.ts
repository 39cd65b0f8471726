/**
 * seed:demo's check-ins: the demo member checks in on Sundays; the two weeks before this
 * one were checked in and answered by the coach, this week's waits for review (so the
 * coach's 'Needs attention' has a check-in to review). Written in the table directly for
 * the earlier weeks (their dates are past) and through the service for this week's.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { checkIn } from "~/db/schema/check-ins";
import { checkInWeekOf, DEFAULT_CHECK_IN_DAY } from "~/modules/check-ins/check-in-week";
import { saveCheckIn } from "~/modules/check-ins/check-ins.server";
import { addDays } from "~/lib/time-zone";
import type { WeightUnit } from "~/lib/units";

export async function hasCheckIns(memberId: string): Promise<boolean> {
  return (await getDb().select({ id: checkIn.id }).from(checkIn).where(eq(checkIn.userId, memberId)).limit(1)).length > 0;
}

/** Returns how many check-ins were made. */
export async function seedCheckIns(member: { id: string; weightUnit: WeightUnit }, coachId: string, today: string): Promise<number> {
  const weekOf = checkInWeekOf(today, DEFAULT_CHECK_IN_DAY);
  const earlier = [
    { weeks: 2, sleep: 3, energy: 3, stress: 3, hunger: 4, nutrition: 70, wins: "Trained three times.", struggles: "Snacking in the evening.", reply: "Good start. Keep protein at every meal and the evening snacks will ease." },
    { weeks: 1, sleep: 4, energy: 4, stress: 2, hunger: 3, nutrition: 80, wins: "Squat felt smooth.", struggles: "Missed Thursday's session.", reply: "Well done on the squats. Move Thursday to Friday if work runs late." },
  ];
  for (const w of earlier) {
    const submittedAt = new Date(`${addDays(weekOf, -7 * w.weeks)}T18:00:00Z`);
    await getDb()
      .insert(checkIn)
      .values({
        id: crypto.randomUUID(),
        userId: member.id,
        weekOf: addDays(weekOf, -7 * w.weeks),
        sleep: w.sleep,
        energy: w.energy,
        stress: w.stress,
        hunger: w.hunger,
        nutritionAdherence: w.nutrition,
        wins: w.wins,
        struggles: w.struggles,
        submittedAt,
        updatedAt: submittedAt,
        reply: w.reply,
        reviewedAt: new Date(submittedAt.getTime() + 86_400_000),
        reviewedById: coachId,
      });
  }
  await saveCheckIn(
    { id: member.id, role: "member", weightUnit: member.weightUnit },
    { sleep: "4", energy: "5", stress: "2", hunger: "3", nutritionAdherence: "85", wins: "Slept eight hours most nights.", struggles: "", question: "Can I add a fourth session?" },
  );
  return earlier.length + 1;
}
