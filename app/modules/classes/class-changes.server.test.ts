import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { classBooking, classType, groupClass } from "~/db/schema/classes";
import { job } from "~/db/schema/jobs";
import { addDays, todayIn } from "~/lib/time-zone";
import { addExtraClass, cancelClass, cancelLockedClass, changeClass, IN_THE_FUTURE, TYPE_NOT_ACTIVE } from "./class-changes.server";
import { CLASS_CANCELLED, CLASS_IN_PAST, CLASS_NOT_FOUND, lockExistingClass, NOT_A_COACH } from "./class-staff.server";
import { aClass, classRow, clearOutbox, makePerson, place, recipients, sentMail, statuses, type Actor } from "./class-staff.test-support";

let trainer: Actor;
let admin: Actor;
let maya: Actor;
let omar: Actor;
let lina: Actor;
let ravi: Actor;

const inDays = (n: number) => addDays(todayIn("Europe/London"), n);

beforeAll(async () => {
  trainer = await makePerson("trainer@classes-changes.test", "Terry Trainer", "trainer");
  admin = await makePerson("admin@classes-changes.test", "Ada Admin", "admin");
  maya = await makePerson("maya@classes-changes.test", "Maya Member", "member");
  omar = await makePerson("omar@classes-changes.test", "Omar Other", "member");
  lina = await makePerson("lina@classes-changes.test", "Lina Late", "member");
  ravi = await makePerson("ravi@classes-changes.test", "Ravi Waiting", "member");
});

beforeEach(async () => {
  await getDb().delete(groupClass);
  await getDb().delete(job);
  await getDb().update(classType).set({ archivedAt: null });
  clearOutbox();
});

const refusal = (status: number, message: string) => expect.objectContaining({ status, message });

