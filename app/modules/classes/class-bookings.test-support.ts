/**
 * Dated classes for the booking tests (Vitest and the browser journey's set-up), inserted
 * directly: the timetable and its one-off changes are the staff screens' to make.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { classBooking } from "~/db/schema/classes";
import { groupClass } from "~/db/schema/classes";

/** An extra class (no timetable row) of one of the migration's types. */
export async function insertClass(options: { startsAt: Date; capacity: number; classTypeId?: string; status?: "scheduled" | "cancelled"; location?: string }): Promise<string> {
  const id = `test-class-${randomUUID()}`;
  await getDb()
    .insert(groupClass)
    .values({
      id,
      classTypeId: options.classTypeId ?? "class-type-hiit",
      startsAt: options.startsAt,
      durationMinutes: 45,
      capacity: options.capacity,
      status: options.status ?? "scheduled",
      location: options.location ?? "Studio 1",
    });
  return id;
}

/** The class's places as rows: member, status, queue order. */
export async function placesOf(classId: string) {
  return getDb()
    .select({ memberId: classBooking.memberId, status: classBooking.status, queuedAt: classBooking.queuedAt, offerExpiresAt: classBooking.offerExpiresAt })
    .from(classBooking)
    .where(eq(classBooking.classId, classId))
    .orderBy(classBooking.queuedAt, classBooking.id);
}
