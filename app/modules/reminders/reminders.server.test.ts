// @test-database any
/**
 * The reminder e-mails with the job clock moved (no waiting): a session's reminder 24 hours
 * before, not earlier, once; a moved session's follows it, a cancelled one's is not sent; a
 * server down over the due time sends it late once, or skips it when too late; quiet hours
 * put it off to their end; a reminder turned off meanwhile is not sent; today's workout at
 * the member's morning hour in their zone; the check-in on its day unless sent; the coach's
 * reply e-mail follows the same switch. `tick(now)` is what a server does at `now`: the
 * sweep, then every job due.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { checkIn } from "~/db/schema/check-ins";
import { job } from "~/db/schema/jobs";
import { createJobRunner } from "~/lib/job-runner.server";
import { AppError } from "~/lib/app-error";
import { checkInReplyMailJob, replyToCheckIn } from "~/modules/check-ins/check-in-review.server";
import { cancelTrainingSessionAsStaff, createTrainingSession, updateTrainingSession } from "~/modules/training-sessions/training-sessions.server";
import { insertProgramCopy, newPerson, type Person } from "~/modules/workouts/training.test-support";
import { outboxMails } from "../../../tests/support/outbox";
import { planReminders, planRemindersJob, sendReminderJob } from "./reminder-jobs.server";
import { getOwnReminderSettings, saveOwnReminderSettings } from "./reminder-settings.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const runner = createJobRunner([planRemindersJob, sendReminderJob, checkInReplyMailJob]);

/** What the server does at `now`: the sweep, then the jobs due. */
async function tick(now: Date) {
  await planReminders(now);
  return runner.runDueJobs({ now });
}
/** The e-mails to a person, their folded header lines unfolded. */
const mailsTo = (person: Person) => outboxMails().filter((m) => m.includes(`To: ${person.email}`)).map((m) => m.replace(/\r?\n[ \t]+/g, " "));
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

let coach: Person;
const settings = { session: "on", checkIn: "on", coachReply: "on", morningHour: "7", quietFrom: "", quietTo: "", timeZone: "Europe/London" };

/** A session for `member` on a date and time of the site's zone (London; GMT in March). */
async function book(member: Person, date: string, time: string, type = "Strength") {
  const { id } = await createTrainingSession(coach, { memberId: member.id, date, time, duration: "60", type, location: "Studio 2", description: "", status: "scheduled" });
  return id;
}

beforeEach(async () => {
  await getDb().delete(job);
  coach = await newPerson("trainer");
});

