/**
 * Attendance from the doors' opening (decision 0121): a mark is taken from 30 minutes
 * before the start, never earlier; 'Mark everyone attended' turns every plain booked place
 * into attended at once and touches nothing else; both are staff's, under the class lock.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { groupClass } from "~/db/schema/classes";
import { cancelClass } from "./class-changes.server";
import { aClass, classRow, makePerson, place, statuses, type Actor } from "./class-staff.test-support";
import { CANCELLED_CLASS, markAttendance, markEveryoneAttended, NOT_STARTED } from "./roster.server";

const MINUTE = 60_000;
let trainer: Actor;
let maya: Actor;
let omar: Actor;
let ravi: Actor;
let nora: Actor;

beforeAll(async () => {
  trainer = await makePerson("trainer@attendance-door.test", "Tess Trainer", "trainer");
  maya = await makePerson("maya@attendance-door.test", "Maya Member", "member");
  omar = await makePerson("omar@attendance-door.test", "Omar Member", "member");
  ravi = await makePerson("ravi@attendance-door.test", "Ravi Waiting", "member");
  nora = await makePerson("nora@attendance-door.test", "Nora Offered", "member");
});

beforeEach(async () => {
  await getDb().delete(groupClass);
});

const refused = (status: number, message?: string) => expect.objectContaining(message === undefined ? { status } : { status, message });

describe("the doors open 30 minutes before the start", () => {
  it("takes a mark from 30 minutes before, never earlier", async () => {
    const id = await aClass({ hours: 3 });
    const startsAt = (await classRow(id)).startsAt.getTime();
    const booking = await place(id, maya.id, "booked");
    await expect(markAttendance(trainer, id, { bookingId: booking, mark: "attended" }, new Date(startsAt - 31 * MINUTE))).rejects.toEqual(refused(409, NOT_STARTED));
    await expect(markEveryoneAttended(trainer, id, new Date(startsAt - 31 * MINUTE))).rejects.toEqual(refused(409, NOT_STARTED));
    expect(await statuses(id)).toEqual({ [maya.id]: "booked" });
    expect(await markAttendance(trainer, id, { bookingId: booking, mark: "attended" }, new Date(startsAt - 30 * MINUTE))).toEqual({ name: "Maya Member", mark: "attended" });
  });
});

describe("mark everyone attended", () => {
  it("marks every booked place attended and leaves marks, offers, the waitlist and cancels alone", async () => {
    const id = await aClass({ hours: 0.25 });
    await place(id, maya.id, "booked");
    await place(id, omar.id, "no_show");
    await place(id, nora.id, "offered");
    await place(id, ravi.id, "waitlisted");
    const other = await aClass({ hours: 0.25 });
    await place(other, maya.id, "booked");
    expect(await markEveryoneAttended(trainer, id)).toEqual({ marked: 1 });
    expect(await statuses(id)).toEqual({ [maya.id]: "attended", [omar.id]: "no_show", [nora.id]: "offered", [ravi.id]: "waitlisted" });
    expect(await statuses(other)).toEqual({ [maya.id]: "booked" });
    // Again: nothing left to mark.
    expect(await markEveryoneAttended(trainer, id)).toEqual({ marked: 0 });
  });

  it("refuses members, unknown and cancelled classes; nothing changes", async () => {
    const id = await aClass({ hours: 0.25 });
    await place(id, maya.id, "booked");
    await expect(markEveryoneAttended(maya, id)).rejects.toEqual(refused(403));
    await expect(markEveryoneAttended(trainer, "no-such-class")).rejects.toEqual(refused(404));
    await cancelClass(trainer, id);
    await expect(markEveryoneAttended(trainer, id)).rejects.toEqual(refused(409, CANCELLED_CLASS));
    expect(await statuses(id)).toEqual({ [maya.id]: "cancelled" });
  });
});
