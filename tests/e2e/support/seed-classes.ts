/**
 * The group-class journey's class (tests/e2e/classes-booking.spec.ts): an extra Core &
 * Flexibility class five days ahead at 10:00 (no timetable row starts then), with one
 * spot, so one booking fills it.
 */
import { getDb } from "~/db/client.server";
import { groupClass } from "~/db/schema/classes";
import { addDays, todayIn, zonedToUtc } from "~/lib/time-zone";

export const JOURNEY_CLASS_ID = "e2e-journey-class";

export async function seedClasses() {
  const date = addDays(todayIn("Europe/London"), 5);
  await getDb()
    .insert(groupClass)
    .values({ id: JOURNEY_CLASS_ID, classTypeId: "class-type-core", startsAt: zonedToUtc(date, "10:00", "Europe/London"), durationMinutes: 45, capacity: 1, location: "Studio 3" })
    .onConflictDoNothing();
}
