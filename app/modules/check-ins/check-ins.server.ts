import crypto from "node:crypto";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { checkIn } from "~/db/schema/check-ins";
import { profile } from "~/db/schema/profiles";
import { progressEntry } from "~/db/schema/progress";
import { AppError } from "~/lib/app-error";
import { todayIn } from "~/lib/time-zone";
import type { WeightUnit } from "~/lib/units";
import { photoPoses, type PhotoPose } from "~/db/schema/progress-photos";
import { assertPhotoRoom, discardPreparedImage, insertProgressPhotos, photosOfCheckIns, preparePrivateImage, type PreparedImage, type ProgressPhotoView } from "~/modules/progress-photos/progress-photos.server";
import { toShown, toStored } from "~/modules/progress/progress-units";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { trainingBetween } from "~/modules/workouts/week-training.server";
import { checkInDueState, checkInWeekOf, checkInWeekOfSql, DEFAULT_CHECK_IN_DAY, trainingWindow, type CheckInDue } from "./check-in-week";
import { ALREADY_REVIEWED, CHECK_IN_NOT_FOUND, checkInSchema, photoFields, type CheckInView } from "./check-ins.schema";

/**
 * The member's own weekly check-ins (decision 0068): this week's is due from their
 * check-in day until sent (check-in-week.ts), editable until a coach reviews it. Every read
 * and write is scoped by the acting member's id; another member's check-in is 'not found'.
 */

type Actor = Pick<SessionUser, "id" | "role" | "weightUnit">;

export const MEMBER_PAGE_SIZE = 10;

