import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";
import { fieldErrors } from "~/lib/form";
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
  const [clientError, setClientError] = useState<string>();
  const answer = fetcher.data ?? (result && !result.ok && result.values.workoutId === workoutId ? result : undefined);
  const failure = answer && !answer.ok ? answer : undefined;
  const echoed = failure?.values.body;
  const bodyError = clientError ?? failure?.fieldErrors.body;
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-3"
      aria-label={`Comment on ${workoutTitle}`}
      onSubmit={(event) => {
        const parsed = commentSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
        if (!parsed.success) {
          event.preventDefault();
          setClientError(fieldErrors<"body">(parsed.error).body);
          event.currentTarget.querySelector<HTMLElement>("textarea")?.focus();
          return;
        }
        setClientError(undefined);
      }}
    >
      <input type="hidden" name="intent" value={COMMENT_INTENT} />
      <input type="hidden" name="workoutId" value={workoutId} />
      {failure?.error ? (
        <p role="alert" className="rounded-md border border-brand bg-red-50 p-3 text-sm font-medium text-brand-strong">
          {failure.error}
        </p>
      ) : null}
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
