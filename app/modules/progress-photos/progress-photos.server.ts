import { and, count, desc, eq, inArray } from "drizzle-orm";
import { can } from "~/auth/permissions";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { progressPhoto, type PhotoPose } from "~/db/schema/progress-photos";
import { AppError } from "~/lib/app-error";
import { formatLongDate } from "~/lib/dates";
import type { PictureImage } from "~/components/ui/picture";
import { todayForSite } from "~/modules/settings/settings.server";
import { requireMemberAccount, type MemberAccount } from "~/modules/users/member-account.server";
import { discardPreparedImage, openPrivateImage, preparePrivateImage, privatePicture, type PreparedImage, type PrivateImageFile } from "./private-images.server";
import {
  MAX_PHOTOS_PER_MEMBER,
  MAX_PHOTOS_PER_POSE_AND_DAY,
  PHOTO_DATES_PER_PAGE,
  PHOTO_MESSAGES,
  photoFieldsSchema,
  photoPoses,
  poseLabels,
  TOO_MANY_PHOTOS,
  tooManyForPose,
  type PhotoTimelineQuery,
} from "./progress-photos.schema";

export { discardPreparedImage, preparePrivateImage, type PreparedImage } from "./private-images.server";

/**
 * A member's progress photos: private to the member and the staff (decision 0066). A
 * member reads and deletes only their own; another member's photo is 'not found', as is
 * an unknown one. Trainers and administrators read every member's (progressPhotos.viewAny).
 */

type Actor = Pick<SessionUser, "id" | "role">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Where the app serves a photo's files (app/routes/progress-photos.$photoId.$file.ts). */
export const photoPath = (photoId: string) => `/progress-photos/${encodeURIComponent(photoId)}`;

export interface ProgressPhotoView {
  id: string;
  pose: PhotoPose;
  takenOn: string;
  checkInId: string | null;
  image: PictureImage;
}

type PhotoRow = Pick<typeof progressPhoto.$inferSelect, "id" | "pose" | "takenOn" | "checkInId" | "variants">;

const photoColumns = { id: progressPhoto.id, pose: progressPhoto.pose, takenOn: progressPhoto.takenOn, checkInId: progressPhoto.checkInId, variants: progressPhoto.variants };

function toView(row: PhotoRow): ProgressPhotoView | null {
  const image = privatePicture(row.variants, photoPath(row.id), `${poseLabels[row.pose]} photo, ${formatLongDate(row.takenOn)}`);
  return image ? { id: row.id, pose: row.pose, takenOn: row.takenOn, checkInId: row.checkInId, image } : null;
}

const toViews = (rows: PhotoRow[]) => rows.map(toView).filter((v): v is ProgressPhotoView => v !== null);

/** May `actor` see `memberId`'s photos? The member themself, or staff (and then the member must exist). Anyone else: 404. */
async function requirePhotoReader(actor: Actor, memberId: string): Promise<MemberAccount | null> {
  if (actor.id === memberId) return null;
  if (!can(actor.role, "progressPhotos", "viewAny")) throw new AppError(404, PHOTO_MESSAGES.notFound);
  return requireMemberAccount(memberId);
}

// ---- Writing ----

/**
 * Refuses (AppError 409, nothing written) photos of these poses on `takenOn` that would
 * pass MAX_PHOTOS_PER_POSE_AND_DAY of a pose on a date or MAX_PHOTOS_PER_MEMBER in all.
 * Called before any image work, and again by `insertProgressPhotos` under the member's lock.
 * A pose's refusal is the message of the form's field `fieldOf(pose)`.
 */
export async function assertPhotoRoom(db: Db | Tx, userId: string, poses: PhotoPose[], takenOn: string, fieldOf: (pose: PhotoPose) => string = () => "pose"): Promise<void> {
  if (poses.length === 0) return;
  const [total] = await db.select({ n: count() }).from(progressPhoto).where(eq(progressPhoto.userId, userId));
  if ((total?.n ?? 0) + poses.length > MAX_PHOTOS_PER_MEMBER) throw new AppError(409, TOO_MANY_PHOTOS);
  const distinct = [...new Set(poses)];
  const sameDay = await db
    .select({ pose: progressPhoto.pose, n: count() })
    .from(progressPhoto)
    .where(and(eq(progressPhoto.userId, userId), eq(progressPhoto.takenOn, takenOn), inArray(progressPhoto.pose, distinct)))
    .groupBy(progressPhoto.pose);
  for (const pose of distinct) {
    const already = sameDay.find((row) => row.pose === pose)?.n ?? 0;
    const adding = poses.filter((p) => p === pose).length;
    if (already + adding > MAX_PHOTOS_PER_POSE_AND_DAY) throw new AppError(409, tooManyForPose(pose), { fieldErrors: { [fieldOf(pose)]: tooManyForPose(pose) } });
  }
}

