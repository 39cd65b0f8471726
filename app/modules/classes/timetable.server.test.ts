import { eq, isNull } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { classSlot, groupClass } from "~/db/schema/classes";
import { job } from "~/db/schema/jobs";
import { addDays, todayIn, weekdayOf } from "~/lib/time-zone";
import { MAX_TIMETABLE_ROWS } from "./classes.schema";
import { changeClass } from "./class-changes.server";
import { addTimetableRow, listTimetable, removeTimetableRow, ROW_NOT_FOUND, TOO_MANY_ROWS, TYPE_NOT_ACTIVE, updateTimetableRow } from "./timetable.server";
import { aClass, classRow, clearOutbox, makePerson, place, recipients, sentMail, statuses, type Actor } from "./class-staff.test-support";

let trainer: Actor;
let admin: Actor;
let maya: Actor;
let omar: Actor;

const ROW = "class-slot-mon-am";
/** The next Monday at least a week away, so its classes are upcoming whatever today is. */
function aMonday(weeksAhead = 1): string {
  let date = addDays(todayIn("Europe/London"), 7 * weeksAhead);
  while (weekdayOf(date) !== 1) date = addDays(date, 1);
  return date;
}

beforeAll(async () => {
  trainer = await makePerson("trainer@classes-timetable.test", "Terry Trainer", "trainer");
  admin = await makePerson("admin@classes-timetable.test", "Ada Admin", "admin");
  maya = await makePerson("maya@classes-timetable.test", "Maya Member", "member");
  omar = await makePerson("omar@classes-timetable.test", "Omar Other", "member");
});

beforeEach(async () => {
  await getDb().delete(groupClass);
  await getDb().delete(job);
  await getDb().delete(classSlot).where(eq(classSlot.location, "Bulk"));
  await getDb().update(classSlot).set({ archivedAt: null, coachId: null, location: "", weekday: 1, startMinute: 360, classTypeId: "class-type-hiit" }).where(eq(classSlot.id, ROW));
  clearOutbox();
});

