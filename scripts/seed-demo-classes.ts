/**
 * seed:demo's group classes: the coming two weeks of the timetable (the spec's seven rows,
 * inserted by the migration) made into dated classes, and the demo member booked into
 * the first class of each week, through the booking rules as a member's own click would.
 */
import { asc, count, eq, gt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { classBooking, groupClass } from "~/db/schema/classes";
import { weekAround } from "~/lib/time-zone";
import { bookClass } from "~/modules/classes/bookings.server";
import { makeClasses } from "~/modules/classes/class-dates.server";

export async function hasClassBookings(memberId: string): Promise<boolean> {
  const [row] = await getDb().select({ n: count() }).from(classBooking).where(eq(classBooking.memberId, memberId));
  return (row?.n ?? 0) > 0;
}

/** Makes the coming classes and books the member into the first class (a day or more ahead) of this week and of the next. Returns the bookings made. */
export async function seedClassBookings(member: { id: string; email: string; role: "member" }, today: string, timeZone: string): Promise<number> {
  await makeClasses(getDb(), { from: today, days: 15, timeZone });
  const tomorrow = new Date(Date.now() + 86_400_000);
  const coming = await getDb().select({ id: groupClass.id, startsAt: groupClass.startsAt }).from(groupClass).where(gt(groupClass.startsAt, tomorrow)).orderBy(asc(groupClass.startsAt));
  const firstOfWeek = new Map<number, string>();
  for (const c of coming) {
    const week = weekAround(c.startsAt, timeZone).from.getTime();
    if (!firstOfWeek.has(week)) firstOfWeek.set(week, c.id);
  }
  const chosen = [...firstOfWeek.values()].slice(0, 2);
  for (const classId of chosen) await bookClass(member, { classId });
  return chosen.length;
}
