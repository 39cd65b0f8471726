/**
 * The reminder of a booked group class (decision 0122), with the job clock moved: 24 hours
 * before the class, once, naming the class, its time and its coach, with the one-click
 * unsubscribe of its own kind; none for a cancelled place or class; a place moved at the
 * front desk reminds about the new class only; the switch in Settings and the unsubscribe
 * link both stop it.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { classBooking, groupClass } from "~/db/schema/classes";
import { job } from "~/db/schema/jobs";
import { createJobRunner } from "~/lib/job-runner.server";
import { bookClass, cancelClassBooking } from "~/modules/classes/bookings.server";
import { insertClass } from "~/modules/classes/class-bookings.test-support";
import { cancelClass } from "~/modules/classes/class-changes.server";
import { deskMove } from "~/modules/classes/front-desk.server";
import { newPerson, type Person } from "~/modules/workouts/training.test-support";
import { outboxMails } from "../../../tests/support/outbox";
import { planReminders, planRemindersJob, sendReminderJob } from "./reminder-jobs.server";
import { getOwnReminderSettings, saveOwnReminderSettings, unsubscribeToken, unsubscribeWithToken } from "./reminder-settings.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const runner = createJobRunner([planRemindersJob, sendReminderJob]);
/** Wednesday 6 March 2030, 10:00 in London (GMT): the class; booked two days before. */
const CLASS_AT = new Date("2030-03-06T10:00:00Z");
const BOOKED_AT = new Date(CLASS_AT.getTime() - 48 * HOUR);
const DUE = new Date(CLASS_AT.getTime() - 24 * HOUR);
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

async function tick(now: Date) {
  await planReminders(now);
  return runner.runDueJobs({ now });
}
const mailsTo = (person: Person) => outboxMails().filter((m) => m.includes(`To: ${person.email}`)).map((m) => m.replace(/\r?\n[ \t]+/g, " "));

let coach: Person;

async function aCoachedClass(startsAt: Date = CLASS_AT): Promise<string> {
  const id = await insertClass({ startsAt, capacity: 6 });
  await getDb().update(groupClass).set({ coachId: coach.id }).where(eq(groupClass.id, id));
  return id;
}

beforeEach(async () => {
  await getDb().delete(job);
  await getDb().delete(classBooking);
  await getDb().delete(groupClass);
  coach = await newPerson("trainer");
});

describe("a booked class's reminder", () => {
  it("is sent 24 hours before the class, not before, once, with its coach and its own unsubscribe", async () => {
    const member = await newPerson();
    const classId = await aCoachedClass();
    await bookClass(member, { classId }, BOOKED_AT);
    await tick(later(DUE, -20 * MINUTE));
    await tick(later(DUE, -1));
    expect(mailsTo(member)).toEqual([]);
    await tick(DUE);
    await tick(later(DUE, 15 * MINUTE));
    const mails = mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Reminder: HIIT Training tomorrow at 10:00 AM");
    expect(mails[0]).toMatch(/HIIT Training with Person \d+ /);
    expect(mails[0]).toContain("Wednesday 6 March 2030 at 10:00 AM (45 minutes)");
    expect(mails[0]).toContain(`/services/group-classes#class-${classId}`);
    expect(mails[0]).toContain(`List-Unsubscribe: <`);
    expect(mails[0]).toContain(encodeURIComponent(unsubscribeToken(member.id, "class")));
    expect(mails[0]).toContain("'Group class tomorrow' is on");
  });

  it("is not sent for a cancelled place or a cancelled class", async () => {
    const [gone, stays] = [await newPerson(), await newPerson()];
    const classId = await aCoachedClass();
    await bookClass(gone, { classId }, BOOKED_AT);
    await bookClass(stays, { classId }, BOOKED_AT);
    await tick(later(DUE, -20 * MINUTE));
    await cancelClassBooking(gone, { classId }, later(DUE, -10 * MINUTE));
    const other = await aCoachedClass(later(CLASS_AT, HOUR));
    await bookClass(stays, { classId: other }, BOOKED_AT);
    await cancelClass(coach, other);
    await tick(DUE);
    await tick(later(DUE, HOUR));
    expect(mailsTo(gone)).toEqual([]);
    expect(mailsTo(stays)).toHaveLength(1);
    expect(mailsTo(stays)[0]).toContain("at 10:00 AM");
  });

  it("follows a place moved at the front desk to the new class", async () => {
    const member = await newPerson();
    const from = await aCoachedClass();
    const to = await aCoachedClass(later(CLASS_AT, 2 * HOUR));
    await bookClass(member, { classId: from }, BOOKED_AT);
    await tick(later(DUE, -20 * MINUTE));
    await deskMove(coach, from, { memberId: member.id, toClassId: to }, later(DUE, -10 * MINUTE));
    await tick(DUE);
    await tick(later(DUE, HOUR));
    await tick(later(DUE, 2 * HOUR));
    const mails = mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("at 12:00 PM");
  });

  it("stops when the member switches it off in Settings or follows the unsubscribe link", async () => {
    const [off, unsubscribed] = [await newPerson(), await newPerson()];
    const classId = await aCoachedClass();
    await bookClass(off, { classId }, BOOKED_AT);
    await bookClass(unsubscribed, { classId }, BOOKED_AT);
    await saveOwnReminderSettings(off, { session: "on", checkIn: "on", coachReply: "on", morningHour: "7", quietFrom: "", quietTo: "", timeZone: "Europe/London" });
    expect((await getOwnReminderSettings(off)).classBooked).toBe(false);
    expect(await unsubscribeWithToken(unsubscribeToken(unsubscribed.id, "class"))).toEqual({ kind: "class" });
    expect(await getOwnReminderSettings(unsubscribed)).toMatchObject({ classBooked: false, session: true, coachReply: true });
    await tick(DUE);
    await tick(later(DUE, HOUR));
    expect([...mailsTo(off), ...mailsTo(unsubscribed)]).toEqual([]);
  });
});
