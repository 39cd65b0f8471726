/**
 * The front desk (decision 0120): staff book, move and cancel a member's place through the
 * members' booking engine, with its capacity, waitlist and weekly limit; a staff cancel is
 * late only when staff say so; a move is one transaction that never turns a place into a
 * waiting one; members are refused every desk intent. Runs on PGlite and PostgreSQL.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { classBooking, groupClass } from "~/db/schema/classes";
import { job } from "~/db/schema/jobs";
import { newPerson, type Person } from "~/modules/workouts/training.test-support";
import { bookClass } from "./bookings.server";
import { insertClass, placesOf } from "./class-bookings.test-support";
import { listUpcomingClasses } from "./class-listing.server";
import { deskBook, deskCancel, deskMove, frontDeskChoices, MOVE_WOULD_WAIT, NOT_A_MEMBER, SAME_CLASS } from "./front-desk.server";
import { getRoster } from "./roster.server";

const HOUR = 3_600_000;
/** A Wednesday morning in London: its week runs Sunday 3 to Saturday 9 March 2030. */
const NOW = new Date("2030-03-06T08:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const statusOf = async (classId: string, member: Person) => (await placesOf(classId)).filter((p) => p.memberId === member.id).map((p) => p.status);
const refused = (status: number, message?: string) => expect.objectContaining(message === undefined ? { status } : { status, message });

beforeEach(async () => {
  await getDb().delete(job);
  await getDb().delete(classBooking);
  await getDb().delete(groupClass);
});

describe("staff booking a member", () => {
  it("books the member through the engine: on the roster, on the member's own page, in the audit log", async () => {
    const trainer = await newPerson("trainer");
    const maya = await newPerson();
    const classId = await insertClass({ startsAt: at(24 * HOUR), capacity: 2 });
    expect(await deskBook(trainer, classId, { memberId: maya.id }, NOW)).toMatchObject({ status: "booked" });
    expect(await statusOf(classId, maya)).toEqual(["booked"]);
    const roster = await getRoster(trainer, classId);
    expect(roster.booked.map((p) => p.memberId)).toEqual([maya.id]);
    const own = await listUpcomingClasses(maya, NOW);
    expect(own.classes.find((c) => c.id === classId)?.mine).toMatchObject({ status: "booked" });
    const lines = await getDb().select().from(auditLog).where(and(eq(auditLog.actorId, trainer.id), eq(auditLog.action, "booking.created")));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.summary).toMatch(/^Front desk: booked HIIT Training/);
    // The picker lists members only; the move list, the other classes still ahead.
    const other = await insertClass({ startsAt: at(30 * HOUR), capacity: 2 });
    const started = await insertClass({ startsAt: at(-HOUR), capacity: 2 });
    const choices = await frontDeskChoices(trainer, classId, NOW);
    expect(choices.members.map((p) => p.id)).toContain(maya.id);
    expect(choices.members.map((p) => p.id)).not.toContain(trainer.id);
    const targets = choices.moveTo.map((c) => c.id);
    expect(targets).toContain(other);
    expect(targets).not.toContain(classId);
    expect(targets).not.toContain(started);
  });

  it("keeps the members' rules: a full class means the waitlist, one place each, the weekly limit", async () => {
    const admin = await newPerson("admin");
    const [a, b, c] = [await newPerson(), await newPerson(), await newPerson()];
    const full = await insertClass({ startsAt: at(24 * HOUR), capacity: 1 });
    await bookClass(a, { classId: full }, NOW);
    expect(await deskBook(admin, full, { memberId: b.id }, NOW)).toMatchObject({ status: "waitlisted", position: 1 });
    await expect(deskBook(admin, full, { memberId: b.id }, NOW)).rejects.toEqual(refused(409, "This member is already on the waitlist for this class."));
    // The weekly limit (3) holds at the desk too, said of the member.
    for (const hours of [30, 50, 70]) await deskBook(admin, await insertClass({ startsAt: at(hours * HOUR), capacity: 5 }), { memberId: c.id }, NOW);
    const fourth = await insertClass({ startsAt: at(72 * HOUR), capacity: 5 });
    await expect(deskBook(admin, fourth, { memberId: c.id }, NOW)).rejects.toEqual(refused(409, "Members can book 3 classes a week, and this member has reached that for this week."));
    expect(await placesOf(fourth)).toEqual([]);
  });

  it("gives the last spot once when two desks book at once", async () => {
    const trainer = await newPerson("trainer");
    const [a, b] = [await newPerson(), await newPerson()];
    const classId = await insertClass({ startsAt: at(24 * HOUR), capacity: 1 });
    const results = await Promise.all([deskBook(trainer, classId, { memberId: a.id }, NOW), deskBook(trainer, classId, { memberId: b.id }, NOW)]);
    expect(results.map((r) => r.status).sort()).toEqual(["booked", "waitlisted"]);
  });

  it("refuses members, staff as the member, unknown and started classes; nothing is written", async () => {
    const trainer = await newPerson("trainer");
    const maya = await newPerson();
    const other = await newPerson();
    const classId = await insertClass({ startsAt: at(24 * HOUR), capacity: 4 });
    await expect(deskBook(maya, classId, { memberId: other.id }, NOW)).rejects.toEqual(refused(403));
    await expect(deskCancel(maya, classId, { memberId: other.id }, NOW)).rejects.toEqual(refused(403));
    await expect(deskMove(maya, classId, { memberId: other.id, toClassId: classId }, NOW)).rejects.toEqual(refused(403));
    await expect(frontDeskChoices(maya, classId, NOW)).rejects.toEqual(refused(403));
    await expect(deskBook(trainer, classId, { memberId: trainer.id }, NOW)).rejects.toEqual(expect.objectContaining({ status: 400, fieldErrors: { memberId: NOT_A_MEMBER } }));
    await expect(deskBook(trainer, classId, {}, NOW)).rejects.toThrow(NOT_A_MEMBER);
    await expect(deskBook(trainer, "no-such-class", { memberId: maya.id }, NOW)).rejects.toEqual(refused(404));
    const started = await insertClass({ startsAt: at(-HOUR), capacity: 4 });
    await expect(deskBook(trainer, started, { memberId: maya.id }, NOW)).rejects.toEqual(refused(409));
    expect([...(await placesOf(classId)), ...(await placesOf(started))]).toEqual([]);
  });
});

