/**
 * The 'Needs attention' rules on the real database (PGlite and PostgreSQL): each made true,
 * then false again; the order of the list; dismissing and snoozing one occurrence of a reason.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { lastSignIn } from "~/db/schema/attention";
import { user } from "~/db/schema/auth";
import { checkIn } from "~/db/schema/check-ins";
import { conversation } from "~/db/schema/messages";
import { profile } from "~/db/schema/profiles";
import { program, programDay, programWeek } from "~/db/schema/programs";
import { progressEntry } from "~/db/schema/progress";
import { trainingSession } from "~/db/schema/training-sessions";
import { workout } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { addDays } from "~/lib/time-zone";
import { attentionAction, type AttentionReason } from "./attention";
import { countNeedsAttention, dismissAttention, listNeedsAttention, memberAttention, NO_LONGER_APPLIES } from "./attention.server";

// Wednesday 10 June 2026, noon in London (BST): the site's today is 2026-06-10.
const NOW = new Date("2026-06-10T11:00:00Z");
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

let coach: SessionUser;

const staffActor = (id: string): SessionUser => ({ id, email: `${id}@example.com`, name: "Coach", role: "trainer", profileComplete: true, weightUnit: "kg" });

/** A member who joined in April, signed in yesterday and checked in this week: nothing to chase. */
async function quietMember(name = "Quiet Member"): Promise<string> {
  const id = `attention-${randomUUID()}`;
  await getDb()
    .insert(user)
    .values({ id, name, email: `${id}@example.com`, role: "member", createdAt: new Date("2026-04-01T09:00:00Z") });
  await getDb().insert(lastSignIn).values({ userId: id, at: daysAgo(1) });
  // Sunday 7 June: the default check-in day's week.
  await sendCheckIn(id, "2026-06-07", { reviewed: true });
  return id;
}

async function sendCheckIn(userId: string, weekOf: string, { reviewed }: { reviewed: boolean }): Promise<string> {
  const id = randomUUID();
  await getDb()
    .insert(checkIn)
    .values({ id, userId, weekOf, sleep: 3, energy: 3, stress: 3, hunger: 3, nutritionAdherence: 80, submittedAt: daysAgo(2), reviewedAt: reviewed ? daysAgo(1) : null });
  return id;
}

async function reasonsOf(memberId: string, now = NOW): Promise<AttentionReason[]> {
  return (await memberAttention(coach, memberId, now)).map((item) => item.reason);
}

/** A program copy from `startDate` whose every week has the given day indexes; returns the day ids per week. */
async function copyOf(memberId: string, startDate: string, weeks: number, dayIndexes: number[]): Promise<string[][]> {
  const programId = randomUUID();
  await getDb().insert(program).values({ id: programId, name: "Block", memberId, startDate });
  const days: string[][] = [];
  for (let position = 0; position < weeks; position += 1) {
    const weekId = randomUUID();
    await getDb().insert(programWeek).values({ id: weekId, programId, position });
    const ids = dayIndexes.map(() => randomUUID());
    await getDb()
      .insert(programDay)
      .values(dayIndexes.map((dayIndex, i) => ({ id: ids[i]!, programId, weekId, dayIndex, title: `Day ${dayIndex + 1}` })));
    days.push(ids);
  }
  return days;
}

async function finish(memberId: string, programDayId: string, performedOn: string): Promise<void> {
  const startedAt = new Date(`${performedOn}T07:00:00Z`);
  await getDb()
    .insert(workout)
    .values({ id: randomUUID(), userId: memberId, programDayId, title: "Workout", performedOn, startedAt, finishedAt: new Date(startedAt.getTime() + 3_600_000) });
}

async function weigh(memberId: string, recordedOn: string, kg: number): Promise<void> {
  await getDb().insert(progressEntry).values({ id: randomUUID(), userId: memberId, kind: "weight", recordedOn, value: kg });
}

beforeAll(async () => {
  const id = `attention-coach-${randomUUID()}`;
  await getDb().insert(user).values({ id, name: "Coach", email: `${id}@example.com`, role: "trainer" });
  coach = staffActor(id);
});