describe("cancelling a class", () => {
  it("releases every place, tells booked, offered and waiting members once, and frees nothing to promote", async () => {
    const id = await aClass({ capacity: 2 });
    await place(id, maya.id, "booked");
    await place(id, omar.id, "offered");
    await place(id, ravi.id, "waitlisted");
    await place(id, lina.id, "cancelled");
    expect(await cancelClass(trainer, id)).toEqual({ alreadyCancelled: false, told: 3 });
    const row = await classRow(id);
    expect(row).toMatchObject({ status: "cancelled", revision: 1 });
    expect(row.cancelledAt).not.toBeNull();
    // Nothing stays waiting or offered: no promotion can follow.
    expect(await statuses(id)).toEqual({ [maya.id]: "cancelled", [omar.id]: "cancelled", [ravi.id]: "cancelled", [lina.id]: "cancelled" });
    const mails = await sentMail();
    expect(recipients(mails)).toEqual([maya.email, omar.email, ravi.email].sort());
    expect(mails.find((m) => m.includes(maya.email))).toContain("A class you booked has been cancelled");
    expect(mails.find((m) => m.includes(ravi.email))).toContain("waitlist you were on has been cancelled");
    expect(mails[0]).toMatch(/Subject: Class cancelled: HIIT Training/);
  });

  it("cancelling twice changes nothing and e-mails nobody again", async () => {
    const id = await aClass();
    await place(id, maya.id, "booked");
    await cancelClass(admin, id);
    expect(await sentMail()).toHaveLength(1);
    expect(await cancelClass(admin, id)).toEqual({ alreadyCancelled: true, told: 0 });
    expect((await classRow(id)).revision).toBe(1);
    expect(await sentMail()).toHaveLength(1);
  });

  it("staff cancelling at the same moment: one cancels, the others wait for the class's lock and change nothing; one e-mail", async () => {
    const id = await aClass();
    await place(id, maya.id, "booked");
    await place(id, omar.id, "waitlisted");
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => cancelClass(i % 2 ? trainer : admin, id)));
    expect(results.filter((r) => !r.alreadyCancelled)).toEqual([{ alreadyCancelled: false, told: 2 }]);
    expect((await classRow(id)).revision).toBe(1);
    expect(recipients(await sentMail())).toEqual([maya.email, omar.email].sort());
  });

  // PostgreSQL only: PGlite has one connection, so a second transaction cannot start while one holds the lock.
  if (process.env.DATABASE_URL)
    it("a cancel waits for the class's lock held by another change, then finds the class cancelled", async () => {
      const id = await aClass();
      await place(id, maya.id, "booked");
      const waitingForLocks = async () => ((await getDb().execute(sql`select count(*)::int as n from pg_locks where not granted`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
      let second: ReturnType<typeof cancelClass> | undefined;
      await getDb().transaction(async (tx) => {
        const row = await lockExistingClass(tx, id);
        second = cancelClass(admin, id);
        // The other cancel is on a connection of its own, waiting for this transaction's lock.
        await expect.poll(waitingForLocks).toBeGreaterThan(0);
        await cancelLockedClass(tx, row, new Date());
      });
      expect(await second).toEqual({ alreadyCancelled: true, told: 0 });
      expect((await classRow(id)).revision).toBe(1);
      expect(await sentMail()).toHaveLength(1);
    });

  it("refuses a class that has started, an unknown class, and anyone but staff", async () => {
    const past = await aClass({ hours: -1 });
    await place(past, maya.id, "booked");
    await expect(cancelClass(trainer, past)).rejects.toEqual(refusal(409, CLASS_IN_PAST));
    await expect(cancelClass(trainer, "no-such-class")).rejects.toEqual(refusal(404, CLASS_NOT_FOUND));
    const id = await aClass();
    await place(id, maya.id, "booked");
    await expect(cancelClass(maya, id)).rejects.toEqual(refusal(403, "You do not have permission to do that."));
    expect((await classRow(id)).status).toBe("scheduled");
    expect((await classRow(past)).status).toBe("scheduled");
    expect(await sentMail()).toEqual([]);
  });
});

describe("changing one class", () => {
  it("moves it, marks it changed, counts a revision and e-mails the booked and the waiting members", async () => {
    const id = await aClass({ slotId: "class-slot-mon-am", slotDate: inDays(2) });
    await place(id, maya.id, "booked");
    await place(id, omar.id, "waitlisted");
    const result = await changeClass(trainer, id, { date: inDays(3), time: "18:30", coachId: trainer.id, location: "Studio 2" });
    expect(result).toEqual({ changed: true, told: 2 });
    const row = await classRow(id);
    expect(row).toMatchObject({ coachId: trainer.id, location: "Studio 2", revision: 1, slotDate: inDays(2), slotId: "class-slot-mon-am" });
    expect(row.changedAt).not.toBeNull();
    const mails = await sentMail();
    expect(recipients(mails)).toEqual([maya.email, omar.email].sort());
    for (const mail of mails) {
      expect(mail).toContain("Room: Studio 2");
      expect(mail).toContain("Coach: Terry Trainer");
      expect(mail).toContain("6:30 PM");
    }
    expect(mails.find((m) => m.includes(`To: ${omar.email}`))).toContain("You keep your place in the queue");
    expect(await statuses(id)).toEqual({ [maya.id]: "booked", [omar.id]: "waitlisted" });
  });

  it("saving the same details writes nothing and e-mails nobody", async () => {
    const id = await aClass();
    await place(id, maya.id, "booked");
    const { startsAt, location } = await classRow(id);
    const london = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(startsAt);
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(startsAt);
    expect(await changeClass(trainer, id, { date, time: london, coachId: "", location })).toEqual({ changed: false, told: 0 });
    expect((await classRow(id)).revision).toBe(0);
    expect(await sentMail()).toEqual([]);
  });

  it("refuses a past class, a time that has passed, a coach who is not staff and a cancelled class, changing nothing", async () => {
    const past = await aClass({ hours: -2 });
    await expect(changeClass(trainer, past, { date: inDays(5), time: "10:00" })).rejects.toEqual(refusal(409, CLASS_IN_PAST));
    const id = await aClass();
    await expect(changeClass(trainer, id, { date: inDays(-1), time: "10:00" })).rejects.toEqual(expect.objectContaining({ status: 400, fieldErrors: { time: IN_THE_FUTURE } }));
    await expect(changeClass(trainer, id, { date: inDays(5), time: "10:00", coachId: maya.id })).rejects.toEqual(expect.objectContaining({ status: 400, fieldErrors: { coachId: NOT_A_COACH } }));
    await expect(changeClass(trainer, id, { date: "2026-02-30", time: "25:00" })).rejects.toBeInstanceOf(ZodError);
    await expect(changeClass(omar, id, { date: inDays(5), time: "10:00" })).rejects.toEqual(refusal(403, "You do not have permission to do that."));
    await cancelClass(trainer, id);
    await expect(changeClass(trainer, id, { date: inDays(5), time: "10:00" })).rejects.toEqual(refusal(409, CLASS_CANCELLED));
    expect((await classRow(id)).changedAt).toBeNull();
  });
});

describe("extra classes", () => {
  it("adds a class of an active type with its capacity and duration, made by no timetable row", async () => {
    const { id, date } = await addExtraClass(trainer, { classTypeId: "class-type-core", date: inDays(4), time: "12:15", coachId: admin.id, location: "Park" });
    expect(date).toBe(inDays(4));
    expect(await classRow(id)).toMatchObject({ slotId: null, slotDate: null, capacity: 12, durationMinutes: 45, coachId: admin.id, location: "Park", status: "scheduled" });
  });

  it("refuses an archived type, a time that has passed and members", async () => {
    await getDb().update(classType).set({ archivedAt: new Date() }).where(eq(classType.id, "class-type-core"));
    await expect(addExtraClass(trainer, { classTypeId: "class-type-core", date: inDays(4), time: "12:15" })).rejects.toEqual(expect.objectContaining({ status: 400, fieldErrors: { classTypeId: TYPE_NOT_ACTIVE } }));
    await expect(addExtraClass(trainer, { classTypeId: "class-type-hiit", date: inDays(-3), time: "12:15" })).rejects.toEqual(expect.objectContaining({ status: 400, fieldErrors: { time: IN_THE_FUTURE } }));
    await expect(addExtraClass(maya, { classTypeId: "class-type-hiit", date: inDays(4), time: "12:15" })).rejects.toEqual(refusal(403, "You do not have permission to do that."));
    expect(await getDb().select().from(groupClass)).toEqual([]);
    expect(await getDb().select().from(classBooking)).toEqual([]);
  });
});