describe("the weekly timetable", () => {
  it("lists the spec's seven rows Monday first; a trainer adds a row with a coach and a room", async () => {
    expect((await listTimetable(trainer)).map((r) => `${r.weekdayName} ${r.time} ${r.typeName}`).slice(0, 2)).toEqual(["Monday 06:00 HIIT Training", "Monday 19:00 Strength & Conditioning"]);
    const { id } = await addTimetableRow(trainer, { weekday: "0", time: "10:30", classTypeId: "class-type-core", coachId: admin.id, location: "Studio 2" });
    expect((await listTimetable(admin)).at(-1)).toMatchObject({ id, weekdayName: "Sunday", time: "10:30", coachName: "Ada Admin", location: "Studio 2" });
    await getDb().delete(classSlot).where(eq(classSlot.id, id));
  });

  it("refuses an archived or unknown type, a coach who is not staff, bad times, members; and holds at most the cap", async () => {
    await expect(addTimetableRow(trainer, { weekday: "1", time: "07:00", classTypeId: "nope" })).rejects.toEqual(expect.objectContaining({ status: 400, fieldErrors: { classTypeId: TYPE_NOT_ACTIVE } }));
    await expect(addTimetableRow(trainer, { weekday: "1", time: "07:00", classTypeId: "class-type-hiit", coachId: maya.id })).rejects.toEqual(expect.objectContaining({ status: 400 }));
    await expect(addTimetableRow(trainer, { weekday: "7", time: "24:00", classTypeId: "class-type-hiit" })).rejects.toThrow();
    await expect(addTimetableRow(maya, { weekday: "1", time: "07:00", classTypeId: "class-type-hiit" })).rejects.toEqual(expect.objectContaining({ status: 403 }));
    const active = (await getDb().select().from(classSlot).where(isNull(classSlot.archivedAt))).length;
    await getDb()
      .insert(classSlot)
      .values(Array.from({ length: MAX_TIMETABLE_ROWS - active }, (_, i) => ({ id: `bulk-${i}`, classTypeId: "class-type-core", weekday: 0, startMinute: i, location: "Bulk" })));
    await expect(addTimetableRow(trainer, { weekday: "1", time: "07:00", classTypeId: "class-type-hiit" })).rejects.toEqual(expect.objectContaining({ status: 409, message: TOO_MANY_ROWS }));
  });

  it("an edit moves the row's upcoming classes not changed one-off, tells their booked and waiting members, and leaves past and changed ones", async () => {
    const monday = aMonday();
    const plain = await aClass({ slotId: ROW, slotDate: monday });
    const changed = await aClass({ slotId: ROW, slotDate: addDays(monday, 7) });
    const past = await aClass({ slotId: ROW, slotDate: "2020-01-06", hours: -24 });
    await place(plain, maya.id, "booked");
    await place(plain, omar.id, "waitlisted");
    await changeClass(trainer, changed, { date: addDays(monday, 7), time: "08:00", location: "Hall" });
    await sentMail();
    clearOutbox();

    const result = await updateTimetableRow(trainer, ROW, { weekday: "2", time: "07:15", classTypeId: "class-type-hiit", coachId: trainer.id, location: "Studio 3" });
    expect(result).toEqual({ classesUpdated: 1 });
    const moved = await classRow(plain);
    expect(moved).toMatchObject({ slotDate: addDays(monday, 1), location: "Studio 3", coachId: trainer.id, revision: 1, changedAt: null });
    expect(moved.startsAt.toISOString()).toMatch(/T0[67]:15:00/);
    expect(await classRow(changed)).toMatchObject({ location: "Hall", slotDate: addDays(monday, 7) });
    expect(await classRow(past)).toMatchObject({ location: "Studio 1", slotDate: "2020-01-06", revision: 0 });
    expect(recipients(await sentMail())).toEqual([maya.email, omar.email].sort());
    expect(await statuses(plain)).toEqual({ [maya.id]: "booked", [omar.id]: "waitlisted" });
  });

  it("a new type on a row brings its capacity to the upcoming classes (never below the spots taken) and promotes their waitlists", async () => {
    const id = await aClass({ slotId: ROW, slotDate: aMonday(2), capacity: 1 });
    await place(id, maya.id, "booked");
    await place(id, omar.id, "waitlisted");
    await updateTimetableRow(admin, ROW, { weekday: "1", time: "06:00", classTypeId: "class-type-core", location: "" });
    expect(await classRow(id)).toMatchObject({ classTypeId: "class-type-core", capacity: 12, durationMinutes: 45 });
    expect(await statuses(id)).toEqual({ [maya.id]: "booked", [omar.id]: "booked" });
  });

  it("removing a row archives it and cancels its upcoming classes, each member told once; a second removal is refused", async () => {
    const first = await aClass({ slotId: ROW, slotDate: aMonday() });
    const second = await aClass({ slotId: ROW, slotDate: addDays(aMonday(), 7) });
    await place(first, maya.id, "booked");
    await place(second, maya.id, "booked");
    await place(second, omar.id, "waitlisted");
    expect(await removeTimetableRow(trainer, ROW)).toEqual({ cancelled: 2, told: 3 });
    expect((await classRow(first)).status).toBe("cancelled");
    expect(await statuses(second)).toEqual({ [maya.id]: "cancelled", [omar.id]: "cancelled" });
    expect(recipients(await sentMail())).toEqual([maya.email, maya.email, omar.email].sort());
    await expect(removeTimetableRow(trainer, ROW)).rejects.toEqual(expect.objectContaining({ status: 404, message: ROW_NOT_FOUND }));
    await expect(updateTimetableRow(trainer, ROW, { weekday: "1", time: "06:00", classTypeId: "class-type-hiit" })).rejects.toEqual(expect.objectContaining({ status: 404 }));
    expect(await sentMail()).toHaveLength(3);
    expect((await listTimetable(trainer)).some((r) => r.id === ROW)).toBe(false);
  });

  it("members may not edit or remove rows", async () => {
    await expect(updateTimetableRow(maya, ROW, { weekday: "1", time: "06:00", classTypeId: "class-type-hiit" })).rejects.toEqual(expect.objectContaining({ status: 403 }));
    await expect(removeTimetableRow(omar, ROW)).rejects.toEqual(expect.objectContaining({ status: 403 }));
    await expect(listTimetable(maya)).rejects.toEqual(expect.objectContaining({ status: 403 }));
  });
});
