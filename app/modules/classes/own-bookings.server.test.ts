// @test-database any: the member's own places as their calendar, dashboard and feed read them (plain selects).
/**
 * A member's class places where they look for them: the calendar's month, the dashboard's
 * next places, the calendar feed (one stable UID per booking, SEQUENCE from the class's
 * revision, STATUS:CANCELLED once the place or the class is cancelled). Nobody else's.
 */
import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { classBooking, groupClass } from "~/db/schema/classes";
import { issueCalendarFeed, readCalendarFeed } from "~/modules/calendar-feeds/calendar-feeds.server";
import { newPerson, type Person } from "~/modules/workouts/training.test-support";
import { bookClass, cancelClassBooking } from "./bookings.server";
import { insertClass } from "./class-bookings.test-support";
import { listNextClassPlaces, listOwnClassPlaces } from "./own-bookings.server";

const DAY = 86_400_000;

beforeEach(async () => {
  await getDb().delete(classBooking);
  await getDb().delete(groupClass);
});

async function feedEvents(member: Person): Promise<VEvent[]> {
  const { url } = await issueCalendarFeed(member);
  const text = await readCalendarFeed(url.split("/").at(-1)!.replace(/\.ics$/, ""));
  return Object.values(ical.sync.parseICS(text!)).filter((c): c is VEvent => c?.type === "VEVENT" && c.uid.startsWith("class-booking-"));
}

describe("a member's own class places", () => {
  it("list in the calendar and on the dashboard, their own only, waitlist places marked", async () => {
    const [maya, omar] = [await newPerson(), await newPerson()];
    const soon = await insertClass({ startsAt: new Date(Date.now() + DAY), capacity: 1, location: "Studio 2" });
    const later = await insertClass({ startsAt: new Date(Date.now() + 2 * DAY), capacity: 5 });
    await bookClass(omar, { classId: soon });
    await bookClass(maya, { classId: soon });
    await bookClass(maya, { classId: later });
    const month = await listOwnClassPlaces(maya, { from: new Date(), to: new Date(Date.now() + 7 * DAY) });
    expect(month.map((p) => [p.classId, p.status, p.className])).toEqual([
      [soon, "waitlisted", "HIIT Training"],
      [later, "booked", "HIIT Training"],
    ]);
    expect((await listNextClassPlaces(maya, 1)).map((p) => p.classId)).toEqual([soon]);
    expect((await listNextClassPlaces(omar)).map((p) => [p.classId, p.status, p.location])).toEqual([[soon, "booked", "Studio 2"]]);
  });

  it("show in the calendar feed with a stable UID, SEQUENCE from the class's revision, and CANCELLED once cancelled", async () => {
    const maya = await newPerson();
    const kept = await insertClass({ startsAt: new Date(Date.now() + 3 * DAY), capacity: 5, classTypeId: "class-type-strength" });
    const dropped = await insertClass({ startsAt: new Date(Date.now() + 4 * DAY), capacity: 5 });
    await bookClass(maya, { classId: kept });
    await bookClass(maya, { classId: dropped });
    const [keptBooking] = await getDb().select({ id: classBooking.id }).from(classBooking).where(eq(classBooking.classId, kept));
    let events = await feedEvents(maya);
    expect(events.map((e) => [e.summary, e.status, e.sequence])).toEqual([
      ["Strength & Conditioning (group class)", "CONFIRMED", 0],
      ["HIIT Training (group class)", "CONFIRMED", 0],
    ]);
    expect(events[0]!.uid).toBe(`class-booking-${keptBooking!.id}@localhost`);

    await cancelClassBooking(maya, { classId: dropped });
    // Staff cancel the other class (the staff side bumps the revision with every change).
    await getDb().update(groupClass).set({ status: "cancelled", revision: 1 }).where(eq(groupClass.id, kept));
    events = await feedEvents(maya);
    expect(events.map((e) => [e.uid.split("@")[0]!.length > 14, e.status, e.sequence])).toEqual([
      [true, "CANCELLED", 1],
      [true, "CANCELLED", 1],
    ]);
    expect(events[0]!.uid).toBe(`class-booking-${keptBooking!.id}@localhost`);
  });
});
