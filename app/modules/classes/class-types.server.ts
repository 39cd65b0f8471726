/**
 * Class types for staff (decision 0105): listed, added, edited, ordered and removed by
 * administrators; trainers read them. A capacity change reaches every upcoming class of
 * the type, never below the spots its members already hold (decision 0106).
 */
import crypto from "node:crypto";
import { and, asc, count, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { classSlot, classType, groupClass } from "~/db/schema/classes";
import { AppError } from "~/lib/app-error";
import { getPictureImages } from "~/modules/uploads/uploads.server";
import { classTypeSchema, MAX_CLASS_TYPES, moveTypeSchema } from "./classes.schema";
import type { Actor } from "./class-staff.server";
import { spotsTaken } from "./waitlist.server";
import { promoteWaitlist } from "./waitlist.server";
import { announcePublicContentChangeIn } from "~/lib/site-changes.server";

export const CLASS_TYPE_NOT_FOUND = "Class type not found";
export const NAME_TAKEN = "A class type with this name exists already";
export const TOO_MANY_TYPES = `There can be at most ${MAX_CLASS_TYPES} active class types: remove one first.`;
export const TYPE_ON_TIMETABLE = "This class type is on the weekly timetable: change or remove its timetable rows first.";
export const IMAGE_GONE = "That image could not be found. Please upload it again.";

/** Every class type: active ones in page order, then archived ones. */
export async function listClassTypes(actor: Actor) {
  ensureCan(actor, "groupClasses", "view");
  const db = getDb();
  const [rows, slots] = await Promise.all([
    db.select().from(classType).orderBy(sql`${classType.archivedAt} is not null`, asc(classType.position), asc(classType.name)).limit(MAX_CLASS_TYPES * 4),
    db.select({ typeId: classSlot.classTypeId, n: count() }).from(classSlot).where(isNull(classSlot.archivedAt)).groupBy(classSlot.classTypeId),
  ]);
  const images = await getPictureImages(rows.map((r) => r.imageId));
  const onTimetable = new Map(slots.map((s) => [s.typeId, s.n]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    durationMinutes: r.durationMinutes,
    intensity: r.intensity,
    capacity: r.capacity,
    description: r.description,
    image: r.imageId ? (images.get(r.imageId) ? { id: r.imageId, ...images.get(r.imageId)! } : null) : null,
    archived: r.archivedAt !== null,
    timetableRows: onTimetable.get(r.id) ?? 0,
  }));
}

/** Serialises every write to class types: the name check and the order read what they change. The Group Classes page shows them: its cached copies empty on commit. */
async function lockTypes(tx: Db) {
  await announcePublicContentChangeIn(tx);
  return tx.select({ id: classType.id, name: classType.name, archivedAt: classType.archivedAt, position: classType.position }).from(classType).orderBy(asc(classType.id)).for("update");
}

async function checkImage(imageId: string): Promise<string | null> {
  if (!imageId) return null;
  if (!(await getPictureImages([imageId])).has(imageId)) throw new AppError(400, "", { fieldErrors: { imageId: IMAGE_GONE } });
  return imageId;
}

function ensureNameFree(types: Array<{ id: string; name: string; archivedAt: Date | null }>, name: string, self?: string) {
  const clash = types.some((t) => t.id !== self && t.archivedAt === null && t.name.toLowerCase() === name.toLowerCase());
  if (clash) throw new AppError(400, "", { fieldErrors: { name: NAME_TAKEN } });
}

export async function createClassType(actor: Actor, input: unknown): Promise<{ id: string; name: string }> {
  ensureCan(actor, "groupClasses", "manageTypes");
  const form = classTypeSchema.parse(input);
  const imageId = await checkImage(form.imageId);
  const id = crypto.randomUUID();
  await getDb().transaction(async (tx) => {
    const types = await lockTypes(tx);
    if (types.filter((t) => t.archivedAt === null).length >= MAX_CLASS_TYPES) throw new AppError(409, TOO_MANY_TYPES);
    ensureNameFree(types, form.name);
    const last = Math.max(-1, ...types.filter((t) => t.archivedAt === null).map((t) => t.position));
    await tx.insert(classType).values({ id, name: form.name, durationMinutes: form.duration, intensity: form.intensity, capacity: form.capacity, description: form.description, imageId, position: last + 1 });
  });
  await recordAudit({ action: "class_type.created", actor, target: { type: "class_type", id }, summary: `Added the class type ${form.name} (${form.capacity} spots)` });
  return { id, name: form.name };
}

/**
 * Saves a type. A new capacity goes onto every upcoming class of the type, but a class
 * keeps at least the spots already taken (nobody loses a booked place); a higher one
 * promotes that class's waitlist in the same transaction. A new duration goes onto the
 * upcoming classes not changed one-off. Returns how many classes kept more spots.
 */
