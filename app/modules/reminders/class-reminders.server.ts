/**
 * The reminder of a booked group class (decision 0122), on the reminders' job store like a
 * training session's: 24 hours before the class, keyed by the booking and the class's
 * start, so a moved place (a new booking) or a moved class is a new occurrence. At send
 * time the place must still be booked, the class still scheduled at that start: a
 * cancelled place, a cancelled class or one moved since gets nothing.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classBooking, classType, groupClass } from "~/db/schema/classes";
import { reminderSettings } from "~/db/schema/reminders";
import { formatClassTime } from "~/lib/class-time";
import { formatLongDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { toZonedParts } from "~/lib/time-zone";
import { classesPath } from "~/modules/classes/waitlist.server";
import { getSiteSettings } from "~/modules/settings/settings.server";

const HOUR = 3_600_000;
/** A class's reminder: this long before it starts; past 12 hours later (12 before the class) it is too late. */
export const CLASS_NOTICE_MS = 24 * HOUR;
export const CLASS_TOO_LATE_MS = 12 * HOUR;

export interface ClassReminder {
  kind: "class";
  memberId: string;
  bookingId: string;
  startsAt: string;
}

/** Booked places of scheduled classes starting between (now + 12 h, now + 24 h + look-ahead], for members who keep the reminder on. */
export async function classRemindersDue(now: Date, lookaheadMs: number): Promise<ClassReminder[]> {
  const rows = await getDb()
    .select({ bookingId: classBooking.id, memberId: classBooking.memberId, startsAt: groupClass.startsAt })
    .from(classBooking)
    .innerJoin(groupClass, eq(groupClass.id, classBooking.classId))
    .innerJoin(user, eq(user.id, classBooking.memberId))
    .leftJoin(reminderSettings, eq(reminderSettings.userId, classBooking.memberId))
    .where(
      and(
        eq(classBooking.status, "booked"),
        eq(groupClass.status, "scheduled"),
        gt(groupClass.startsAt, new Date(now.getTime() + CLASS_NOTICE_MS - CLASS_TOO_LATE_MS)),
        lte(groupClass.startsAt, new Date(now.getTime() + CLASS_NOTICE_MS + lookaheadMs)),
        eq(user.role, "member"),
        eq(user.banned, false),
        sql`coalesce(${reminderSettings.classBooked}, true)`,
      ),
    );
  return rows.map((r) => ({ kind: "class", memberId: r.memberId, bookingId: r.bookingId, startsAt: r.startsAt.toISOString() }));
}

/** The e-mail, if the place still holds at that start; null otherwise. */
export async function composeClassReminder(p: ClassReminder, greeting: string, dayWord: (date: string, today: string) => string, now: Date) {
  const [row] = await getDb()
    .select({ status: classBooking.status, classId: groupClass.id, classStatus: groupClass.status, startsAt: groupClass.startsAt, durationMinutes: groupClass.durationMinutes, location: groupClass.location, typeName: classType.name, coachName: user.name, coachEmail: user.email })
    .from(classBooking)
    .innerJoin(groupClass, eq(groupClass.id, classBooking.classId))
    .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
    .leftJoin(user, eq(user.id, groupClass.coachId))
    .where(and(eq(classBooking.id, p.bookingId), eq(classBooking.memberId, p.memberId)));
  if (!row || row.status !== "booked" || row.classStatus !== "scheduled" || row.startsAt.toISOString() !== p.startsAt) return null;
  const { timeZone } = await getSiteSettings();
  const { date, time } = toZonedParts(row.startsAt, timeZone);
  const when = dayWord(date, toZonedParts(now, timeZone).date);
  const coach = row.coachEmail ? row.coachName?.trim() || row.coachEmail : null;
  return {
    subject: `Reminder: ${row.typeName} ${when} at ${formatClassTime(time)}`,
    lines: [
      greeting,
      "",
      `You are booked into a group class ${when}:`,
      "",
      `  ${row.typeName}${coach ? ` with ${coach}` : ""}`,
      `  ${formatLongDate(date)} at ${formatClassTime(time)} (${row.durationMinutes} minutes)`,
      ...(row.location ? [`  ${row.location}`] : []),
      "",
      "Can't come? Cancel here so the next person gets the spot:",
      `${getEnv().BASE_URL}${classesPath(row.classId)}`,
    ],
  };
}
