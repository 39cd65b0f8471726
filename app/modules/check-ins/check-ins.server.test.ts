/**
 * Weekly check-ins on the real database: the week and due rule (and its SQL twin), a
 * member's send and edit (the weight as a progress entry, training adherence from the
 * week's program), refusals that change nothing, two sends at once, another member's
 * check-in as 'not found', and the staff's review, reply (its e-mail through the job
 * store), check-in day and summary.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { checkIn } from "~/db/schema/check-ins";
import { job } from "~/db/schema/jobs";
import { profile } from "~/db/schema/profiles";
import { progressEntry } from "~/db/schema/progress";
import { siteSetting } from "~/db/schema/settings";
import { workout } from "~/db/schema/workouts";
import { runDueJobs } from "~/jobs.server";
import { AppError } from "~/lib/app-error";
import { SITE_SETTINGS_KEY } from "~/lib/business-name.server";
import { addDays, todayIn, weekdayOf } from "~/lib/time-zone";
import { MEMBER_NOT_FOUND } from "~/modules/users/member-account.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { insertProgramCopy } from "~/modules/workouts/training.test-support";
import { progressPhoto } from "~/db/schema/progress-photos";
import { HEIC_MESSAGE } from "~/modules/progress-photos/private-images.server";
import { MAX_PHOTOS_PER_POSE_AND_DAY, tooManyForPose } from "~/modules/progress-photos/progress-photos.schema";
import { gpsJpeg, heicBytes } from "~/modules/progress-photos/progress-photos.test-support";
import { imageQueueCounts } from "~/modules/uploads/image-queue.server";
import { storedFiles } from "~/modules/uploads/uploads.test-support";
import { mailsAbout, outboxMails } from "../../../tests/support/outbox";
import { checkInDueState, checkInWeekOf, checkInWeekOfSql, trainingWindow } from "./check-in-week";
import { getCheckInReview, getMemberCheckInSummary, listMemberCheckInsForStaff, replyToCheckIn, setMemberCheckInDay, STAFF_PAGE_SIZE, TREND_WEEKS } from "./check-in-review.server";
import { ALREADY_REVIEWED, CHECK_IN_NOT_FOUND, REPLY_TWICE } from "./check-ins.schema";
import { getOwnCheckIn, getOwnCheckIns, getOwnCheckInStatus, MEMBER_PAGE_SIZE, saveCheckIn } from "./check-ins.server";

const asActor = (u: { id: string; email: string; name: string }, role: SessionUser["role"], weightUnit: SessionUser["weightUnit"] = "lbs"): SessionUser => ({ id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit });

let seq = 0;
async function person(role: SessionUser["role"], weightUnit: SessionUser["weightUnit"] = "lbs", name = `Person ${role}`): Promise<SessionUser> {
  seq += 1;
  const email = `${role}-${seq}@check-ins.test`;
  return asActor(await createUserWithPassword({ name, email, password: `${role}-password-1`, role }), role, weightUnit);
}

let coach: SessionUser;
const today = () => todayIn("Europe/London");
const form = { sleep: "4", energy: "3", stress: "2", hunger: "3", nutritionAdherence: "80", wins: "Hit every session", struggles: "", question: "More carbs?" };

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function zodMessages(work: Promise<unknown>): Promise<Record<string, string>> {
  const error = (await work.then(
    () => null,
    (e: unknown) => e,
  )) as { issues?: Array<{ message: string; path: unknown[] }> } | null;
  expect(error?.issues).toBeDefined();
  return Object.fromEntries(error!.issues!.map((i) => [String(i.path[0]), i.message]));
}

/** The member checks in on today's weekday (due today), or yesterday's (overdue). */
async function checkInOn(memberId: string, day: number) {
  await getDb().insert(profile).values({ userId: memberId, checkInDay: day }).onConflictDoUpdate({ target: profile.userId, set: { checkInDay: day } });
}

