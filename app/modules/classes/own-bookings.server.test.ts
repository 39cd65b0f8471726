// @test-database any: the member's own places as their calendar, dashboard and feed read them (plain selects).
/**
 * A member's class places where they look for them: the calendar's month, the dashboard's
 * next places, the calendar feed (one event per class with a stable UID, however often it
 * was booked and cancelled; SEQUENCE from the class's revision and the member's places in
 * it, STATUS:CANCELLED once the place or the class is cancelled). Nobody else's.
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
  return Object.values(ical.sync.parseICS(text!)).filter((c): c is VEvent => c?.type === "VEVENT" && c.uid.startsWith("class-"));
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

  it("show in the calendar feed with a stable UID per class, SEQUENCE from the class's revision, and CANCELLED once cancelled", async () => {
    const maya = await newPerson();
    const kept = await insertClass({ startsAt: new Date(Date.now() + 3 * DAY), capacity: 5, classTypeId: "class-type-strength" });
    const dropped = await insertClass({ startsAt: new Date(Date.now() + 4 * DAY), capacity: 5 });
    await bookClass(maya, { classId: kept });
    await bookClass(maya, { classId: dropped });
    let events = await feedEvents(maya);
    expect(events.map((e) => [e.summary, e.status, e.sequence])).toEqual([
      ["Strength & Conditioning (group class)", "CONFIRMED", 0],
      ["HIIT Training (group class)", "CONFIRMED", 0],
    ]);
    expect(events[0]!.uid).toBe(`class-${kept}@localhost`);

    await cancelClassBooking(maya, { classId: dropped });
    // Staff cancel the other class (the staff side bumps the revision with every change).
    await getDb().update(groupClass).set({ status: "cancelled", revision: 1 }).where(eq(groupClass.id, kept));
    events = await feedEvents(maya);
    expect(events.map((e) => [e.uid, e.status, e.sequence])).toEqual([
      [`class-${kept}@localhost`, "CANCELLED", 1],
      [`class-${dropped}@localhost`, "CANCELLED", 1],
    ]);
    expect(events[0]!.uid).toBe(`class-${kept}@localhost`);
  });

  it("carry one event per class after any churn: 300 given-up places and a new booking are one event, CONFIRMED and newer", async () => {
    const maya = await newPerson();
    const classId = await insertClass({ startsAt: new Date(Date.now() + 2 * DAY), capacity: 5 });
    await bookClass(maya, { classId });
    await cancelClassBooking(maya, { classId });
    let events = await feedEvents(maya);
    expect(events.map((e) => [e.uid, e.status, e.sequence])).toEqual([[`class-${classId}@localhost`, "CANCELLED", 1]]);
    // A long history (as written before the re-booking limit), in one statement.
    const history = Array.from({ length: 300 }, (_, i) => ({
      id: `history-${classId}-${i}`,
      classId,
      memberId: maya.id,
      status: (["cancelled", "late_cancelled", "offer_lapsed"] as const)[i % 3]!,
      queuedAt: new Date(Date.now() - DAY + i),
      cancelledAt: new Date(),
    }));
    await getDb().insert(classBooking).values(history);
    const other = await insertClass({ startsAt: new Date(Date.now() + 3 * DAY), capacity: 5 });
    await getDb().insert(classBooking).values({ id: `now-${classId}`, classId, memberId: maya.id, status: "booked", queuedAt: new Date() });
    await bookClass(maya, { classId: other });
    events = await feedEvents(maya);
    expect(events.map((e) => [e.uid, e.status])).toEqual([
      [`class-${classId}@localhost`, "CONFIRMED"],
      [`class-${other}@localhost`, "CONFIRMED"],
    ]);
    // 302 places in the class: newer than any event the feed said before.
    expect(events[0]!.sequence).toBe(2 * 301);
  });
});
