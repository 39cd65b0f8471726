// @test-database any: the feed's rules and content; its queries are plain selects (no SQL a database could answer differently).
/**
 * Calendar feeds: what a member's and the staff's feed hold, parsed with node-ical as a
 * calendar app reads them; a moved and a cancelled session; the address's life (regenerated,
 * role changed, deactivated, erased).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import ical, { type CalendarResponse, type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { auditLog } from "~/db/schema/audit";
import { calendarFeed } from "~/db/schema/calendar-feeds";
import { program } from "~/db/schema/programs";
import { siteSetting } from "~/db/schema/settings";
import { trainingSession } from "~/db/schema/training-sessions";
import { addDays, toZonedParts, todayIn } from "~/lib/time-zone";
import { eraseMember, getErasureReport } from "~/modules/member-data/erasure.server";
import { cancelOwnTrainingSession, cancelTrainingSessionAsStaff, createTrainingSession, updateTrainingSession } from "~/modules/training-sessions/training-sessions.server";
import { insertProgramCopy, newPerson, type Person } from "~/modules/workouts/training.test-support";
import { FEED_DAYS_AHEAD, FEED_PATH, FEEDS_PER_DAY, MAX_MEMBER_SESSIONS, TOO_MANY_FEEDS, calendarFeedState, issueCalendarFeed, readCalendarFeed } from "./calendar-feeds.server";

const ZONE = "Europe/London";
const HOST = "localhost";
let coach: Person;
let admin: Person;
let maya: Person;
let omar: Person;

beforeAll(async () => {
  const value = { timeZone: ZONE, coachName: "Sam Coach", businessName: "Relentless" };
  await getDb().insert(siteSetting).values({ key: "site", value }).onConflictDoUpdate({ target: siteSetting.key, set: { value } });
  [coach, admin, maya, omar] = await Promise.all([newPerson("trainer"), newPerson("admin"), newPerson("member"), newPerson("member")]);
  await getDb().update(user).set({ name: "Maya Member" }).where(eq(user.id, maya.id));
  await getDb().update(user).set({ name: "Omar Other" }).where(eq(user.id, omar.id));
});

const tokenOf = (url: string) => {
  const match = new RegExp(`^http://localhost:3000${FEED_PATH}/(?<token>[\\w-]{43})\\.ics$`).exec(url);
  expect(match, url).not.toBeNull();
  return match!.groups!.token!;
};

async function feedOf(token: string): Promise<CalendarResponse> {
  const text = await readCalendarFeed(token);
  expect(text).not.toBeNull();
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  return ical.sync.parseICS(text!);
}

const events = (feed: CalendarResponse) => Object.values(feed).filter((c): c is VEvent => c?.type === "VEVENT");
const sessionEvent = (feed: CalendarResponse, id: string) => feed[`session-${id}@${HOST}`] as VEvent | undefined;

const sessionForm = (memberId: string, days: number, time = "09:30") => ({
  memberId,
  date: addDays(todayIn(ZONE), days),
  time,
  duration: "60",
  type: "Strength",
  location: "Studio 1, upstairs",
  description: "Squat focus; bring shoes",
  status: "scheduled",
});

describe("a member's feed", () => {
  it("holds their sessions (coach, place, times) and never another member's", async () => {
    const mine = await createTrainingSession(coach, sessionForm(maya.id, 3));
    const theirs = await createTrainingSession(coach, sessionForm(omar.id, 3));
    const { url } = await issueCalendarFeed(maya);
    const feed = await feedOf(tokenOf(url));
    const event = sessionEvent(feed, mine.id)!;
    expect(event).toMatchObject({ summary: "Strength with Sam Coach", location: "Studio 1, upstairs", description: "Squat focus; bring shoes", status: "CONFIRMED", sequence: 0 });
    expect(toZonedParts(event.start, ZONE)).toMatchObject({ date: addDays(todayIn(ZONE), 3), time: "09:30" });
    expect(event.end!.getTime() - event.start.getTime()).toBe(60 * 60_000);
    expect(sessionEvent(feed, theirs.id)).toBeUndefined();
    expect(events(feed).every((e) => !String(e.uid).includes(theirs.id))).toBe(true);
    expect(feed.vcalendar).toMatchObject({ "WR-CALNAME": "Relentless: training" });
  });

  it("shows a moved session moved, with the same UID and a higher SEQUENCE, and a cancelled one as CANCELLED", async () => {
    const { id } = await createTrainingSession(coach, sessionForm(maya.id, 5));
    const token = tokenOf((await issueCalendarFeed(maya)).url);
    expect(sessionEvent(await feedOf(token), id)).toMatchObject({ sequence: 0, status: "CONFIRMED" });

    await updateTrainingSession(coach, id, sessionForm(maya.id, 6, "17:00"));
    const moved = sessionEvent(await feedOf(token), id)!;
    expect(moved).toMatchObject({ sequence: 1, status: "CONFIRMED" });
    expect(toZonedParts(moved.start, ZONE)).toMatchObject({ date: addDays(todayIn(ZONE), 6), time: "17:00" });

    await cancelOwnTrainingSession(maya, id);
    expect(sessionEvent(await feedOf(token), id)).toMatchObject({ sequence: 2, status: "CANCELLED" });

    const other = await createTrainingSession(coach, sessionForm(maya.id, 7));
    await cancelTrainingSessionAsStaff(coach, other.id);
    expect(sessionEvent(await feedOf(token), other.id)).toMatchObject({ sequence: 1, status: "CANCELLED" });
  });

  it("keeps sessions from 8 weeks back to 6 months ahead, and at most its cap", async () => {
    const member = await newPerson("member");
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);
    const row = (days: number) => ({ id: randomUUID(), memberId: member.id, startsAt: at(days), durationMinutes: 30, type: "Mobility" });
    const [old, early, late, far] = [row(-60), row(-50), row(FEED_DAYS_AHEAD - 3), row(FEED_DAYS_AHEAD + 3)];
    await getDb().insert(trainingSession).values([old, early, late, far]);
    const token = tokenOf((await issueCalendarFeed(member)).url);
    const feed = await feedOf(token);
    expect(events(feed).map((e) => e.uid).sort()).toEqual([`session-${early.id}@${HOST}`, `session-${late.id}@${HOST}`].sort());

    await getDb().insert(trainingSession).values(Array.from({ length: MAX_MEMBER_SESSIONS }, (_, i) => row(1 + (i % 100))));
    expect(events(await feedOf(token))).toHaveLength(MAX_MEMBER_SESSIONS);
  });

  it("plans each program day as an all-day event, the copy in force until the next one starts", async () => {
    const member = await newPerson("member");
    const today = todayIn(ZONE);
    const start = addDays(today, -7);
    const week = [
      { dayIndex: 0, title: "Lower A", blocks: [] },
      { dayIndex: 2, title: "Upper A", blocks: [] },
    ];
    const first = await insertProgramCopy(member.id, start, [week, week, week], "Base Block");
    const next = await insertProgramCopy(member.id, addDays(start, 14), [[{ dayIndex: 1, title: "Full Body", blocks: [] }]], "Peak Block");
    const feed = await feedOf(tokenOf((await issueCalendarFeed(member)).url));
    const workouts = events(feed)
      .map((e) => ({ uid: e.uid, date: toZonedParts(e.start, "UTC").date, dateOnly: (e.start as Date & { dateOnly?: boolean }).dateOnly, summary: e.summary, description: e.description }))
      .sort((a, b) => a.date.localeCompare(b.date));
    expect(workouts).toEqual([
      { uid: `workout-${first.dayIds[0]![0]}@${HOST}`, date: start, dateOnly: true, summary: "Lower A", description: "Week 1 of Base Block" },
      { uid: `workout-${first.dayIds[0]![1]}@${HOST}`, date: addDays(start, 2), dateOnly: true, summary: "Upper A", description: "Week 1 of Base Block" },
      { uid: `workout-${first.dayIds[1]![0]}@${HOST}`, date: addDays(start, 7), dateOnly: true, summary: "Lower A", description: "Week 2 of Base Block" },
      { uid: `workout-${first.dayIds[1]![1]}@${HOST}`, date: addDays(start, 9), dateOnly: true, summary: "Upper A", description: "Week 2 of Base Block" },
      // Week 3 of the first copy falls after the next copy's start: the next copy's day replaces it.
      { uid: `workout-${next.dayIds[0]![0]}@${HOST}`, date: addDays(start, 15), dateOnly: true, summary: "Full Body", description: "Week 1 of Peak Block" },
    ]);

    // An edit of the copy raises its days' SEQUENCE.
    await getDb().update(program).set({ updatedAt: sql`${program.createdAt} + interval '90 seconds'` }).where(eq(program.id, first.programId));
    const edited = await feedOf(tokenOf((await issueCalendarFeed(member)).url));
    expect(edited[`workout-${first.dayIds[0]![0]}@${HOST}`]).toMatchObject({ sequence: 90 });
    expect(edited[`workout-${next.dayIds[0]![0]}@${HOST}`]).toMatchObject({ sequence: 0 });
  });
});

describe("the staff's feed", () => {
  it("holds every member's sessions, named, and no workouts", async () => {
    const a = await createTrainingSession(coach, sessionForm(maya.id, 8));
    const b = await createTrainingSession(admin, sessionForm(omar.id, 9));
    await insertProgramCopy(maya.id, todayIn(ZONE), [[{ dayIndex: 0, title: "Lower A", blocks: [] }]]);
    for (const person of [coach, admin]) {
      const feed = await feedOf(tokenOf((await issueCalendarFeed(person)).url));
      expect(sessionEvent(feed, a.id)).toMatchObject({ summary: "Strength: Maya Member" });
      expect(sessionEvent(feed, b.id)).toMatchObject({ summary: "Strength: Omar Other" });
      expect(events(feed).some((e) => String(e.uid).startsWith("workout-"))).toBe(false);
      expect(feed.vcalendar).toMatchObject({ "WR-CALNAME": "Relentless: sessions" });
    }
  });
});

describe("the address", () => {
  it("answers nothing to a wrong or malformed secret", async () => {
    await issueCalendarFeed(maya);
    for (const token of ["x".repeat(43), "short", "", "x".repeat(42) + ".", "../../etc/passwd"]) expect(await readCalendarFeed(token)).toBeNull();
  });

  it("stores only a hash of the secret, and a new address ends the old one at once", async () => {
    const old = tokenOf((await issueCalendarFeed(maya)).url);
    const [row] = await getDb().select().from(calendarFeed).where(eq(calendarFeed.userId, maya.id));
    expect(JSON.stringify(row)).not.toContain(old);
    const fresh = tokenOf((await issueCalendarFeed(maya)).url);
    expect(fresh).not.toBe(old);
    expect(await readCalendarFeed(old)).toBeNull();
    expect(await readCalendarFeed(fresh)).not.toBeNull();
    expect(await getDb().$count(calendarFeed, eq(calendarFeed.userId, maya.id))).toBe(1);
    // Each address made is in the activity log: the first one made, the next one replacing it.
    const someone = await newPerson("member");
    await issueCalendarFeed(someone);
    await issueCalendarFeed(someone);
    const logged = await getDb().select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog).where(eq(auditLog.actorId, someone.id));
    expect(logged.map((l) => l.action).sort()).toEqual(["calendar_feed.created", "calendar_feed.replaced"]);
  });

  it("is made at most five times a day, two taps at once included: then a 429 with a clear message, and no more activity lines", async () => {
    const tapper = await newPerson("member");
    const made = await Promise.allSettled(Array.from({ length: FEEDS_PER_DAY + 2 }, () => issueCalendarFeed(tapper)));
    expect(made.filter((m) => m.status === "fulfilled")).toHaveLength(FEEDS_PER_DAY);
    for (const refused of made.filter((m) => m.status === "rejected")) expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 429, message: TOO_MANY_FEEDS });
    const lines = () => getDb().$count(auditLog, eq(auditLog.actorId, tapper.id));
    expect(await lines()).toBe(FEEDS_PER_DAY);
    await expect(issueCalendarFeed(tapper)).rejects.toMatchObject({ status: 429 });
    expect(await lines()).toBe(FEEDS_PER_DAY);
    // A day later the count starts again.
    await getDb().update(auditLog).set({ at: sql`${auditLog.at} - interval '25 hours'` }).where(eq(auditLog.actorId, tapper.id));
    await issueCalendarFeed(tapper);
    expect(await lines()).toBe(FEEDS_PER_DAY + 1);
  });

  it("stops working when the role changes or the account is deactivated, and Settings offers a new one", async () => {
    const person = await newPerson("member");
    const token = tokenOf((await issueCalendarFeed(person)).url);
    expect((await calendarFeedState(person, ZONE)).createdOn).not.toBeNull();
    await getDb().update(user).set({ role: "trainer" }).where(eq(user.id, person.id));
    expect(await readCalendarFeed(token)).toBeNull();
    expect(await calendarFeedState({ ...person, role: "trainer" }, ZONE)).toEqual({ scope: "staff", createdOn: null });

    const staffToken = tokenOf((await issueCalendarFeed({ ...person, role: "trainer" })).url);
    expect(await readCalendarFeed(staffToken)).not.toBeNull();
    await getDb().update(user).set({ role: "admin" }).where(eq(user.id, person.id));
    expect(await readCalendarFeed(staffToken)).not.toBeNull();
    await getDb().update(user).set({ banned: true }).where(eq(user.id, person.id));
    expect(await readCalendarFeed(staffToken)).toBeNull();
  });

  it("goes with an erased member", async () => {
    const member = await newPerson("member");
    const token = tokenOf((await issueCalendarFeed(member)).url);
    const report = await getErasureReport(admin, await eraseMember(admin, member.id, { confirmEmail: member.email }));
    expect(report.tables).toContainEqual(expect.objectContaining({ table: "calendar_feeds", rows: 1 }));
    expect(await readCalendarFeed(token)).toBeNull();
    expect(await getDb().$count(calendarFeed, eq(calendarFeed.userId, member.id))).toBe(0);
  });
});