/**
 * Records prepared images as `userId`'s photos, inside the caller's transaction (a
 * check-in's save, or an upload from Progress). The member's row is locked first, so two
 * saves at once count each other's photos (`assertPhotoRoom` again, under the lock).
 * The caller discards the prepared images when the transaction fails.
 */
export async function insertProgressPhotos(
  tx: Tx,
  userId: string,
  photos: Array<{ pose: PhotoPose; image: PreparedImage }>,
  options: { takenOn: string; checkInId?: string | null },
): Promise<string[]> {
  if (photos.length === 0) return [];
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
  await assertPhotoRoom(tx, userId, photos.map((p) => p.pose), options.takenOn);
  await tx.insert(progressPhoto).values(
    photos.map(({ pose, image }) => ({
      id: image.id,
      userId,
      takenOn: options.takenOn,
      pose,
      checkInId: options.checkInId ?? null,
      width: image.width,
      height: image.height,
      variants: image.variants,
    })),
  );
  return photos.map((p) => p.image.id);
}

/** The uploaded file of a form: a non-empty File, else the form's message. */
function fileOf(value: unknown): Blob {
  if (value instanceof Blob && value.size > 0) return value;
  throw new AppError(400, PHOTO_MESSAGES.choosePhoto, { fieldErrors: { photo: PHOTO_MESSAGES.choosePhoto } });
}

/**
 * A member adds a photo from Progress: the form's `photo` (a file), `pose` and `takenOn`.
 * The fields and the limits are checked before the image is processed (and the limits
 * again with the write); a refused image or a limit reached leaves nothing behind.
 */
export async function uploadProgressPhoto(actor: Actor, input: { photo?: unknown; pose?: unknown; takenOn?: unknown }): Promise<{ id: string; takenOn: string }> {
  const fields = photoFieldsSchema(await todayForSite()).parse({ pose: input.pose, takenOn: input.takenOn });
  const file = fileOf(input.photo);
  await assertPhotoRoom(getDb(), actor.id, [fields.pose], fields.takenOn);
  let image: PreparedImage;
  try {
    image = await preparePrivateImage(new Uint8Array(await file.arrayBuffer()), "progress-photos", actor.id);
  } catch (error) {
    // The image's refusal belongs beside the file field.
    if (error instanceof AppError) throw new AppError(error.status, error.message, { fieldErrors: { photo: error.message } });
    throw error;
  }
  try {
    await getDb().transaction((tx) => insertProgressPhotos(tx, actor.id, [{ pose: fields.pose, image }], { takenOn: fields.takenOn }));
  } catch (error) {
    await discardPreparedImage(image);
    throw error;
  }
  return { id: image.id, takenOn: fields.takenOn };
}

/** A member deletes one of their own photos: the row, then (after the commit) its files. */
export async function deleteProgressPhoto(actor: Actor, photoId: unknown): Promise<{ takenOn: string }> {
  const id = typeof photoId === "string" ? photoId.slice(0, 100) : "";
  const [removed] = id
    ? await getDb()
        .delete(progressPhoto)
        .where(and(eq(progressPhoto.id, id), eq(progressPhoto.userId, actor.id)))
        .returning({ takenOn: progressPhoto.takenOn, variants: progressPhoto.variants })
    : [];
  if (!removed) throw new AppError(404, PHOTO_MESSAGES.notFound);
  await discardPreparedImage(removed);
  return { takenOn: removed.takenOn };
}

// ---- Reading ----

export interface PhotoDay {
  date: string;
  photos: ProgressPhotoView[];
}

export interface PhotoComparison {
  before: string;
  after: string;
  /** Per pose present on either date: the newest photo of that pose on each (or null). */
  poses: Array<{ pose: PhotoPose; before: ProgressPhotoView | null; after: ProgressPhotoView | null }>;
}

export interface PhotoTimeline {
  /** The member the staff are looking at; null when members look at their own. */
  member: MemberAccount | null;
  /** Every date with photos, newest first (the compare pickers); bounded by MAX_PHOTOS_PER_MEMBER. */
  dates: string[];
  /** This page's dates with their photos, newest first. */
  days: PhotoDay[];
  page: number;
  pageCount: number;
  comparison: PhotoComparison | null;
}

/**
 * `memberId`'s photo timeline, a page of dates at a time, and the comparison of two
 * dates (by default the first and the latest). Members read their own; staff anyone's.
 */
export async function listProgressPhotos(actor: Actor, memberId: string, query: Partial<PhotoTimelineQuery> = {}): Promise<PhotoTimeline> {
  return buildTimeline(memberId, await requirePhotoReader(actor, memberId), query);
}