/** The columns every view of a check-in needs: the weight from its progress entry, the reviewer's name. */
const reviewer = { name: user.name, email: user.email };
export function checkInRows(db: Pick<Db, "select">, where: SQL | undefined) {
  return db
    .select({ row: checkIn, weightKg: progressEntry.value, reviewerName: reviewer.name, reviewerEmail: reviewer.email })
    .from(checkIn)
    .leftJoin(progressEntry, eq(progressEntry.id, checkIn.weightEntryId))
    .leftJoin(user, eq(user.id, checkIn.reviewedById))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof checkInRows>["execute"]>>[number];

export function toCheckInView(r: Row, unit: WeightUnit, timeZone: string): CheckInView {
  const c = r.row;
  return {
    id: c.id,
    weekOf: c.weekOf,
    weight: r.weightKg === null ? null : toShown("weight", r.weightKg, unit),
    sleep: c.sleep,
    energy: c.energy,
    stress: c.stress,
    hunger: c.hunger,
    nutritionAdherence: c.nutritionAdherence,
    wins: c.wins,
    struggles: c.struggles,
    question: c.question,
    plannedWorkouts: c.plannedWorkouts,
    loggedWorkouts: c.loggedWorkouts,
    sentOn: todayIn(timeZone, c.submittedAt),
    reply: c.reply,
    reviewed: c.reviewedAt !== null,
    reviewedOn: c.reviewedAt ? todayIn(timeZone, c.reviewedAt) : null,
    reviewerName: c.reviewedAt && r.reviewerEmail !== null ? r.reviewerName?.trim() || r.reviewerEmail : null,
  };
}

/** The member's check-in day (0 Sunday … 6 Saturday; no profile row yet is the default, Sunday) and when they joined. */
async function checkInDayAndJoined(memberId: string): Promise<{ day: number; joinedAt: Date | null }> {
  const [row] = await getDb().select({ day: profile.checkInDay, joinedAt: user.createdAt }).from(user).leftJoin(profile, eq(profile.userId, user.id)).where(eq(user.id, memberId));
  return { day: row?.day ?? DEFAULT_CHECK_IN_DAY, joinedAt: row?.joinedAt ?? null };
}

export async function checkInDayOf(memberId: string): Promise<number> {
  return (await checkInDayAndJoined(memberId)).day;
}

export interface CheckInStatus {
  today: string;
  checkInDay: number;
  weekOf: string;
  state: CheckInDue;
  /** This week's check-in, once sent. */
  checkInId: string | null;
}

/**
 * Where a member's check-in of this week stands (the rule of check-in-week.ts). One
 * statement: the check-in day and join date, and this week's check-in found by the same
 * rule in SQL (`checkInWeekOfSql`) from that day.
 */
export async function checkInStatusOf(memberId: string, timeZone?: string): Promise<CheckInStatus> {
  const zone = timeZone ?? (await getSiteSettings()).timeZone;
  const today = todayIn(zone);
  const day = sql<number>`coalesce(${profile.checkInDay}, ${DEFAULT_CHECK_IN_DAY})`;
  const [row] = await getDb()
    .select({
      day: profile.checkInDay,
      joinedAt: user.createdAt,
      sentId: sql<string | null>`(select ${checkIn.id} from ${checkIn} where ${checkIn.userId} = ${user.id} and ${checkIn.weekOf} = ${checkInWeekOfSql(today, day)})`,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, memberId));
  const checkInDay = row?.day ?? DEFAULT_CHECK_IN_DAY;
  const weekOf = checkInWeekOf(today, checkInDay);
  const sentId = row?.sentId ?? null;
  const joinedOn = row?.joinedAt ? todayIn(zone, row.joinedAt) : today;
  return { today, checkInDay, weekOf, state: checkInDueState(today, weekOf, Boolean(sentId), joinedOn), checkInId: sentId };
}

/** The dashboard's card: this week's check-in, asked for from the check-in day until it is sent. */
export async function getOwnCheckInStatus(actor: Actor): Promise<CheckInStatus> {
  ensureCan(actor, "memberArea", "view");
  return checkInStatusOf(actor.id);
}

export interface OwnCheckIns {
  status: CheckInStatus;
  unit: WeightUnit;
  /** This week's check-in when sent (the form edits it until it is reviewed). */
  current: CheckInView | null;
  list: CheckInView[];
  page: number;
  pageCount: number;
  total: number;
}

/** /members/check-ins: this week's status and form, and the member's check-ins newest first, a page at a time. */
export async function getOwnCheckIns(actor: Actor, query: { page: number }): Promise<OwnCheckIns> {
  ensureCan(actor, "memberArea", "view");
  const { timeZone } = await getSiteSettings();
  const status = await checkInStatusOf(actor.id, timeZone);
  const mine = eq(checkIn.userId, actor.id);
  const [{ total }] = (await getDb().select({ total: count() }).from(checkIn).where(mine)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const [rows, current] = await Promise.all([
    checkInRows(getDb(), mine)
      .orderBy(desc(checkIn.weekOf))
      .limit(MEMBER_PAGE_SIZE)
      .offset((page - 1) * MEMBER_PAGE_SIZE),
    status.checkInId ? checkInRows(getDb(), and(mine, eq(checkIn.id, status.checkInId))) : Promise.resolve([]),
  ]);
  const view = (r: Row) => toCheckInView(r, actor.weightUnit, timeZone);
  return { status, unit: actor.weightUnit, current: current[0] ? view(current[0]) : null, list: rows.map(view), page, pageCount, total };
}

/** One of the member's own check-ins with the coach's reply; anyone else's (or none) is 'Check-in not found'. */
export async function getOwnCheckIn(actor: Actor, checkInId: unknown): Promise<{ checkIn: CheckInView; unit: WeightUnit; photos: ProgressPhotoView[] }> {
  ensureCan(actor, "memberArea", "view");
  const id = typeof checkInId === "string" ? checkInId : "";
  const { timeZone } = await getSiteSettings();
  const [row] = id ? await checkInRows(getDb(), and(eq(checkIn.id, id), eq(checkIn.userId, actor.id))) : [];
  if (!row) throw new AppError(404, CHECK_IN_NOT_FOUND);
  const photos = (await photosOfCheckIns([row.row.id])).get(row.row.id) ?? [];
  return { checkIn: toCheckInView(row, actor.weightUnit, timeZone), unit: actor.weightUnit, photos };
}

/**
 * Sends this week's check-in, or edits one already sent (this week's, or the one named by
 * `checkInId`), until a coach has reviewed it (then 409, nothing changed). One transaction
 * under the member's row lock, so two taps or two tabs make one check-in. The weight is
 * also a progress entry (kind weight, kg) of the day it was sent; an edit changes that same
 * entry, and clearing the weight removes it. Training adherence is counted again at each
 * save from the week's program days (week-training.server.ts). Optional front, side and
 * back photos (`photoFront`, `photoSide`, `photoBack`) become progress photos of the day,
 * linked to the check-in, in the same transaction; a failed save discards their files.
 */
export async function saveCheckIn(actor: Actor, input: unknown, checkInId?: unknown): Promise<{ id: string; created: boolean }> {
  ensureCan(actor, "memberArea", "view");
  const unit = actor.weightUnit;
  const named = checkInId === undefined ? null : typeof checkInId === "string" && checkInId !== "" ? checkInId : "";
  if (named === "") throw new AppError(404, CHECK_IN_NOT_FOUND);
  const { timeZone } = await getSiteSettings();
  const today = todayIn(timeZone);
  const db = getDb();
  let weekOf: string;
  // Another member's check-in is not found before anything about the form is said.
  if (named) {
    const [own] = await db.select({ weekOf: checkIn.weekOf }).from(checkIn).where(and(eq(checkIn.id, named), eq(checkIn.userId, actor.id)));
    if (!own) throw new AppError(404, CHECK_IN_NOT_FOUND);
    weekOf = own.weekOf;
  } else {
    weekOf = checkInWeekOf(today, await checkInDayOf(actor.id));
  }
  const values = checkInSchema(unit).parse(input);
  // A reviewed check-in is refused before its photos cost any image work (checked again under the lock).
  const [sent] = await db.select({ reviewedAt: checkIn.reviewedAt }).from(checkIn).where(named ? and(eq(checkIn.id, named), eq(checkIn.userId, actor.id)) : and(eq(checkIn.userId, actor.id), eq(checkIn.weekOf, weekOf)));
  if (sent?.reviewedAt) throw new AppError(409, ALREADY_REVIEWED, { title: "Already reviewed" });
  // Images are re-encoded before the transaction (seconds of work), after the photo limits
  // are checked; their rows go in with the check-in, the limits checked again under the lock.
  const photos = await preparePhotos(actor.id, input, today);
  const window = trainingWindow(weekOf);
  // Read before the transaction: PGlite has one connection, and the figure is a count at the time of saving.
  const training = await trainingBetween(actor.id, window.from, window.to, today);
  const weightKg = values.weight === undefined ? null : toStored("weight", values.weight, unit);
  const fields = {
    sleep: values.sleep,
    energy: values.energy,
    stress: values.stress,
    hunger: values.hunger,
    nutritionAdherence: values.nutritionAdherence,
    wins: values.wins,
    struggles: values.struggles,
    question: values.question,
    plannedWorkouts: training.planned,
    loggedWorkouts: training.done,
  };
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for("no key update");
      const which = named ? and(eq(checkIn.id, named), eq(checkIn.userId, actor.id)) : and(eq(checkIn.userId, actor.id), eq(checkIn.weekOf, weekOf));
      const [existing] = await tx.select().from(checkIn).where(which).for("update");
      if (named && !existing) throw new AppError(404, CHECK_IN_NOT_FOUND);
      if (existing?.reviewedAt) throw new AppError(409, ALREADY_REVIEWED, { title: "Already reviewed" });
      let weightEntryId = existing?.weightEntryId ?? null;
      const ownEntry = (id: string) => and(eq(progressEntry.id, id), eq(progressEntry.userId, actor.id));
      if (weightKg === null) {
        if (weightEntryId) await tx.delete(progressEntry).where(ownEntry(weightEntryId));
        weightEntryId = null;
      } else {
        const updated = weightEntryId ? await tx.update(progressEntry).set({ value: weightKg, updatedAt: new Date() }).where(ownEntry(weightEntryId)).returning({ id: progressEntry.id }) : [];
        if (!updated.length) {
          weightEntryId = crypto.randomUUID();
          await tx.insert(progressEntry).values({ id: weightEntryId, userId: actor.id, kind: "weight", recordedOn: today, value: weightKg });
        }
      }
      let saved: { id: string; created: boolean };
      if (existing) {
        await tx
          .update(checkIn)
          .set({ ...fields, weightEntryId, updatedAt: new Date() })
          .where(eq(checkIn.id, existing.id));
        saved = { id: existing.id, created: false };
      } else {
        saved = { id: crypto.randomUUID(), created: true };
        await tx.insert(checkIn).values({ id: saved.id, userId: actor.id, weekOf, weightEntryId, ...fields });
      }
      await insertProgressPhotos(tx, actor.id, photos, { takenOn: today, checkInId: saved.id });
      return saved;
    });
  } catch (error) {
    await Promise.all(photos.map((p) => discardPreparedImage(p.image)));
    throw error;
  }
}

/**
 * The form's optional front, side and back photos (files), each re-encoded once the
 * member's photo limits leave room for them all; a refused one says so at its field and
 * leaves nothing behind.
 */
async function preparePhotos(memberId: string, input: unknown, takenOn: string): Promise<Array<{ pose: PhotoPose; image: PreparedImage }>> {
  const form = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const chosen = photoPoses.filter((pose) => {
    const file = form[photoFields[pose]];
    return file instanceof Blob && file.size > 0;
  });
  await assertPhotoRoom(getDb(), memberId, chosen, takenOn, (pose) => photoFields[pose]);
  const prepared: Array<{ pose: PhotoPose; image: PreparedImage }> = [];
  try {
    for (const pose of chosen) {
      const field = photoFields[pose];
      const file = form[field] as Blob;
      try {
        prepared.push({ pose, image: await preparePrivateImage(new Uint8Array(await file.arrayBuffer()), "progress-photos", memberId) });
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.status, error.message, { fieldErrors: { [field]: error.message } });
        throw error;
      }
    }
  } catch (error) {
    await Promise.all(prepared.map((p) => discardPreparedImage(p.image)));
    throw error;
  }
  return prepared;
}