describe("staff cancelling a member's place", () => {
  it("is not a late cancel inside the cut-off unless staff say so, and frees the spot for the first waiting", async () => {
    const trainer = await newPerson("trainer");
    const [a, b, w] = [await newPerson(), await newPerson(), await newPerson()];
    const soon = await insertClass({ startsAt: at(HOUR), capacity: 2 });
    await bookClass(a, { classId: soon }, NOW);
    await bookClass(b, { classId: soon }, NOW);
    await bookClass(w, { classId: soon }, NOW);
    expect(await deskCancel(trainer, soon, { memberId: a.id }, NOW)).toMatchObject({ status: "cancelled" });
    expect(await deskCancel(trainer, soon, { memberId: b.id, late: "on" }, NOW)).toMatchObject({ status: "late_cancelled" });
    // Inside the cut-off the first waiting member is offered the freed spot.
    expect(await statusOf(soon, w)).toEqual(["offered"]);
    // Outside the cut-off, 'late' changes nothing: a plain cancel.
    const later = await insertClass({ startsAt: at(48 * HOUR), capacity: 2 });
    await bookClass(a, { classId: later }, NOW);
    expect(await deskCancel(trainer, later, { memberId: a.id, late: "on" }, NOW)).toMatchObject({ status: "cancelled" });
    await expect(deskCancel(trainer, later, { memberId: a.id }, NOW)).rejects.toEqual(refused(404, "This member has no place in this class."));
    const lines = await getDb().select().from(auditLog).where(and(eq(auditLog.actorId, trainer.id), eq(auditLog.action, "booking.cancelled")));
    expect(lines.map((l) => l.summary.split(" the place")[0]).sort()).toEqual(["Front desk: cancelled", "Front desk: cancelled", "Front desk: late-cancelled"]);
  });
});

describe("staff moving a member's place", () => {
  it("moves the place in one step, frees the old spot, and works at the weekly limit within the week", async () => {
    const trainer = await newPerson("trainer");
    const [m, w] = [await newPerson(), await newPerson()];
    const from = await insertClass({ startsAt: at(24 * HOUR), capacity: 1 });
    const to = await insertClass({ startsAt: at(26 * HOUR), capacity: 3 });
    for (const hours of [30, 50]) await bookClass(m, { classId: await insertClass({ startsAt: at(hours * HOUR), capacity: 3 }) }, NOW);
    await bookClass(m, { classId: from }, NOW);
    await bookClass(w, { classId: from }, NOW);
    expect(await deskMove(trainer, from, { memberId: m.id, toClassId: to }, NOW)).toMatchObject({ status: "booked", className: "HIIT Training" });
    expect(await statusOf(from, m)).toEqual(["cancelled"]);
    expect(await statusOf(to, m)).toEqual(["booked"]);
    expect(await statusOf(from, w)).toEqual(["booked"]);
    expect(await getDb().select().from(auditLog).where(and(eq(auditLog.actorId, trainer.id), eq(auditLog.action, "booking.moved")))).toHaveLength(1);
  });

  it("refuses a move into a full class, into the same class, or of a member without a place; nothing changes", async () => {
    const trainer = await newPerson("trainer");
    const [m, x] = [await newPerson(), await newPerson()];
    const from = await insertClass({ startsAt: at(24 * HOUR), capacity: 2 });
    const full = await insertClass({ startsAt: at(26 * HOUR), capacity: 1 });
    await bookClass(m, { classId: from }, NOW);
    await bookClass(x, { classId: full }, NOW);
    await expect(deskMove(trainer, from, { memberId: m.id, toClassId: full }, NOW)).rejects.toEqual(refused(409, MOVE_WOULD_WAIT));
    await expect(deskMove(trainer, from, { memberId: m.id, toClassId: from }, NOW)).rejects.toEqual(expect.objectContaining({ status: 400, fieldErrors: { toClassId: SAME_CLASS } }));
    await expect(deskMove(trainer, full, { memberId: m.id, toClassId: from }, NOW)).rejects.toEqual(refused(404));
    expect(await statusOf(from, m)).toEqual(["booked"]);
    expect(await statusOf(full, m)).toEqual([]);
  });
});
