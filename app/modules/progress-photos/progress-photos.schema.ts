import { z } from "zod";
import { photoPoses, type PhotoPose } from "~/db/schema/progress-photos";
import { pageNumber, valueWhere } from "~/lib/search-params";
import { isPlainDate } from "~/lib/time-zone";

/**
 * Progress photos' forms and address, shared by the browser and the server. The limits
 * are here so the page can say them; the server enforces them (progress-photos.server.ts).
 */

export { photoPoses, type PhotoPose };

export const poseLabels: Record<PhotoPose, string> = { front: "Front", side: "Side", back: "Back" };

/** A member keeps at most this many photos of one pose on one date (a retake or two). */
export const MAX_PHOTOS_PER_POSE_AND_DAY = 3;
/** And at most this many in all: about six years of a weekly front, side and back. */
export const MAX_PHOTOS_PER_MEMBER = 1000;
/** Dates on one page of the timeline (each date holds at most 9 photos). */
export const PHOTO_DATES_PER_PAGE = 10;

export const PHOTO_MESSAGES = {
  choosePhoto: "Please choose a photo.",
  pose: "Please choose front, side or back.",
  date: "Please enter a real date (yyyy-mm-dd).",
  future: "The date cannot be in the future.",
  tooOld: "Please choose a date from 2000 on.",
  notFound: "Photo not found",
} as const;

export const tooManyForPose = (pose: PhotoPose) => `You already have ${MAX_PHOTOS_PER_POSE_AND_DAY} ${poseLabels[pose].toLowerCase()} photos for this date. Delete one before adding another.`;
export const TOO_MANY_PHOTOS = `You have ${MAX_PHOTOS_PER_MEMBER.toLocaleString("en-GB")} progress photos, the most we keep. Delete some before adding more.`;

/** The date a photo was taken: a real date from 2000 up to today (the site's today). */
export function takenOnField(today: string) {
  return z
    .string({ error: PHOTO_MESSAGES.date })
    .trim()
    .refine(isPlainDate, PHOTO_MESSAGES.date)
    .refine((value) => !isPlainDate(value) || value >= "2000-01-01", PHOTO_MESSAGES.tooOld)
    .refine((value) => !isPlainDate(value) || value <= today, PHOTO_MESSAGES.future);
}

export const poseField = z.enum(photoPoses, { error: PHOTO_MESSAGES.pose });

/** The upload form's fields other than the file (checked before the image is processed). */
export function photoFieldsSchema(today: string) {
  return z.object({ pose: poseField, takenOn: takenOnField(today) });
}

/** The timeline's address: ?page= (of dates), and the two dates to compare. */
export const photoTimelineQuery = z.object({
  page: pageNumber,
  before: valueWhere(isPlainDate),
  after: valueWhere(isPlainDate),
});
export type PhotoTimelineQuery = z.output<typeof photoTimelineQuery>;