/** The member joined a month ago (the overdue rule chases only members who joined before the check-in day). */
async function joinedLongAgo(memberId: string) {
  await getDb()
    .update(user)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(user.id, memberId));
}

const rowsOf = (userId: string) => getDb().select().from(checkIn).where(eq(checkIn.userId, userId));
const weightsOf = (userId: string) =>
  getDb()
    .select()
    .from(progressEntry)
    .where(and(eq(progressEntry.userId, userId), eq(progressEntry.kind, "weight")));

/** Earlier check-ins, inserted directly: `weeks` back from `weekOf`. */
async function pastCheckIns(userId: string, weekOf: string, weeks: number, values: (i: number) => Partial<typeof checkIn.$inferInsert> = () => ({})) {
  const rows = Array.from({ length: weeks }, (_, i) => ({
    id: crypto.randomUUID(),
    userId,
    weekOf: addDays(weekOf, -7 * (i + 1)),
    sleep: 3,
    energy: 3,
    stress: 3,
    hunger: 3,
    nutritionAdherence: 70,
    ...values(i),
  }));
  await getDb().insert(checkIn).values(rows);
  return rows;
}

beforeAll(async () => {
  coach = await person("trainer", "kg", "Tara Trainer");
  const value = { businessName: "Iron Oak Coaching" };
  await getDb().insert(siteSetting).values({ key: SITE_SETTINGS_KEY, value }).onConflictDoUpdate({ target: siteSetting.key, set: { value } });
});