describe("a session's reminder", () => {
  it("is sent 24 hours before the session, not before, and once", async () => {
    const member = await newPerson();
    await book(member, "2030-03-06", "10:00");
    const due = new Date("2030-03-05T10:00:00Z");
    await tick(later(due, -HOUR));
    await tick(later(due, -20 * MINUTE));
    await tick(later(due, -1));
    expect(mailsTo(member)).toEqual([]);
    expect(await tick(due)).toContainEqual(expect.objectContaining({ kind: "reminders.send", status: "done" }));
    await tick(later(due, 15 * MINUTE));
    await tick(later(due, 30 * MINUTE));
    const mails = mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Reminder: your Strength session tomorrow at 10:00");
    expect(mails[0]).toContain("Wednesday 6 March 2030 at 10:00 (60 minutes)");
    expect(mails[0]).toContain("Studio 2");
    expect(mails[0]).toMatch(/List-Unsubscribe: <http[^>]+\/unsubscribe\?token=[^>]+>/);
    expect(mails[0]).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mails[0]).toContain("/members/settings");
  });

  it("follows a session moved after it was planned, and is not sent for a cancelled one", async () => {
    const member = await newPerson();
    const moved = await book(member, "2030-03-06", "10:00", "Moved");
    const cancelled = await book(member, "2030-03-06", "10:30", "Cancelled");
    const due = new Date("2030-03-05T10:00:00Z");
    await tick(later(due, -20 * MINUTE));
    expect(await getDb().select().from(job).where(eq(job.kind, "reminders.send"))).toHaveLength(2);
    await updateTrainingSession(coach, moved, { memberId: member.id, date: "2030-03-07", time: "08:00", duration: "60", type: "Moved", location: "", description: "", status: "scheduled" });
    await cancelTrainingSessionAsStaff(coach, cancelled);
    await tick(due);
    await tick(later(due, 30 * MINUTE));
    expect(mailsTo(member)).toEqual([]);
    await tick(new Date("2030-03-06T07:50:00Z"));
    await tick(new Date("2030-03-06T08:00:00Z"));
    const mails = mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Reminder: your Moved session tomorrow at 08:00");
  });

  it("is sent late, once, after a server was down over its time; skipped when too late to matter", async () => {
    const late = await newPerson();
    const neverPlanned = await newPerson();
    await book(late, "2030-03-06", "10:00");
    const due = new Date("2030-03-05T10:00:00Z");
    // Planned before the server stopped…
    await tick(later(due, -20 * MINUTE));
    await book(neverPlanned, "2030-03-06", "11:00");
    // …and back three hours after it was due: it goes late, once; the session booked meanwhile is planned and sent too.
    await tick(later(due, 3 * HOUR));
    await tick(later(due, 3 * HOUR + 15 * MINUTE));
    expect(mailsTo(late)).toHaveLength(1);
    expect(mailsTo(neverPlanned)).toHaveLength(1);

    // Planned, then the server is back 13 hours after its time (less than 12 before the session): skipped.
    const tooLate = await newPerson();
    await book(tooLate, "2030-03-08", "10:00");
    const dueLater = new Date("2030-03-07T10:00:00Z");
    await tick(later(dueLater, -20 * MINUTE));
    const outcomes = await tick(later(dueLater, 13 * HOUR));
    expect(outcomes.filter((o) => o.kind === "reminders.send")).toEqual([expect.objectContaining({ status: "skipped" })]);
    await tick(later(dueLater, 13 * HOUR + 15 * MINUTE));
    expect(mailsTo(tooLate)).toEqual([]);
  });

  it("is not sent when the member turned it off after it was planned", async () => {
    const member = await newPerson();
    await book(member, "2030-03-06", "10:00");
    const due = new Date("2030-03-05T10:00:00Z");
    await tick(later(due, -20 * MINUTE));
    await saveOwnReminderSettings(member, { ...settings, session: undefined });
    await tick(due);
    expect(mailsTo(member)).toEqual([]);
  });

  it("waits for the end of the member's quiet hours, in their zone; dropped when they end too late", async () => {
    const quiet = await newPerson();
    const tooQuiet = await newPerson();
    // New York is 5 hours behind London in early March: 10:00 UTC is 05:00 there.
    await saveOwnReminderSettings(quiet, { ...settings, quietFrom: "22:00", quietTo: "07:30", timeZone: "America/New_York" });
    await saveOwnReminderSettings(tooQuiet, { ...settings, quietFrom: "00:00", quietTo: "23:00" });
    await book(quiet, "2030-03-06", "10:00");
    await book(tooQuiet, "2030-03-06", "10:00");
    const due = new Date("2030-03-05T10:00:00Z");
    await tick(due);
    expect(mailsTo(quiet)).toEqual([]);
    await tick(new Date("2030-03-05T12:29:00Z"));
    expect(mailsTo(quiet)).toEqual([]);
    await tick(new Date("2030-03-05T12:30:00Z"));
    expect(mailsTo(quiet)).toHaveLength(1);
    await tick(new Date("2030-03-05T23:00:00Z"));
    expect(mailsTo(tooQuiet)).toEqual([]);
  });
});

