import { formatShortDate } from "~/lib/dates";
import type { CommentView } from "~/modules/workouts/workout-comments.schema";

/**
 * The coaches' comments on a workout, oldest first: who, when, what. Plain data in, so the
 * staff review and the member's workout screen show them the same way.
 */
export function WorkoutComments({ comments, headingLevel = 4 }: { comments: readonly CommentView[]; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-label="Coach comments" className="space-y-2">
      <Heading className="text-sm font-semibold uppercase tracking-wide text-zinc-700">Coach comments</Heading>
      {comments.length === 0 ? (
        <p className="text-sm text-zinc-700">No comments yet</p>
      ) : (
        <ul className="space-y-3">
          {comments.map((c) => (
            <li key={c.id} className="rounded-md border border-zinc-200 bg-zinc-50 p-3">
              <p className="text-sm">
                <span className="font-semibold text-zinc-900">{c.authorName ?? "A former coach"}</span>
                <span className="text-zinc-700"> · {formatShortDate(c.postedOn)}</span>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-zinc-900">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
