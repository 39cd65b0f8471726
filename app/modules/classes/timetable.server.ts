/**
 * The weekly timetable for staff (decision 0106). Editing a row moves the upcoming
 * classes made from it that were not changed one-off; removing a row archives it and
 * cancels its upcoming classes (their members are e-mailed). Lock order: the timetable
 * row, then its classes in id order, then their bookings.
 */
import crypto from "node:crypto";
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classSlot, classType, groupClass } from "~/db/schema/classes";
import { AppError } from "~/lib/app-error";
import { addDays, zonedToUtc } from "~/lib/time-zone";
import { minuteToTime } from "./class-dates.server";
import { cancelLockedClass } from "./class-changes.server";
import { MAX_TIMETABLE_ROWS, timetableRowSchema, WEEKDAYS } from "./classes.schema";
import { coachOrNull, enqueueClassNotices, liveMembers, personName, siteTimeZone, type Actor } from "./class-staff.server";
import { spotsTaken } from "./waitlist.server";
import { promoteWaitlist } from "./waitlist.server";
import { announcePublicContentChangeIn } from "~/lib/site-changes.server";

export const ROW_NOT_FOUND = "Timetable row not found";
export const TOO_MANY_ROWS = `The timetable can hold at most ${MAX_TIMETABLE_ROWS} rows: remove one first.`;
export const TYPE_NOT_ACTIVE = "Please choose a class type from the list";

const toMinute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The active rows, Monday first, each with its type and coach. */
export async function listTimetable(actor: Actor) {
  ensureCan(actor, "groupClasses", "view");
  const rows = await getDb()
    .select({
      id: classSlot.id,
      weekday: classSlot.weekday,
      startMinute: classSlot.startMinute,
      classTypeId: classSlot.classTypeId,
      typeName: classType.name,
      coachId: classSlot.coachId,
      coachName: user.name,
      coachEmail: user.email,
      location: classSlot.location,
    })
    .from(classSlot)
    .innerJoin(classType, eq(classType.id, classSlot.classTypeId))
    .leftJoin(user, eq(user.id, classSlot.coachId))
    .where(isNull(classSlot.archivedAt))
    .orderBy(asc(classSlot.weekday), asc(classSlot.startMinute), asc(classSlot.id))
    .limit(MAX_TIMETABLE_ROWS);
  const mondayFirst = (weekday: number) => (weekday + 6) % 7;
  return rows
    .map((r) => ({
      id: r.id,
      weekday: r.weekday,
      weekdayName: WEEKDAYS[r.weekday]!,
      time: minuteToTime(r.startMinute),
      classTypeId: r.classTypeId,
      typeName: r.typeName,
      coachId: r.coachId ?? "",
      coachName: r.coachId ? personName({ name: r.coachName ?? "", email: r.coachEmail ?? "" }) : "",
      location: r.location,
    }))
    .sort((a, b) => mondayFirst(a.weekday) - mondayFirst(b.weekday) || a.time.localeCompare(b.time));
}

async function activeType(tx: Db, typeId: string) {
  // FOR SHARE: the type's capacity and duration cannot change under the classes this edit writes.
  const [type] = await tx.select().from(classType).where(and(eq(classType.id, typeId), isNull(classType.archivedAt))).for("share");
  if (!type) throw new AppError(400, "", { fieldErrors: { classTypeId: TYPE_NOT_ACTIVE } });
  return type;
}

/** The row, locked; the Group Classes page shows the timetable, so its cached copies empty on commit. */
async function lockRow(tx: Db, slotId: string) {
  await announcePublicContentChangeIn(tx);
  const [row] = await tx.select().from(classSlot).where(and(eq(classSlot.id, slotId), isNull(classSlot.archivedAt))).for("update");
  if (!row) throw new AppError(404, ROW_NOT_FOUND);
  return row;
}

/** The upcoming scheduled classes made from a row, locked in id order. */
function lockUpcoming(tx: Db, slotId: string, now: Date, onlyUnchanged: boolean) {
  const filters = [eq(groupClass.slotId, slotId), eq(groupClass.status, "scheduled"), gt(groupClass.startsAt, now)];
  if (onlyUnchanged) filters.push(isNull(groupClass.changedAt));
  return tx.select().from(groupClass).where(and(...filters)).orderBy(asc(groupClass.id)).for("update");
}