describe("each reason a member needs the coach, true and then false", () => {
  it("a quiet member needs nothing", async () => {
    expect(await reasonsOf(await quietMember())).toEqual([]);
  });

  it("check-in overdue: the check-in day has passed without a check-in; sending it clears it", async () => {
    const id = await quietMember();
    await getDb().delete(checkIn).where(eq(checkIn.userId, id));
    const [item] = await memberAttention(coach, id, NOW);
    expect(item).toMatchObject({ reason: "checkin_overdue", occurrence: "2026-06-07", detail: "Due Sun 7 Jun 2026" });
    await sendCheckIn(id, "2026-06-07", { reviewed: true });
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("check-in overdue is not due on the check-in day itself, nor for a week before the member joined", async () => {
    const id = await quietMember();
    await getDb().delete(checkIn).where(eq(checkIn.userId, id));
    // Wednesday is this member's day: today it is due, not overdue.
    await getDb().insert(profile).values({ userId: id, checkInDay: 3 });
    expect(await reasonsOf(id)).toEqual([]);
    // Back to Sunday, but the member joined on Monday 8 June.
    await getDb().update(profile).set({ checkInDay: 0 }).where(eq(profile.userId, id));
    await getDb().update(user).set({ createdAt: new Date("2026-06-08T09:00:00Z") }).where(eq(user.id, id));
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("check-in waiting for review: sent and not reviewed; reviewing clears it", async () => {
    const id = await quietMember();
    const waiting = await sendCheckIn(id, "2026-05-31", { reviewed: false });
    const [item] = await memberAttention(coach, id, NOW);
    expect(item).toMatchObject({ reason: "checkin_waiting", occurrence: waiting });
    expect(attentionAction(item!.reason, id, item!.occurrence)).toEqual({ href: `/coach/members/${id}/check-ins/${waiting}`, label: "Review check-in" });
    await getDb().update(checkIn).set({ reviewedAt: NOW }).where(eq(checkIn.id, waiting));
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("missed workouts: two planned days of this program week passed undone; doing one clears it", async () => {
    const id = await quietMember();
    // From Monday 8 June: Monday, Tuesday and Wednesday (today) planned.
    const [week] = await copyOf(id, "2026-06-08", 2, [0, 1, 2]);
    const [item] = await memberAttention(coach, id, NOW);
    expect(item).toMatchObject({ reason: "missed_workouts", detail: "Missed 2 of 2 planned workouts" });
    await finish(id, week![1]!, "2026-06-09");
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("compliance drop: this week more than 20 points below the previous four; catching up clears it", async () => {
    const id = await quietMember();
    // Five weeks from Monday 11 May, Monday and Tuesday each: the first four all done.
    const weeks = await copyOf(id, "2026-05-11", 5, [0, 1]);
    for (const [position, days] of weeks.slice(0, 4).entries()) {
      for (const [i, dayId] of days.entries()) await finish(id, dayId, addDays("2026-05-11", 7 * position + i));
    }
    await finish(id, weeks[4]![0]!, "2026-06-08");
    // This week: 1 of 2 (50 %) against 100 %.
    const items = await memberAttention(coach, id, NOW);
    expect(items.map((i) => i.reason)).toEqual(["compliance_drop"]);
    expect(items[0]!.detail).toBe("50% this week against 100% before");
    await finish(id, weeks[4]![1]!, "2026-06-09");
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("no sign-in for 7 days: the last sign-in is 8 days old; signing in clears it", async () => {
    const id = await quietMember();
    await getDb().update(lastSignIn).set({ at: daysAgo(8) }).where(eq(lastSignIn.userId, id));
    expect(await reasonsOf(id)).toEqual(["no_sign_in"]);
    await getDb().update(lastSignIn).set({ at: daysAgo(6) }).where(eq(lastSignIn.userId, id));
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("no sign-in: a member who never signed in, counted from their account", async () => {
    const id = await quietMember();
    await getDb().delete(lastSignIn).where(eq(lastSignIn.userId, id));
    const [item] = await memberAttention(coach, id, NOW);
    expect(item).toMatchObject({ reason: "no_sign_in", detail: "Never signed in" });
  });

  it("weight away from the goal: farther at each of three weekly steps; a weigh-in closer clears it", async () => {
    const id = await quietMember();
    await getDb().insert(profile).values({ userId: id, goalWeightKg: 70 });
    await weigh(id, "2026-05-15", 80);
    await weigh(id, "2026-05-22", 81);
    await weigh(id, "2026-05-30", 82);
    await weigh(id, "2026-06-06", 83);
    const [item] = await memberAttention(coach, id, NOW);
    expect(item).toMatchObject({ reason: "weight_away", occurrence: "2026-06-06", detail: "80 kg → 83 kg, goal 70 kg" });
    await weigh(id, "2026-06-09", 79);
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("weight away needs a goal and a weigh-in in each of the four weeks", async () => {
    const id = await quietMember();
    await weigh(id, "2026-05-15", 80);
    await weigh(id, "2026-05-22", 81);
    await weigh(id, "2026-05-30", 82);
    await weigh(id, "2026-06-06", 83);
    expect(await reasonsOf(id)).toEqual([]);
    await getDb().insert(profile).values({ userId: id, goalWeightKg: 70 });
    await getDb().delete(progressEntry).where(eq(progressEntry.recordedOn, "2026-05-22"));
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("a session the member cancelled in the last 7 days; not one the coach cancelled, nor an old one", async () => {
    const id = await quietMember();
    const sessionId = randomUUID();
    await getDb()
      .insert(trainingSession)
      .values({ id: sessionId, memberId: id, startsAt: new Date("2026-06-12T09:00:00Z"), durationMinutes: 60, type: "Personal Training", status: "cancelled", cancelledAt: daysAgo(1), cancelledById: id });
    const [item] = await memberAttention(coach, id, NOW);
    expect(item).toMatchObject({ reason: "session_cancelled", occurrence: sessionId, detail: "Personal Training on Jun 12, 2026" });
    await getDb().update(trainingSession).set({ cancelledById: coach.id }).where(eq(trainingSession.id, sessionId));
    expect(await reasonsOf(id)).toEqual([]);
    await getDb().update(trainingSession).set({ cancelledById: id, cancelledAt: daysAgo(8) }).where(eq(trainingSession.id, sessionId));
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("an unanswered message: the member's last message; the team's answer clears it", async () => {
    const id = await quietMember();
    await getDb().insert(conversation).values({ memberId: id, lastSeq: 3, lastMessageAt: daysAgo(1), awaitingTeam: true, awaitingSince: daysAgo(1) });
    const [item] = await memberAttention(coach, id, NOW);
    expect(item).toMatchObject({ reason: "unanswered_message" });
    expect(attentionAction(item!.reason, id, item!.occurrence)).toEqual({ href: `/coach/members/${id}/messages`, label: "Reply" });
    await getDb().update(conversation).set({ awaitingTeam: false, awaitingSince: null }).where(eq(conversation.memberId, id));
    expect(await reasonsOf(id)).toEqual([]);
  });

  it("staff, deactivated members and other people's rows are not listed", async () => {
    const id = await quietMember();
    await getDb().update(lastSignIn).set({ at: daysAgo(30) }).where(eq(lastSignIn.userId, id));
    expect(await reasonsOf(id)).toEqual(["no_sign_in"]);
    await getDb().update(user).set({ banned: true }).where(eq(user.id, id));
    expect(await reasonsOf(id)).toEqual([]);
    await getDb().update(user).set({ banned: false, role: "trainer" }).where(eq(user.id, id));
    expect(await reasonsOf(id)).toEqual([]);
  });
});

describe("the list", () => {
  it("puts the most urgent first, then the member with more reasons", async () => {
    const now = new Date("2031-01-08T12:00:00Z");
    const overdueOnly = await quietMember("Overdue Only");
    const overdueAndAway = await quietMember("Overdue And Away");
    const messaged = await quietMember("Messaged");
    for (const id of [overdueOnly, overdueAndAway, messaged]) await getDb().update(lastSignIn).set({ at: new Date("2031-01-07T12:00:00Z") }).where(eq(lastSignIn.userId, id));
    await getDb().update(lastSignIn).set({ at: new Date("2030-12-01T12:00:00Z") }).where(eq(lastSignIn.userId, overdueAndAway));
    await getDb().insert(conversation).values({ memberId: messaged, awaitingTeam: true, awaitingSince: new Date("2031-01-08T08:00:00Z") });
    // Every page: other files' members may share this database.
    const first = await listNeedsAttention(coach, { page: 1, now });
    const members = [...first.members];
    for (let page = 2; page <= first.pageCount; page += 1) members.push(...(await listNeedsAttention(coach, { page, now })).members);
    const order = members.map((m) => m.name).filter((name) => ["Overdue Only", "Overdue And Away", "Messaged"].includes(name));
    expect(order).toEqual(["Messaged", "Overdue And Away", "Overdue Only"]);
    expect(members.find((m) => m.name === "Messaged")!.items.map((i) => i.reason)).toEqual(["unanswered_message", "checkin_overdue"]);
    expect(await countNeedsAttention(coach, now)).toBe(first.total);
    expect(members).toHaveLength(first.total);
  });

  it("the menu's count falls at once when a coach dismisses a member's last reason", async () => {
    const id = await quietMember("Counted Member");
    await getDb().insert(conversation).values({ memberId: id, awaitingTeam: true, awaitingSince: new Date() });
    // Read afresh (a given clock): the process's count may be another test file's, up to 30 s old.
    const before = await countNeedsAttention(coach, new Date());
    const items = await memberAttention(coach, id);
    expect(items.map((i) => i.reason)).toContain("unanswered_message");
    for (const item of items) await dismissAttention(coach, { memberId: id, reason: item.reason, occurrence: item.occurrence });
    expect(await countNeedsAttention(coach)).toBe(before - 1);
  });

  it("is for staff only", async () => {
    const member = { ...staffActor(await quietMember()), role: "member" as const };
    await expect(listNeedsAttention(member, { page: 1 })).rejects.toMatchObject({ status: 403 });
    await expect(dismissAttention(member, {})).rejects.toMatchObject({ status: 403 });
  });
});

describe("dismissing and snoozing", () => {
  it("dismisses one occurrence: the next one comes back", async () => {
    const id = await quietMember();
    const first = await sendCheckIn(id, "2026-05-31", { reviewed: false });
    await dismissAttention(coach, { memberId: id, reason: "checkin_waiting", occurrence: first }, NOW);
    expect(await reasonsOf(id)).toEqual([]);
    const second = await sendCheckIn(id, "2026-05-24", { reviewed: false });
    expect((await memberAttention(coach, id, NOW)).map((i) => i.occurrence)).toEqual([second]);
  });

  it("snoozes for the days chosen: back when they are over", async () => {
    const id = await quietMember();
    await getDb().update(lastSignIn).set({ at: daysAgo(10) }).where(eq(lastSignIn.userId, id));
    const [item] = await memberAttention(coach, id, NOW);
    await dismissAttention(coach, { memberId: id, reason: "no_sign_in", occurrence: item!.occurrence, days: "3" }, NOW);
    expect(await reasonsOf(id, new Date(NOW.getTime() + 2 * DAY))).toEqual([]);
    expect(await reasonsOf(id, new Date(NOW.getTime() + 3 * DAY + 60_000))).toEqual(["no_sign_in"]);
    // Snoozed, it may still be dismissed for good.
    await dismissAttention(coach, { memberId: id, reason: "no_sign_in", occurrence: item!.occurrence }, NOW);
    expect(await reasonsOf(id, new Date(NOW.getTime() + 30 * DAY))).not.toContain("no_sign_in");
  });

  it("refuses a reason that no longer holds, an unknown reason, a snooze length not offered and a staff account", async () => {
    const id = await quietMember();
    const refusal = async (input: Record<string, string>) => {
      const error = await dismissAttention(coach, input, NOW).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    };
    expect(await refusal({ memberId: id, reason: "no_sign_in", occurrence: "123" })).toMatchObject({ status: 409, message: NO_LONGER_APPLIES });
    expect(await refusal({ memberId: id, reason: "bored", occurrence: "123" })).toMatchObject({ status: 400, message: "Please choose a reason from the list" });
    expect(await refusal({ memberId: id, reason: "no_sign_in", occurrence: "123", days: "2" })).toMatchObject({ status: 400, message: "Please choose how long to snooze" });
    expect(await refusal({ memberId: coach.id, reason: "no_sign_in", occurrence: "123" })).toMatchObject({ status: 404 });
  });
});
