import { z } from "zod";
import { multiLineText } from "~/lib/text-field";

/**
 * The coach's comment on a finished workout, checked in the browser and again on the
 * server with the same messages.
 */
export const COMMENT_MAX = 2000;

export const commentSchema = z.object({
  body: multiLineText({ message: "Please write a comment" })
    .min(1, "Please write a comment")
    .max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters`),
});
export type CommentInput = z.output<typeof commentSchema>;

/** A comment as both sides show it: plain data for app/views/workouts/workout-comments.tsx (browser-safe here). */
export interface CommentView {
  id: string;
  /** The coach's name; null when their account was deleted since. */
  authorName: string | null;
  body: string;
  /** The day it was written, in the site's time zone (yyyy-mm-dd). */
  postedOn: string;
}