describe("the week a check-in belongs to, and when it is due", () => {
  it("names the week by the most recent check-in day on or before today, and is due on that day, overdue after it", () => {
    // 2026-11-22 is a Sunday.
    expect(checkInWeekOf("2026-11-22", 0)).toBe("2026-11-22");
    expect(checkInWeekOf("2026-11-28", 0)).toBe("2026-11-22");
    expect(checkInWeekOf("2026-11-29", 0)).toBe("2026-11-29");
    expect(checkInWeekOf("2026-11-22", 1)).toBe("2026-11-16");
    expect(checkInWeekOf("2026-11-23", 1)).toBe("2026-11-23");
    expect(checkInWeekOf("2026-11-22", 6)).toBe("2026-11-21");
    expect(checkInWeekOf("2027-01-01", 3)).toBe("2026-12-30");
    expect(checkInDueState("2026-11-22", "2026-11-22", false, "2026-01-01")).toBe("due");
    expect(checkInDueState("2026-11-23", "2026-11-22", false, "2026-01-01")).toBe("overdue");
    expect(checkInDueState("2026-11-23", "2026-11-22", true, "2026-01-01")).toBe("sent");
    // Someone who joined on or after the check-in day is asked, not chased.
    expect(checkInDueState("2026-11-23", "2026-11-22", false, "2026-11-22")).toBe("due");
    expect(checkInDueState("2026-11-24", "2026-11-22", false, "2026-11-23")).toBe("due");
    expect(trainingWindow("2026-11-22")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
  });

  it("computes the same week in SQL as in TypeScript, for every weekday and check-in day", async () => {
    for (let d = 0; d < 14; d++) {
      const date = addDays("2026-11-22", d);
      for (let day = 0; day < 7; day++) {
        const [row] = await getDb()
          .select({ weekOf: sql<string>`${checkInWeekOfSql(date, sql`${day}::int`)}::text` })
          .from(user)
          .limit(1);
        expect(row!.weekOf, `${date} day ${day}`).toBe(checkInWeekOf(date, day));
      }
    }
  });
});

describe("a member sends this week's check-in", () => {
  it("asks for it on the dashboard from the check-in day, and no more once it is sent", async () => {
    const member = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    expect(await getOwnCheckInStatus(member)).toMatchObject({ state: "due", weekOf: today(), checkInId: null });
    await checkInOn(member.id, weekdayOf(addDays(today(), -1)));
    // Joined today, after yesterday's check-in day: asked, not chased.
    expect(await getOwnCheckInStatus(member)).toMatchObject({ state: "due", weekOf: addDays(today(), -1) });
    await joinedLongAgo(member.id);
    expect(await getOwnCheckInStatus(member)).toMatchObject({ state: "overdue", weekOf: addDays(today(), -1) });
    const { id } = await saveCheckIn(member, form);
    expect(await getOwnCheckInStatus(member)).toMatchObject({ state: "sent", checkInId: id });
  });

  it("stores the answers, the weight as a progress entry in kg, and training adherence from the week's program", async () => {
    const member = await person("member", "lbs");
    await checkInOn(member.id, weekdayOf(today()));
    // Three program days in the week that ends today: 6 days ago (done), 4 days ago (missed), today (not done yet).
    const copy = await insertProgramCopy(member.id, addDays(today(), -6), [
      [
        { dayIndex: 0, title: "Upper", blocks: [] },
        { dayIndex: 2, title: "Lower", blocks: [] },
        { dayIndex: 6, title: "Full", blocks: [] },
      ],
    ]);
    await getDb()
      .insert(workout)
      .values({ id: crypto.randomUUID(), userId: member.id, title: "Upper", performedOn: addDays(today(), -6), programDayId: copy.dayIds[0]![0]!, finishedAt: new Date() });
    const { id, created } = await saveCheckIn(member, { ...form, weight: "180.5" });
    expect(created).toBe(true);
    const [row] = await rowsOf(member.id);
    expect(row).toMatchObject({ id, weekOf: today(), sleep: 4, energy: 3, stress: 2, hunger: 3, nutritionAdherence: 80, wins: "Hit every session", question: "More carbs?", plannedWorkouts: 2, loggedWorkouts: 1, reviewedAt: null });
    const [entry] = await weightsOf(member.id);
    expect(entry!.id).toBe(row!.weightEntryId);
    expect(entry!.value).toBeCloseTo(180.5 * 0.45359237, 9);
    expect(entry!.recordedOn).toBe(today());
    const { checkIn: shown } = await getOwnCheckIn(member, id);
    expect(shown).toMatchObject({ weight: 180.5, reviewed: false, sentOn: today() });

    // Today's workout done, then an edit: the same check-in and the same entry, counted again.
    await getDb()
      .insert(workout)
      .values({ id: crypto.randomUUID(), userId: member.id, title: "Full", performedOn: today(), programDayId: copy.dayIds[0]![2]!, finishedAt: new Date() });
    const edited = await saveCheckIn(member, { ...form, weight: "179", sleep: "5" });
    expect(edited).toEqual({ id, created: false });
    const rows = await rowsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sleep: 5, plannedWorkouts: 3, loggedWorkouts: 2, weightEntryId: entry!.id });
    const weights = await weightsOf(member.id);
    expect(weights).toHaveLength(1);
    expect(weights[0]!.value).toBeCloseTo(179 * 0.45359237, 9);

    // Clearing the weight removes its entry.
    await saveCheckIn(member, form, id);
    expect(await weightsOf(member.id)).toEqual([]);
    expect((await rowsOf(member.id))[0]!.weightEntryId).toBeNull();
  });

  it("refuses a scale of 6, a missing scale, adherence over 100 and too long a text with the form's messages, saving nothing", async () => {
    const member = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    expect(await zodMessages(saveCheckIn(member, { ...form, sleep: "6", weight: "180" }))).toEqual({ sleep: "Sleep must be from 1 to 5" });
    expect(await zodMessages(saveCheckIn(member, { ...form, energy: undefined, hunger: "0" }))).toEqual({ energy: "Please rate your energy from 1 to 5", hunger: "Hunger must be from 1 to 5" });
    expect(await zodMessages(saveCheckIn(member, { ...form, stress: "2.5" }))).toEqual({ stress: "Stress must be a whole number" });
    expect(await zodMessages(saveCheckIn(member, { ...form, nutritionAdherence: "101" }))).toEqual({ nutritionAdherence: "Nutrition adherence must be between 0 and 100 %" });
    expect(await zodMessages(saveCheckIn(member, { ...form, wins: "x".repeat(2001) }))).toEqual({ wins: "Wins must be at most 2000 characters" });
    expect(await zodMessages(saveCheckIn(member, { ...form, weight: "0x10" }))).toEqual({ weight: "Weight must be a number" });
    expect(await rowsOf(member.id)).toEqual([]);
    expect(await weightsOf(member.id)).toEqual([]);
  });

  it("makes one check-in and one weight entry of two sends at once", async () => {
    const member = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    const results = await Promise.all([saveCheckIn(member, { ...form, weight: "170" }), saveCheckIn(member, { ...form, weight: "171" })]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await rowsOf(member.id)).toHaveLength(1);
    expect(await weightsOf(member.id)).toHaveLength(1);
  });

  it("shows a member only their own check-ins: another member's is not found, for reading and editing", async () => {
    const owner = await person("member");
    const other = await person("member");
    await checkInOn(owner.id, weekdayOf(today()));
    const { id } = await saveCheckIn(owner, form);
    for (const ref of [id, "no-such-check-in", "", undefined, ["x"]]) {
      const read = await refusal(getOwnCheckIn(other, ref));
      expect([read.status, read.message]).toEqual([404, CHECK_IN_NOT_FOUND]);
    }
    const edit = await refusal(saveCheckIn(other, { ...form, sleep: "1" }, id));
    expect([edit.status, edit.message]).toEqual([404, CHECK_IN_NOT_FOUND]);
    expect((await rowsOf(owner.id))[0]!.sleep).toBe(4);
    expect(await rowsOf(other.id)).toEqual([]);
    expect((await getOwnCheckIns(other, { page: 1 })).list).toEqual([]);
  });

  it("lists the member's check-ins newest first, a page at a time", async () => {
    const member = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    await pastCheckIns(member.id, today(), MEMBER_PAGE_SIZE + 2);
    const first = await getOwnCheckIns(member, { page: 1 });
    expect([first.total, first.pageCount, first.list.length, first.current]).toEqual([MEMBER_PAGE_SIZE + 2, 2, MEMBER_PAGE_SIZE, null]);
    expect(first.list[0]!.weekOf).toBe(addDays(today(), -7));
    const second = await getOwnCheckIns(member, { page: 2 });
    expect(second.list.map((c) => c.weekOf)).toEqual([addDays(today(), -7 * (MEMBER_PAGE_SIZE + 1)), addDays(today(), -7 * (MEMBER_PAGE_SIZE + 2))]);
    // A page past the last shows the last.
    expect((await getOwnCheckIns(member, { page: 99 })).page).toBe(2);
  });
});