describe("today's workout", () => {
  it("is off by default; on, it comes at the member's morning hour in their zone on a planned day, not on a rest day or once done", async () => {
    const member = await newPerson();
    // Monday 4 March 2030: 'Upper' on the Monday, nothing on the Tuesday.
    await insertProgramCopy(member.id, "2030-03-04", [[{ dayIndex: 0, title: "Upper", blocks: [] }, { dayIndex: 2, title: "Lower", blocks: [] }]]);
    const sixInNewYork = new Date("2030-03-04T11:00:00Z");
    await tick(sixInNewYork);
    expect(mailsTo(member)).toEqual([]);
    expect((await getOwnReminderSettings(member)).workout).toBe(false);

    await saveOwnReminderSettings(member, { ...settings, workout: "on", morningHour: "6", timeZone: "America/New_York" });
    await tick(later(sixInNewYork, -1));
    expect(mailsTo(member)).toEqual([]);
    await tick(sixInNewYork);
    const mails = mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Today's workout: Upper");
    // Tuesday: a rest day.
    await tick(later(sixInNewYork, 24 * HOUR));
    expect(mailsTo(member)).toHaveLength(1);
  });
});

describe("the check-in reminder", () => {
  it("comes on the morning of the check-in day, not when the check-in was sent already", async () => {
    const member = await newPerson();
    const sent = await newPerson();
    await getDb().insert(checkIn).values({ id: randomUUID(), userId: sent.id, weekOf: "2030-03-10", sleep: 3, energy: 3, stress: 3, hunger: 3, nutritionAdherence: 80 });
    // Sunday 10 March 2030 (the default check-in day), 07:00 in London.
    const morning = new Date("2030-03-10T07:00:00Z");
    await tick(later(morning, -HOUR));
    expect(mailsTo(member)).toEqual([]);
    await tick(morning);
    expect(mailsTo(member)).toHaveLength(1);
    expect(mailsTo(member)[0]).toContain("Subject: Your weekly check-in is due today");
    expect(mailsTo(sent)).toEqual([]);
  });
});

describe("the coach's reply e-mail", () => {
  it("carries its one-click unsubscribe, and is not sent when 'Your coach's reply' is off", async () => {
    const on = await newPerson();
    const off = await newPerson();
    await saveOwnReminderSettings(off, { ...settings, coachReply: undefined });
    const staff = { ...coach, name: "Coach Kim" };
    for (const member of [on, off]) {
      const id = randomUUID();
      await getDb().insert(checkIn).values({ id, userId: member.id, weekOf: "2030-03-10", sleep: 3, energy: 3, stress: 3, hunger: 3, nutritionAdherence: 80 });
      await replyToCheckIn(staff, member.id, id, { reply: "Strong week." });
    }
    await runner.runDueJobs();
    expect(mailsTo(on)).toHaveLength(1);
    expect(mailsTo(on)[0]).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mailsTo(on)[0]).toContain("Your coach's reply");
    expect(mailsTo(off)).toEqual([]);
  });
});

describe("the settings", () => {
  it("refuse what is not a choice, with the field's message, and change nothing", async () => {
    const member = await newPerson();
    const before = await getOwnReminderSettings(member);
    const refused = async (input: Record<string, unknown>) => {
      const error = await saveOwnReminderSettings(member, { ...settings, ...input }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ZodError);
      return (error as ZodError).issues.map((i) => [i.path[0], i.message]);
    };
    expect(await refused({ morningHour: "24" })).toEqual([["morningHour", "Please choose an hour between 00:00 and 23:00"]]);
    expect(await refused({ quietFrom: "22:00" })).toEqual([["quietTo", "Please enter when quiet hours end, or clear both times"]]);
    expect(await refused({ quietFrom: "25:00", quietTo: "07:00" })).toEqual([["quietFrom", "Please enter a time such as 22:00"]]);
    expect(await refused({ quietFrom: "07:00", quietTo: "07:00" })).toEqual([["quietTo", "Quiet hours must end at another time than they start"]]);
    expect(await refused({ timeZone: "Mars/Olympus" })).toEqual([["timeZone", "Your browser's time zone was not recognised; please reload the page and save again"]]);
    expect(await getOwnReminderSettings(member)).toEqual(before);
    expect(before).toEqual({ session: true, workout: false, checkIn: true, coachReply: true, classBooked: true, morningHour: 7, quietFrom: "", quietTo: "", timeZone: "Europe/London" });
  });

  it("are a member's: staff are refused", async () => {
    const error = await saveOwnReminderSettings(coach, settings).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(403);
  });
});
