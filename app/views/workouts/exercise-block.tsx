import { Link, useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";
import { formatShortDate } from "~/lib/dates";
import { formatValue, type WeightUnit } from "~/lib/units";
import { SESSION_LIMITS } from "~/modules/workouts/set-rules";
import type { ExerciseView } from "~/modules/workouts/workout-screen.server";
import { clock, setText, targetLoad, targetVolume } from "./format";
import { SetRows } from "./set-rows";
import { useSetQueue } from "./set-queue-context";

type Answer = ActionData;

function fieldError(answer: Answer | undefined, field: string): string | undefined {
  if (!answer || answer.ok) return undefined;
  return (answer.fieldErrors as Record<string, string | undefined>)[field] ?? answer.error ?? undefined;
}

/** What the coach asked for: sets × reps (or time, distance), load with its suggested weight, rest, tempo, notes. */
function TargetLine({ exercise, unit }: { exercise: ExerciseView; unit: WeightUnit }) {
  const target = exercise.target;
  if (!target) return null;
  const load = targetLoad(target, unit);
  const parts = [targetVolume(target, exercise.measure), load, `Rest ${clock(exercise.restSeconds)}`, target.tempo ? `Tempo ${target.tempo}` : null].filter(Boolean);
  return (
    <div className="mt-1 text-sm text-zinc-700">
      <p>
        <span className="font-semibold text-zinc-900">Target: </span>
        {parts.join(" · ")}
      </p>
      {exercise.suggestedWeight !== null ? (
        <p>
          <span className="font-semibold text-zinc-900">Suggested weight: </span>
          {`${formatValue(exercise.suggestedWeight)} ${unit}`}
        </p>
      ) : null}
      {target.notes ? <p className="mt-1 italic">{target.notes}</p> : null}
    </div>
  );
}

function LastTime({ exercise, unit }: { exercise: ExerciseView; unit: WeightUnit }) {
  if (!exercise.lastTime) return null;
  return (
    <p className="mt-2 text-sm text-zinc-700">
      <span className="font-semibold text-zinc-900">{`Last time (${formatShortDate(exercise.lastTime.performedOn)}): `}</span>
      {exercise.lastTime.sets.map((s) => setText(s, unit)).join(", ")}
    </p>
  );
}

/** Add set, note, skip and swap: each a small form that works without JavaScript. */
function ExerciseActions({ exercise, workoutPath }: { exercise: ExerciseView; workoutPath: string }) {
  const addSet = useFetcher<Answer>();
  const note = useFetcher<Answer>();
  const skip = useFetcher<Answer>();
  const queue = useSetQueue();
  // Sets still queued count too: a swap or skip would refuse them.
  const hasSets = exercise.rows.some((r) => r.logged) || queue.pendingOf(exercise.id).length > 0;
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap gap-2">
        <addSet.Form method="post" action={workoutPath}>
          <input type="hidden" name="intent" value="add-set" />
          <input type="hidden" name="workoutExerciseId" value={exercise.id} />
          <Button type="submit" variant="secondary" busy={addSet.state !== "idle"} aria-label={`Add a set of ${exercise.name}`}>
            Add set
          </Button>
        </addSet.Form>
        {hasSets ? null : (
          <Link to={`${workoutPath}?swap=${encodeURIComponent(exercise.id)}`} className={buttonClass("secondary")} aria-label={`Swap ${exercise.name}`}>
            Swap
          </Link>
        )}
      </div>
      {addSet.data && !addSet.data.ok ? (
        <p role="alert" className="text-sm font-medium text-brand">
          {addSet.data.error}
        </p>
      ) : null}
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">{exercise.notes ? "Edit note" : "Add a note"}</summary>
        <note.Form method="post" action={workoutPath} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="save-note" />
          <input type="hidden" name="workoutExerciseId" value={exercise.id} />
          <TextAreaField label={`Note on ${exercise.name}`} name="notes" rows={2} maxLength={SESSION_LIMITS.notes} defaultValue={exercise.notes} error={fieldError(note.data, "notes")} />
          <Button type="submit" variant="secondary" busy={note.state !== "idle"}>
            Save note
          </Button>
        </note.Form>
      </details>
      {hasSets ? null : (
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">Skip this exercise</summary>
          <skip.Form method="post" action={workoutPath} className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="skip-exercise" />
            <input type="hidden" name="workoutExerciseId" value={exercise.id} />
            <TextField label={`Reason for skipping ${exercise.name} (optional)`} name="reason" maxLength={SESSION_LIMITS.reason} error={fieldError(skip.data, "reason")} />
            <Button type="submit" variant="secondary" busy={skip.state !== "idle"}>
              Skip exercise
            </Button>
          </skip.Form>
        </details>
      )}
    </div>
  );
}

function SkippedNote({ exercise, workoutPath, editable }: { exercise: ExerciseView; workoutPath: string; editable: boolean }) {
  const undo = useFetcher<Answer>();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <p className="text-sm text-zinc-700">
        <span className="font-semibold text-zinc-900">Skipped</span>
        {exercise.reason ? `: ${exercise.reason}` : null}
      </p>
      {editable ? (
        <undo.Form method="post" action={workoutPath}>
          <input type="hidden" name="intent" value="undo-skip" />
          <input type="hidden" name="workoutExerciseId" value={exercise.id} />
          <Button type="submit" variant="ghost" busy={undo.state !== "idle"} aria-label={`Undo skipping ${exercise.name}`}>
            Undo skip
          </Button>
        </undo.Form>
      ) : null}
    </div>
  );
}

export function ExerciseBlock({ exercise, unit, workoutPath, editable }: { exercise: ExerciseView; unit: WeightUnit; workoutPath: string; editable: boolean }) {
  const headingId = `exercise-${exercise.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-zinc-200 p-4">
      <h3 id={headingId} className="text-lg font-bold">
        {exercise.name}
      </h3>
      {exercise.swappedFrom ? (
        <p className="text-sm text-zinc-700">{`Swapped from ${exercise.swappedFrom}${exercise.reason ? `: ${exercise.reason}` : ""}`}</p>
      ) : null}
      <TargetLine exercise={exercise} unit={unit} />
      <LastTime exercise={exercise} unit={unit} />
      {exercise.status === "skipped" ? (
        <SkippedNote exercise={exercise} workoutPath={workoutPath} editable={editable} />
      ) : (
        <div className="mt-3">
          <SetRows exercise={exercise} unit={unit} workoutPath={workoutPath} editable={editable} />
        </div>
      )}
      {!editable && exercise.notes ? <p className="mt-2 text-sm text-zinc-700">{`Note: ${exercise.notes}`}</p> : null}
      {editable && exercise.status !== "skipped" ? <ExerciseActions exercise={exercise} workoutPath={workoutPath} /> : null}
    </section>
  );
}