/** The staff's view of a member's photos: always about a member's account (a staff id or an unknown one is 'Member not found'). */
export async function listMemberPhotosForStaff(actor: Actor, memberId: string, query: Partial<PhotoTimelineQuery> = {}): Promise<PhotoTimeline> {
  ensureCan(actor, "progressPhotos", "viewAny");
  const member = await requireMemberAccount(memberId);
  return buildTimeline(member.id, member, query);
}

async function buildTimeline(memberId: string, member: MemberAccount | null, query: Partial<PhotoTimelineQuery>): Promise<PhotoTimeline> {
  const db = getDb();
  const dateRows = await db
    .selectDistinct({ date: progressPhoto.takenOn })
    .from(progressPhoto)
    .where(eq(progressPhoto.userId, memberId))
    .orderBy(desc(progressPhoto.takenOn));
  const dates = dateRows.map((r) => r.date);
  const pageCount = Math.max(1, Math.ceil(dates.length / PHOTO_DATES_PER_PAGE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const pageDates = dates.slice((page - 1) * PHOTO_DATES_PER_PAGE, page * PHOTO_DATES_PER_PAGE);
  const compared = comparedDates(dates, query);
  const wanted = [...new Set([...pageDates, ...(compared ? [compared.before, compared.after] : [])])];
  const rows = wanted.length
    ? await db
        .select(photoColumns)
        .from(progressPhoto)
        .where(and(eq(progressPhoto.userId, memberId), inArray(progressPhoto.takenOn, wanted)))
        .orderBy(desc(progressPhoto.takenOn), desc(progressPhoto.createdAt))
    : [];
  const photos = toViews(rows);
  const onDate = (date: string) => photos.filter((p) => p.takenOn === date);
  const days = pageDates.map((date) => ({ date, photos: sortByPose(onDate(date)) }));
  const comparison = compared ? compare(compared.before, compared.after, onDate(compared.before), onDate(compared.after)) : null;
  return { member, dates, days, page, pageCount, comparison };
}

/** Front, side, back; the newest first within a pose (rows come newest first). */
function sortByPose(photos: ProgressPhotoView[]): ProgressPhotoView[] {
  return photoPoses.flatMap((pose) => photos.filter((p) => p.pose === pose));
}

/** The two dates asked for when both have photos; else the first and the latest; none with fewer than two dates. */
function comparedDates(dates: string[], query: Partial<PhotoTimelineQuery>): { before: string; after: string } | null {
  if (dates.length < 2) return null;
  const { before, after } = query;
  if (before && after && before !== after && dates.includes(before) && dates.includes(after)) {
    return before < after ? { before, after } : { before: after, after: before };
  }
  return { before: dates.at(-1)!, after: dates[0]! };
}

function compare(before: string, after: string, beforePhotos: ProgressPhotoView[], afterPhotos: ProgressPhotoView[]): PhotoComparison {
  const poses = photoPoses
    .map((pose) => ({ pose, before: beforePhotos.find((p) => p.pose === pose) ?? null, after: afterPhotos.find((p) => p.pose === pose) ?? null }))
    .filter((pair) => pair.before || pair.after);
  return { before, after, poses };
}

/** The photos of these check-ins (a check-in page and its earlier weeks), for a caller that has checked who may see them. */
export async function photosOfCheckIns(checkInIds: string[]): Promise<Map<string, ProgressPhotoView[]>> {
  const byCheckIn = new Map<string, ProgressPhotoView[]>();
  if (checkInIds.length === 0) return byCheckIn;
  const rows = await getDb()
    .select(photoColumns)
    .from(progressPhoto)
    .where(inArray(progressPhoto.checkInId, [...new Set(checkInIds)]))
    .orderBy(desc(progressPhoto.createdAt));
  for (const photo of sortByPose(toViews(rows))) {
    const list = byCheckIn.get(photo.checkInId!) ?? [];
    list.push(photo);
    byCheckIn.set(photo.checkInId!, list);
  }
  return byCheckIn;
}

// ---- Serving ----

/**
 * A file of a progress photo (GET /progress-photos/:photoId/:file) for a signed-in viewer:
 * the member whose photo it is, or staff. Anyone else, like an unknown photo or file, gets
 * 404 (AppError) and no bytes.
 */
export async function openProgressPhoto(viewer: Actor, photoId: string, file: string): Promise<PrivateImageFile> {
  const [row] = await getDb()
    .select({ userId: progressPhoto.userId, variants: progressPhoto.variants })
    .from(progressPhoto)
    .where(eq(progressPhoto.id, photoId.slice(0, 100)));
  if (!row || (row.userId !== viewer.id && !can(viewer.role, "progressPhotos", "viewAny"))) throw new AppError(404, PHOTO_MESSAGES.notFound);
  return openPrivateImage(row.variants, file);
}
