import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { groupClass } from "~/db/schema/classes";
import { cancelClass } from "./class-changes.server";
import { todayIn, zonedToUtc } from "~/lib/time-zone";
import { CLASS_NOT_FOUND, siteTimeZone } from "./class-staff.server";
import { BOOKING_NOT_FOUND, CANCELLED_CLASS, OTHER_PLACE, getMemberClassAttendance, getRoster, listClassWeek, markAttendance, NOT_BOOKED, NOT_STARTED } from "./roster.server";
import { aClass, makePerson, place, statuses, type Actor } from "./class-staff.test-support";

let trainer: Actor;
let admin: Actor;
let maya: Actor;
let omar: Actor;
let ravi: Actor;
let nora: Actor;

beforeAll(async () => {
  trainer = await makePerson("trainer@classes-roster.test", "Terry Trainer", "trainer");
  admin = await makePerson("admin@classes-roster.test", "Ada Admin", "admin");
  maya = await makePerson("maya@classes-roster.test", "Maya Member", "member");
  omar = await makePerson("omar@classes-roster.test", "Omar Offered", "member");
  ravi = await makePerson("ravi@classes-roster.test", "Ravi Waiting", "member");
  nora = await makePerson("nora@classes-roster.test", "Nora Next", "member");
});

beforeEach(async () => {
  await getDb().delete(groupClass);
});

const denied = expect.objectContaining({ status: 403 });

describe("the roster", () => {
  it("shows who is booked, whose offer is pending and who waits in arrival order, with each member's counts", async () => {
    const earlier = await aClass({ hours: -72 });
    await place(earlier, maya.id, "attended");
    await place(earlier, omar.id, "no_show");
    const id = await aClass();
    await place(id, maya.id, "booked");
    await place(id, omar.id, "offered");
    await place(id, nora.id, "waitlisted");
    await place(id, ravi.id, "waitlisted");
    const roster = await getRoster(trainer, id);
    expect(roster).toMatchObject({ typeName: "HIIT Training", capacity: 8, started: false, cancelled: false });
    expect(roster.booked.map((b) => [b.name, b.counts])).toEqual([["Maya Member", { attended: 1, noShow: 0, lateCancelled: 0 }]]);
    expect(roster.offered.map((b) => b.name)).toEqual(["Omar Offered"]);
    expect(roster.offered[0]?.counts).toEqual({ attended: 0, noShow: 1, lateCancelled: 0 });
    expect(roster.waiting.map((b) => b.name)).toEqual(["Nora Next", "Ravi Waiting"]);
  });

  it("lists a week's classes with spots taken and waiting", async () => {
    const id = await aClass({ hours: 24 });
    await place(id, maya.id, "booked");
    await place(id, omar.id, "offered");
    await place(id, ravi.id, "waitlisted");
    const week = await listClassWeek(admin, 0);
    expect(week.classes.find((c) => c.id === id)).toMatchObject({ taken: 2, waiting: 1, offered: 1, capacity: 8, typeName: "HIIT Training", extra: true });
    // The timetable's classes of the week are made as the list is read.
    expect(week.classes.filter((c) => !c.extra).length).toBeGreaterThanOrEqual(7);
  });

  it("keeps a class that began before midnight on this week's list while it is under way", async () => {
    const timeZone = await siteTimeZone();
    vi.useFakeTimers({ toFake: ["Date"], now: zonedToUtc(todayIn(timeZone), "00:00", timeZone).getTime() + 5 * 60_000 });
    try {
      const running = await aClass({ hours: -0.25 });
      const ended = await aClass({ hours: -1 });
      const thisWeek = await listClassWeek(admin, 0);
      expect(thisWeek.classes.find((c) => c.id === running)).toMatchObject({ past: true });
      expect(thisWeek.classes.map((c) => c.id)).not.toContain(ended);
      expect((await listClassWeek(admin, -1)).classes.map((c) => c.id)).toEqual(expect.arrayContaining([running, ended]));
    } finally {
      vi.useRealTimers();
    }
  });

  it("is for staff only", async () => {
    const id = await aClass();
    await expect(getRoster(maya, id)).rejects.toEqual(denied);
    await expect(listClassWeek(maya, 0)).rejects.toEqual(denied);
    await expect(getMemberClassAttendance(maya, maya.id)).rejects.toEqual(denied);
    await expect(getRoster(trainer, "no-such-class")).rejects.toEqual(expect.objectContaining({ status: 404, message: CLASS_NOT_FOUND }));
  });
});

describe("attendance", () => {
  it("is marked at the door once the class has started, may be corrected, and counts per member", async () => {
    const id = await aClass({ hours: -0.25 });
    const booking = await place(id, maya.id, "booked");
    const other = await place(id, omar.id, "booked");
    expect(await markAttendance(trainer, id, { bookingId: booking, mark: "no_show" })).toEqual({ name: "Maya Member", mark: "no_show" });
    await markAttendance(admin, id, { bookingId: booking, mark: "attended" });
    await markAttendance(trainer, id, { bookingId: other, mark: "late_cancelled" });
    expect(await statuses(id)).toEqual({ [maya.id]: "attended", [omar.id]: "late_cancelled" });
    expect(await getMemberClassAttendance(trainer, maya.id)).toEqual({ attended: 1, noShow: 0, lateCancelled: 0 });
    expect(await getMemberClassAttendance(trainer, omar.id)).toEqual({ attended: 0, noShow: 0, lateCancelled: 1 });
  });

  it("refuses before the start, a cancelled class, a waiting member, another class's booking and members; nothing changes", async () => {
    const upcoming = await aClass({ hours: 2 });
    const early = await place(upcoming, maya.id, "booked");
    await expect(markAttendance(trainer, upcoming, { bookingId: early, mark: "attended" })).rejects.toEqual(expect.objectContaining({ status: 409, message: NOT_STARTED }));

    const started = await aClass({ hours: -1 });
    const waiting = await place(started, ravi.id, "waitlisted");
    const booked = await place(started, maya.id, "booked");
    await expect(markAttendance(trainer, started, { bookingId: waiting, mark: "attended" })).rejects.toEqual(expect.objectContaining({ status: 409, message: NOT_BOOKED }));
    await expect(markAttendance(trainer, started, { bookingId: early, mark: "attended" })).rejects.toEqual(expect.objectContaining({ status: 404, message: BOOKING_NOT_FOUND }));
    await expect(markAttendance(maya, started, { bookingId: booked, mark: "attended" })).rejects.toEqual(denied);
    await expect(markAttendance(trainer, started, { bookingId: booked, mark: "present" })).rejects.toThrow();

    const cancelled = await aClass({ hours: 1 });
    const gone = await place(cancelled, nora.id, "booked");
    await cancelClass(trainer, cancelled);
    await getDb().update(groupClass).set({ startsAt: new Date(Date.now() - 60_000) });
    await expect(markAttendance(trainer, cancelled, { bookingId: gone, mark: "attended" })).rejects.toEqual(expect.objectContaining({ status: 409, message: CANCELLED_CLASS }));
    expect(await statuses(started)).toEqual({ [ravi.id]: "waitlisted", [maya.id]: "booked" });

    // A late cancel turned back into attended while the member holds a newer place: refused, not a 500.
    const late = await place(started, omar.id, "late_cancelled");
    await place(started, omar.id, "booked");
    await expect(markAttendance(trainer, started, { bookingId: late, mark: "attended" })).rejects.toEqual(expect.objectContaining({ status: 409, message: OTHER_PLACE }));
    expect(await statuses(upcoming)).toEqual({ [maya.id]: "booked" });
  });
});