export async function updateClassType(actor: Actor, typeId: string, input: unknown): Promise<{ name: string; classesUpdated: number; keptAbove: number }> {
  ensureCan(actor, "groupClasses", "manageTypes");
  const form = classTypeSchema.parse(input);
  const imageId = await checkImage(form.imageId);
  const now = new Date();
  const result = await getDb().transaction(async (tx) => {
    const types = await lockTypes(tx);
    const current = types.find((t) => t.id === typeId && t.archivedAt === null);
    if (!current) throw new AppError(404, CLASS_TYPE_NOT_FOUND);
    ensureNameFree(types, form.name, typeId);
    await tx
      .update(classType)
      .set({ name: form.name, durationMinutes: form.duration, intensity: form.intensity, capacity: form.capacity, description: form.description, imageId, updatedAt: now })
      .where(eq(classType.id, typeId));
    // The class rows are the lock of their bookings: taken in id order, as one statement.
    const upcoming = await tx
      .select({ id: groupClass.id, capacity: groupClass.capacity, durationMinutes: groupClass.durationMinutes, changedAt: groupClass.changedAt })
      .from(groupClass)
      .where(and(eq(groupClass.classTypeId, typeId), eq(groupClass.status, "scheduled"), gt(groupClass.startsAt, now)))
      .orderBy(asc(groupClass.id))
      .for("update");
    let classesUpdated = 0;
    let keptAbove = 0;
    for (const c of upcoming) {
      const taken = await spotsTaken(tx, c.id);
      const capacity = Math.max(form.capacity, taken);
      if (capacity > form.capacity) keptAbove += 1;
      const duration = c.changedAt === null ? form.duration : c.durationMinutes;
      if (capacity === c.capacity && duration === c.durationMinutes) continue;
      classesUpdated += 1;
      await tx
        .update(groupClass)
        .set({ capacity, durationMinutes: duration, ...(duration !== c.durationMinutes ? { revision: sql`${groupClass.revision} + 1` } : {}), updatedAt: now })
        .where(eq(groupClass.id, c.id));
      if (capacity > c.capacity) await promoteWaitlist(tx, c.id);
    }
    return { classesUpdated, keptAbove };
  });
  await recordAudit({ action: "class_type.updated", actor, target: { type: "class_type", id: typeId }, summary: `Saved the class type ${form.name} (${form.capacity} spots, ${result.classesUpdated} upcoming classes updated)` });
  return { name: form.name, ...result };
}

/** Moves an active type one place up or down on the Group Classes page. */
export async function moveClassType(actor: Actor, input: unknown): Promise<void> {
  ensureCan(actor, "groupClasses", "manageTypes");
  const form = moveTypeSchema.parse(input);
  await getDb().transaction(async (tx) => {
    const active = (await lockTypes(tx)).filter((t) => t.archivedAt === null).sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
    const at = active.findIndex((t) => t.id === form.typeId);
    if (at < 0) throw new AppError(404, CLASS_TYPE_NOT_FOUND);
    const to = form.direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= active.length) return;
    [active[at], active[to]] = [active[to]!, active[at]!];
    for (const [position, t] of active.entries()) {
      if (t.position !== position) await tx.update(classType).set({ position }).where(eq(classType.id, t.id));
    }
  });
}

/**
 * Removes a type: a type never used (no timetable row, no class, ever) is deleted; one in
 * use is archived, so past classes keep their name. A type on the active timetable stays.
 */
export async function removeClassType(actor: Actor, typeId: string): Promise<{ name: string; archived: boolean }> {
  ensureCan(actor, "groupClasses", "manageTypes");
  const result = await getDb().transaction(async (tx) => {
    const types = await lockTypes(tx);
    const current = types.find((t) => t.id === typeId && t.archivedAt === null);
    if (!current) throw new AppError(404, CLASS_TYPE_NOT_FOUND);
    const [[activeRows], [anyRows], [classes]] = await Promise.all([
      tx.select({ n: count() }).from(classSlot).where(and(eq(classSlot.classTypeId, typeId), isNull(classSlot.archivedAt))),
      tx.select({ n: count() }).from(classSlot).where(and(eq(classSlot.classTypeId, typeId), isNotNull(classSlot.archivedAt))),
      tx.select({ n: count() }).from(groupClass).where(eq(groupClass.classTypeId, typeId)),
    ]);
    if ((activeRows?.n ?? 0) > 0) throw new AppError(409, TYPE_ON_TIMETABLE);
    const inUse = (anyRows?.n ?? 0) > 0 || (classes?.n ?? 0) > 0;
    if (inUse) await tx.update(classType).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(classType.id, typeId));
    else await tx.delete(classType).where(eq(classType.id, typeId));
    return { name: current.name, archived: inUse };
  });
  await recordAudit({ action: result.archived ? "class_type.archived" : "class_type.deleted", actor, target: { type: "class_type", id: typeId }, summary: `${result.archived ? "Archived" : "Deleted"} the class type ${result.name}` });
  return result;
}
