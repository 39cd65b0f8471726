import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { classSlot, groupClass } from "~/db/schema/classes";
import { makeClasses, minuteToTime } from "./class-dates.server";

// A Monday in winter and the Monday after the clocks went forward in London.
const WINTER_MONDAY = "2026-12-07";
const SUMMER_MONDAY = "2027-04-05";

describe("makeClasses", () => {
  beforeEach(async () => {
    await getDb().delete(groupClass);
    await getDb().update(classSlot).set({ archivedAt: null });
  });

  it("makes a week of the spec's timetable once, however often it is asked", async () => {
    const span = { from: WINTER_MONDAY, days: 7, timeZone: "Europe/London" };
    const [first, again] = await Promise.all([makeClasses(getDb(), span), makeClasses(getDb(), span)]);
    expect(first + again).toBe(7);
    expect(await makeClasses(getDb(), span)).toBe(0);
    const monday = await getDb()
      .select({ startsAt: groupClass.startsAt, capacity: groupClass.capacity, duration: groupClass.durationMinutes })
      .from(groupClass)
      .where(eq(groupClass.slotDate, WINTER_MONDAY))
      .orderBy(groupClass.startsAt);
    expect(monday).toEqual([
      { startsAt: new Date("2026-12-07T06:00:00Z"), capacity: 8, duration: 45 },
      { startsAt: new Date("2026-12-07T19:00:00Z"), capacity: 6, duration: 60 },
    ]);
  });

  it("reads the time in the site's zone (summer time) and skips archived rows", async () => {
    await getDb().update(classSlot).set({ archivedAt: new Date() }).where(eq(classSlot.id, "class-slot-mon-pm"));
    expect(await makeClasses(getDb(), { from: SUMMER_MONDAY, days: 1, timeZone: "Europe/London" })).toBe(1);
    const [only] = await getDb().select().from(groupClass).where(eq(groupClass.slotDate, SUMMER_MONDAY));
    expect(only?.startsAt).toEqual(new Date("2027-04-05T05:00:00Z"));
    expect(only?.slotId).toBe("class-slot-mon-am");
  });

  it("writes a start minute as a wall-clock time", () => {
    expect([0, 360, 1140, 1439].map(minuteToTime)).toEqual(["00:00", "06:00", "19:00", "23:59"]);
  });
});