describe("photos with a check-in", () => {
  const photosOf = (userId: string) => getDb().select().from(progressPhoto).where(eq(progressPhoto.userId, userId));
  const file = async (bytes: Buffer | Promise<Buffer>, name: string) => new File([new Uint8Array(await bytes)], name, { type: "image/jpeg" });

  it("keeps the front and side photos as progress photos of the check-in, which the member and the coach see beside earlier ones", async () => {
    const member = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    // Last week's check-in had a back photo.
    const [last] = await pastCheckIns(member.id, today(), 1);
    const filesBefore = storedFiles().length;
    const { id } = await saveCheckIn(member, { ...form, photoFront: await file(gpsJpeg(600, 800), "front.jpg"), photoSide: await file(gpsJpeg(600, 800), "side.jpg"), photoBack: new File([], "") });
    const rows = await photosOf(member.id);
    expect(rows.map((r) => [r.pose, r.checkInId, r.takenOn]).sort()).toEqual([
      ["front", id, today()],
      ["side", id, today()],
    ]);
    expect(storedFiles().length).toBeGreaterThan(filesBefore);
    expect((await getOwnCheckIn(member, id)).photos.map((p) => p.pose)).toEqual(["front", "side"]);

    await getDb().update(progressPhoto).set({ checkInId: last!.id, pose: "back" }).where(and(eq(progressPhoto.userId, member.id), eq(progressPhoto.pose, "side")));
    const review = await getCheckInReview(coach, member.id, id);
    expect(review.photos.current.map((p) => p.pose)).toEqual(["front"]);
    expect(review.photos.earlier).toMatchObject({ weekOf: last!.weekOf, photos: [{ pose: "back" }] });
    expect(review.photos.current[0]!.image.src).toMatch(/^\/progress-photos\//);
  });

  it("refuses a HEIC photo at its field and keeps nothing: no check-in, no entry, no photo, no file", async () => {
    const member = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    const filesBefore = storedFiles();
    const refused = await refusal(saveCheckIn(member, { ...form, weight: "180", photoFront: await file(gpsJpeg(300, 400), "front.jpg"), photoSide: new File([new Uint8Array(heicBytes())], "side.heic") }));
    expect([refused.status, refused.message, refused.fieldErrors?.photoSide]).toEqual([415, HEIC_MESSAGE, HEIC_MESSAGE]);
    expect(await rowsOf(member.id)).toEqual([]);
    expect(await weightsOf(member.id)).toEqual([]);
    expect(await photosOf(member.id)).toEqual([]);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("refuses a fourth front photo of the day at its field before any image work, saving nothing", async () => {
    const member = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    await getDb()
      .insert(progressPhoto)
      .values(
        Array.from({ length: MAX_PHOTOS_PER_POSE_AND_DAY }, (_, i) => ({
          id: `${member.id}-front-${i}`,
          userId: member.id,
          takenOn: today(),
          pose: "front" as const,
          width: 10,
          height: 10,
          variants: [{ key: `progress-photos/${member.id}-front-${i}/10.jpg`, format: "jpeg" as const, contentType: "image/jpeg", width: 10, height: 10, bytes: 1 }],
        })),
      );
    const photoFront = await file(gpsJpeg(300, 400), "front.jpg");
    const photoSide = await file(gpsJpeg(300, 400), "side.jpg");
    const filesBefore = storedFiles();
    const encodes = imageQueueCounts().started;
    const refused = await refusal(saveCheckIn(member, { ...form, photoFront, photoSide }));
    expect(imageQueueCounts().started).toBe(encodes);
    expect([refused.status, refused.message, refused.fieldErrors?.photoFront]).toEqual([409, tooManyForPose("front"), tooManyForPose("front")]);
    expect(await rowsOf(member.id)).toEqual([]);
    expect(await photosOf(member.id)).toHaveLength(MAX_PHOTOS_PER_POSE_AND_DAY);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("discards the prepared files when the save is refused inside its transaction (reviewed already)", async () => {
    const member = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    const { id } = await saveCheckIn(member, form);
    await replyToCheckIn(coach, member.id, id, { reply: "Done" });
    const filesBefore = storedFiles();
    const refused = await refusal(saveCheckIn(member, { ...form, photoFront: new File([new Uint8Array(await gpsJpeg(300, 400))], "front.jpg", { type: "image/jpeg" }) }));
    expect(refused.status).toBe(409);
    expect(await photosOf(member.id)).toEqual([]);
    expect(storedFiles()).toEqual(filesBefore);
    await runDueJobs();
  });
});

describe("the coach reviews a check-in", () => {
  it("shows it beside the weeks before: the trends of the last eight, the week before, goals and the week's training", async () => {
    const member = await person("member", "lbs", "Morgan Member");
    await checkInOn(member.id, weekdayOf(today()));
    await pastCheckIns(member.id, today(), 9, (i) => ({ sleep: 1 + (i % 5) }));
    await getDb().update(profile).set({ goalWeightKg: 80 }).where(eq(profile.userId, member.id));
    const { id } = await saveCheckIn(member, { ...form, weight: "200" });
    const review = await getCheckInReview(coach, member.id, id);
    expect(review.trend).toHaveLength(TREND_WEEKS);
    expect(review.trend.at(-1)).toMatchObject({ weekOf: today(), sleep: 4, weight: 90.7 });
    expect(review.trend[0]!.weekOf).toBe(addDays(today(), -7 * (TREND_WEEKS - 1)));
    expect(review.previous).toMatchObject({ weekOf: addDays(today(), -7), sleep: 1 });
    // Weights in the staff member's unit (kg here).
    expect([review.unit, review.checkIn.weight, review.goals.goalWeight]).toEqual(["kg", 90.7, 80]);
    expect(review.training).toMatchObject({ from: addDays(today(), -6), to: today(), planned: 0 });

    // An earlier check-in's review looks only at the weeks before it.
    const older = await getCheckInReview(coach, member.id, review.previous!.id);
    expect(older.trend.at(-1)!.weekOf).toBe(addDays(today(), -7));
    expect(older.trend).toHaveLength(TREND_WEEKS);
  });

  it("answers 404 for a check-in under another member's address, for a staff account and for members (403)", async () => {
    const member = await person("member");
    const other = await person("member");
    await checkInOn(member.id, weekdayOf(today()));
    const { id } = await saveCheckIn(member, form);
    const wrong = await refusal(getCheckInReview(coach, other.id, id));
    expect([wrong.status, wrong.message]).toEqual([404, CHECK_IN_NOT_FOUND]);
    const staff = await refusal(getCheckInReview(coach, coach.id, id));
    expect([staff.status, staff.message]).toEqual([404, MEMBER_NOT_FOUND]);
    expect((await refusal(getCheckInReview(member, member.id, id))).status).toBe(403);
    expect((await refusal(replyToCheckIn(member, member.id, id, { reply: "Me" }))).status).toBe(403);
    expect((await refusal(replyToCheckIn(coach, other.id, id, { reply: "Hi" }))).status).toBe(404);
    expect((await rowsOf(member.id))[0]!.reviewedAt).toBeNull();
  });

  it("replies: the check-in is reviewed, the member is e-mailed through the job store and can no longer edit it", async () => {
    const member = await person("member", "lbs", "Morgan Member");
    await checkInOn(member.id, weekdayOf(today()));
    const { id } = await saveCheckIn(member, { ...form, weight: "180" });
    const replyJobs = async () => (await getDb().select().from(job).where(eq(job.kind, "check-ins.reply-mail"))).length;
    const jobsBefore = await replyJobs();
    const empty = await zodMessages(replyToCheckIn(coach, member.id, id, { reply: "   " }));
    expect(empty).toEqual({ reply: "Please write a reply" });
    expect(await replyJobs()).toBe(jobsBefore);

    const before = outboxMails().length;
    await replyToCheckIn(coach, member.id, id, { reply: "Great week.\nKeep the carbs as they are." });
    const [row] = await rowsOf(member.id);
    expect(row).toMatchObject({ reply: "Great week.\nKeep the carbs as they are.", reviewedById: coach.id });
    expect(row!.reviewedAt).not.toBeNull();
    // The e-mail waits for the job runner.
    expect(outboxMails().length).toBe(before);
    const outcomes = (await runDueJobs()).filter((o) => o.kind === "check-ins.reply-mail");
    expect(outcomes).toMatchObject([{ status: "done" }]);
    const replyMails = () => mailsAbout("replied to your check-in", before);
    const mails = replyMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${member.email}`);
    expect(mails[0]).toContain("Subject: Tara Trainer replied to your check-in of");
    expect(mails[0]).toContain("Tara Trainer, your coach at Iron Oak Coaching, replied to your check-in of");
    expect(mails[0]).toContain("  Great week.\n  Keep the carbs as they are.");
    expect(mails[0]).toContain(`http://localhost:3000/members/check-ins/${id}`);

    const { checkIn: shown } = await getOwnCheckIn(member, id);
    expect(shown).toMatchObject({ reviewed: true, reply: "Great week.\nKeep the carbs as they are.", reviewerName: "Tara Trainer", reviewedOn: today() });

    const encodes = imageQueueCounts().started;
    const edit = await refusal(saveCheckIn(member, { ...form, sleep: "1", weight: "150", photoFront: new File([new Uint8Array(await gpsJpeg(300, 400))], "front.jpg", { type: "image/jpeg" }) }));
    expect([edit.status, edit.message]).toEqual([409, ALREADY_REVIEWED]);
    // Refused before its photo cost any image work.
    expect(imageQueueCounts().started).toBe(encodes);
    const again = await refusal(replyToCheckIn(coach, member.id, id, { reply: "Another" }));
    expect([again.status, again.message]).toEqual([409, REPLY_TWICE]);
    expect((await rowsOf(member.id))[0]).toMatchObject({ sleep: 4, reply: "Great week.\nKeep the carbs as they are." });
    expect((await weightsOf(member.id))[0]!.value).toBeCloseTo(180 * 0.45359237, 9);
    expect(await runDueJobs()).toEqual([]);
    expect(replyMails()).toHaveLength(1);
  });

  it("lists a member's check-ins for staff a page at a time, and sets their check-in day", async () => {
    const member = await person("member");
    await pastCheckIns(member.id, today(), STAFF_PAGE_SIZE + 1);
    const first = await listMemberCheckInsForStaff(coach, member.id, { page: 1 });
    expect([first.total, first.pageCount, first.list.length, first.status.checkInDay]).toEqual([STAFF_PAGE_SIZE + 1, 2, STAFF_PAGE_SIZE, 0]);
    expect((await listMemberCheckInsForStaff(coach, member.id, { page: 2 })).list).toHaveLength(1);

    expect(await setMemberCheckInDay(coach, member.id, { checkInDay: "3" })).toMatchObject({ checkInDay: 3 });
    expect((await getDb().select().from(profile).where(eq(profile.userId, member.id)))[0]!.checkInDay).toBe(3);
    for (const bad of ["7", "-1", "", "Monday", "1.5"]) {
      expect(await zodMessages(setMemberCheckInDay(coach, member.id, { checkInDay: bad }))).toEqual({ checkInDay: "Please choose a check-in day" });
    }
    expect((await getDb().select().from(profile).where(eq(profile.userId, member.id)))[0]!.checkInDay).toBe(3);
    expect((await refusal(setMemberCheckInDay(member, member.id, { checkInDay: "1" }))).status).toBe(403);
    expect((await refusal(setMemberCheckInDay(coach, coach.id, { checkInDay: "1" }))).status).toBe(404);
  });

  it("sums up a member's check-ins for the coach's page: this week's state and the newest with their status", async () => {
    const member = await person("member");
    await joinedLongAgo(member.id);
    await checkInOn(member.id, weekdayOf(addDays(today(), -1)));
    const past = await pastCheckIns(member.id, addDays(today(), -1), 6, (i) => (i === 0 ? { reviewedAt: new Date() } : {}));
    const summary = await getMemberCheckInSummary(coach, member.id);
    expect(summary.status).toMatchObject({ state: "overdue", weekOf: addDays(today(), -1) });
    expect(summary.total).toBe(6);
    expect(summary.latest).toHaveLength(5);
    expect(summary.latest[0]).toMatchObject({ id: past[0]!.id, reviewed: true, path: `/coach/members/${member.id}/check-ins/${past[0]!.id}` });
    expect(summary.latest[1]).toMatchObject({ reviewed: false });
  });
});