export async function addTimetableRow(actor: Actor, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "groupClasses", "manageTimetable");
  const form = timetableRowSchema.parse(input);
  const coachId = await coachOrNull(form.coachId);
  const id = crypto.randomUUID();
  const typeName = await getDb().transaction(async (tx) => {
    const type = await activeType(tx, form.classTypeId);
    // Serialises additions, so two at once cannot both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('class_slots'))`);
    const [active] = await tx.select({ n: count() }).from(classSlot).where(isNull(classSlot.archivedAt));
    if ((active?.n ?? 0) >= MAX_TIMETABLE_ROWS) throw new AppError(409, TOO_MANY_ROWS);
    await tx.insert(classSlot).values({ id, classTypeId: type.id, weekday: form.weekday, startMinute: toMinute(form.time), coachId, location: form.location });
    await announcePublicContentChangeIn(tx);
    return type.name;
  });
  await recordAudit({ action: "class_slot.created", actor, target: { type: "class_slot", id }, summary: `Added ${typeName} on ${WEEKDAYS[form.weekday]} at ${form.time} to the timetable` });
  return { id };
}

/**
 * Saves a row and moves its upcoming classes not changed one-off: a new weekday moves
 * each within its week, a new time, type, coach or room goes onto each (a class whose new
 * start would have passed stays as it was). A new type brings its duration and capacity,
 * never below the spots taken; booked members of a moved class are e-mailed.
 */
export async function updateTimetableRow(actor: Actor, slotId: string, input: unknown): Promise<{ classesUpdated: number }> {
  ensureCan(actor, "groupClasses", "manageTimetable");
  const form = timetableRowSchema.parse(input);
  const coachId = await coachOrNull(form.coachId);
  const timeZone = await siteTimeZone();
  const now = new Date();
  const startMinute = toMinute(form.time);
  const result = await getDb().transaction(async (tx) => {
    const row = await lockRow(tx, slotId);
    const type = await activeType(tx, form.classTypeId);
    await tx.update(classSlot).set({ classTypeId: type.id, weekday: form.weekday, startMinute, coachId, location: form.location, updatedAt: now }).where(eq(classSlot.id, slotId));
    let classesUpdated = 0;
    for (const c of await lockUpcoming(tx, slotId, now, true)) {
      const slotDate = c.slotDate ? addDays(c.slotDate, form.weekday - row.weekday) : null;
      const startsAt = slotDate ? zonedToUtc(slotDate, form.time, timeZone) : c.startsAt;
      if (startsAt.getTime() <= now.getTime()) continue;
      const typeChanged = c.classTypeId !== type.id;
      const taken = typeChanged ? await spotsTaken(tx, c.id) : 0;
      const capacity = typeChanged ? Math.max(type.capacity, taken) : c.capacity;
      const durationMinutes = typeChanged ? type.durationMinutes : c.durationMinutes;
      const moved = startsAt.getTime() !== c.startsAt.getTime() || coachId !== c.coachId || form.location !== c.location || typeChanged;
      if (!moved) continue;
      const revision = c.revision + 1;
      await tx.update(groupClass).set({ slotDate, startsAt, classTypeId: type.id, durationMinutes, capacity, coachId, location: form.location, revision, updatedAt: now }).where(eq(groupClass.id, c.id));
      if (capacity > c.capacity) await promoteWaitlist(tx, c.id);
      const told = await liveMembers(tx, c.id);
      await enqueueClassNotices(tx, c.id, revision, "changed", told);
      classesUpdated += 1;
    }
    return { classesUpdated };
  });
  await recordAudit({ action: "class_slot.updated", actor, target: { type: "class_slot", id: slotId }, summary: `Saved a timetable row: ${WEEKDAYS[form.weekday]} at ${form.time} (${result.classesUpdated} upcoming classes moved)` });
  return result;
}

/** Archives a row and cancels its upcoming classes (their members are e-mailed once). */
export async function removeTimetableRow(actor: Actor, slotId: string): Promise<{ cancelled: number; told: number }> {
  ensureCan(actor, "groupClasses", "manageTimetable");
  const now = new Date();
  const result = await getDb().transaction(async (tx) => {
    await lockRow(tx, slotId);
    await tx.update(classSlot).set({ archivedAt: now, updatedAt: now }).where(eq(classSlot.id, slotId));
    let told = 0;
    const upcoming = await lockUpcoming(tx, slotId, now, false);
    for (const c of upcoming) told += await cancelLockedClass(tx, c, now);
    return { cancelled: upcoming.length, told };
  });
  await recordAudit({ action: "class_slot.removed", actor, target: { type: "class_slot", id: slotId }, summary: `Removed a timetable row (${result.cancelled} upcoming classes cancelled, ${result.told} members told)` });
  return result;
}
