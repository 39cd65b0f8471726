/**
 * seed:demo's check-ins: the demo member checks in on Sundays; the two weeks before this
 * one were checked in and answered by the coach, this week's waits for review (so the
 * coach's 'Needs attention' has a check-in to review). Written in the table directly for
 * the earlier weeks (their dates are past) and through the service for this week's. Each
 * has a front and a side photo (drawn here: a figure on a coloured ground), through the
 * private image pipeline, so the coach's review has photos beside the earlier weeks'.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { checkIn } from "~/db/schema/check-ins";
import type { PhotoPose } from "~/db/schema/progress-photos";
import { checkInWeekOf, DEFAULT_CHECK_IN_DAY } from "~/modules/check-ins/check-in-week";
import { saveCheckIn } from "~/modules/check-ins/check-ins.server";
import { insertProgressPhotos, preparePrivateImage, type PreparedImage } from "~/modules/progress-photos/progress-photos.server";
import sharp from "sharp";
import { addDays } from "~/lib/time-zone";
import type { WeightUnit } from "~/lib/units";

export async function hasCheckIns(memberId: string): Promise<boolean> {
  return (await getDb().select({ id: checkIn.id }).from(checkIn).where(eq(checkIn.userId, memberId)).limit(1)).length > 0;
}

/** A demo photo: a figure seen from the front (or the side) on a ground of the week's colour. */
async function figure(pose: PhotoPose, ground: string): Promise<Uint8Array> {
  const body = pose === "front" ? '<rect x="230" y="260" width="140" height="330" rx="60"/>' : '<rect x="265" y="260" width="70" height="330" rx="35"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="${ground}"/><g fill="#27272a"><circle cx="300" cy="190" r="62"/>${body}<rect x="${pose === "front" ? 245 : 275}" y="560" width="${pose === "front" ? 110 : 50}" height="200" rx="25"/></g></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
}

/** A front and a side photo of `takenOn` for the check-in. */
async function addPhotos(memberId: string, checkInId: string, takenOn: string, ground: string): Promise<void> {
  const photos: Array<{ pose: PhotoPose; image: PreparedImage }> = [];
  for (const pose of ["front", "side"] as const) photos.push({ pose, image: await preparePrivateImage(await figure(pose, ground), "progress-photos", memberId) });
  await getDb().transaction((tx) => insertProgressPhotos(tx, memberId, photos, { takenOn, checkInId }));
}

/** Returns how many check-ins were made. */
export async function seedCheckIns(member: { id: string; weightUnit: WeightUnit }, coachId: string, today: string): Promise<number> {
  const weekOf = checkInWeekOf(today, DEFAULT_CHECK_IN_DAY);
  const earlier = [
    { weeks: 2, ground: "#d4d4d8", sleep: 3, energy: 3, stress: 3, hunger: 4, nutrition: 70, wins: "Trained three times.", struggles: "Snacking in the evening.", reply: "Good start. Keep protein at every meal and the evening snacks will ease." },
    { weeks: 1, ground: "#e4e4e7", sleep: 4, energy: 4, stress: 2, hunger: 3, nutrition: 80, wins: "Squat felt smooth.", struggles: "Missed Thursday's session.", reply: "Well done on the squats. Move Thursday to Friday if work runs late." },
  ];
  for (const w of earlier) {
    const submittedAt = new Date(`${addDays(weekOf, -7 * w.weeks)}T18:00:00Z`);
    const id = crypto.randomUUID();
    await getDb()
      .insert(checkIn)
      .values({
        id,
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
    await addPhotos(member.id, id, addDays(weekOf, -7 * w.weeks), w.ground);
  }
  const sent = await saveCheckIn(
    { id: member.id, role: "member", weightUnit: member.weightUnit },
    { sleep: "4", energy: "5", stress: "2", hunger: "3", nutritionAdherence: "85", wins: "Slept eight hours most nights.", struggles: "", question: "Can I add a fourth session?" },
  );
  await addPhotos(member.id, sent.id, today, "#f4f4f5");
  return earlier.length + 1;
}
