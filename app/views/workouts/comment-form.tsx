import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError, TextAreaField } from "~/components/ui/field";
import { useBrowserCheck } from "~/components/ui/use-browser-check";
import type { ActionData } from "~/lib/action.server";
import { schemaProblems } from "~/lib/form";
import { COMMENT_MAX, commentSchema } from "~/modules/workouts/workout-comments.schema";

export const COMMENT_INTENT = "comment";

/**
 * The coach's comment on one finished workout: checked in the browser with the server's
 * schema, posted with its own fetcher (a success comes back as a toast and the comment in
 * the list; the form is drawn afresh because its key is the number of comments). Without
 * JavaScript the page's answer (`result`) shows the refusal at the form it came from.
 */
export function CommentForm({ workoutId, workoutTitle, result }: { workoutId: string; workoutTitle: string; result: ActionData | undefined }) {
  const fetcher = useFetcher<ActionData>();
  const check = useBrowserCheck<"body">((data) => schemaProblems(commentSchema, Object.fromEntries(data)));
  const answer = fetcher.data ?? (result && !result.ok && result.values.workoutId === workoutId ? result : undefined);
  const failure = answer && !answer.ok ? answer : undefined;
  const echoed = failure?.values.body;
  const bodyError = check.problems?.body ?? failure?.fieldErrors.body;
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-3"
      aria-label={`Comment on ${workoutTitle}`}
      onSubmit={check.onSubmit}
    >
      <input type="hidden" name="intent" value={COMMENT_INTENT} />
      <input type="hidden" name="workoutId" value={workoutId} />
      <FormError message={failure?.error} />
      <TextAreaField
        label="Comment"
        name="body"
        rows={3}
        maxLength={COMMENT_MAX}
        required
        defaultValue={typeof echoed === "string" ? echoed : ""}
        error={bodyError}
        hint="The member sees it with the workout and is e-mailed."
      />
      <Button type="submit" variant="secondary" busy={fetcher.state !== "idle"} busyText="Posting...">
        Post comment
      </Button>
    </fetcher.Form>
  );
}
