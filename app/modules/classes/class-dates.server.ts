/**
 * Dated classes from the weekly timetable (decision 0100). Classes are made ahead for a
 * span of local dates; each timetable row makes at most one class per date (a unique
 * index), so pages and the daily job may all ask for the same span at the same time.
 */
import crypto from "node:crypto";
import { eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { classSlot, classType, groupClass } from "~/db/schema/classes";
import { addDays, weekdayOf, zonedToUtc } from "~/lib/time-zone";

/** The wall-clock time of a start minute: 360 → "06:00". */
export function minuteToTime(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/**
 * Makes the classes of every active timetable row for the `days` local dates from `from`
 * (yyyy-mm-dd in `timeZone`) that do not exist yet; classes already made, changed or
 * cancelled stay as they are. Returns how many it made.
 */
export async function makeClasses(db: Db, span: { from: string; days: number; timeZone: string }): Promise<number> {
  // The timetable rows and their types share-locked while the classes are made from them: a
  // staff edit of a row (which locks it for update and moves its classes) waits for these
  // classes, or comes first and these are made from the edited row.
  return db.transaction(async (tx) => {
    const slots = await tx
      .select({
        id: classSlot.id,
        classTypeId: classSlot.classTypeId,
        weekday: classSlot.weekday,
        startMinute: classSlot.startMinute,
        coachId: classSlot.coachId,
        location: classSlot.location,
        durationMinutes: classType.durationMinutes,
        capacity: classType.capacity,
      })
      .from(classSlot)
      .innerJoin(classType, eq(classType.id, classSlot.classTypeId))
      .where(isNull(classSlot.archivedAt))
      .for("share");
    const rows: (typeof groupClass.$inferInsert)[] = [];
    for (let i = 0; i < span.days; i++) {
      const date = addDays(span.from, i);
      const weekday = weekdayOf(date);
      for (const slot of slots) {
        if (slot.weekday !== weekday) continue;
        rows.push({
          id: crypto.randomUUID(),
          slotId: slot.id,
          classTypeId: slot.classTypeId,
          slotDate: date,
          startsAt: zonedToUtc(date, minuteToTime(slot.startMinute), span.timeZone),
          durationMinutes: slot.durationMinutes,
          capacity: slot.capacity,
          coachId: slot.coachId,
          location: slot.location,
        });
      }
    }
    if (rows.length === 0) return 0;
    const made = await tx.insert(groupClass).values(rows).onConflictDoNothing({ target: [groupClass.slotId, groupClass.slotDate] }).returning({ id: groupClass.id });
    return made.length;
  });
}
