import { Button, buttonClass } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { formatShortDate } from "~/lib/dates";
import { formatValue, type WeightUnit } from "~/lib/units";
import { SESSION_LIMITS } from "~/modules/workouts/set-rules";
import type { ExerciseView } from "~/modules/workouts/workout-screen.server";
import { clock, setText, targetLoad, targetVolume } from "./format";
import { SetRows } from "./set-rows";
import { answerFor, answerValue, type ScreenAnswer } from "./screen-answer";

/** The refused answer's message for one of its fields (its page-level message is the screen's alert). */
function fieldError(answer: ScreenAnswer | null, field: string): string | undefined {
  return answer ? (answer.fieldErrors as Record<string, string | undefined>)[field] : undefined;
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

/**
 * Add set, note, skip and swap: each a small form that posts as it is. Swap and skip are
 * for an exercise with no sets (`data-needs-no-sets`: the screen's script hides them while
 * sets of it wait in the queue, which a swap or skip would refuse).
 */
function ExerciseActions({ exercise, workoutPath, answer }: { exercise: ExerciseView; workoutPath: string; answer: ScreenAnswer | null }) {
  const hasSets = exercise.rows.some((r) => r.logged);
  const note = answer?.intent === "save-note" ? answer : null;
  const skip = answer?.intent === "skip-exercise" ? answer : null;
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap gap-2">
        <form method="post" action={workoutPath}>
          <input type="hidden" name="intent" value="add-set" />
          <input type="hidden" name="workoutExerciseId" value={exercise.id} />
          <Button type="submit" variant="secondary" aria-label={`Add a set of ${exercise.name}`} data-busy-text="Adding…">
            Add set
          </Button>
        </form>
        {hasSets ? null : (
          <a href={`${workoutPath}?swap=${encodeURIComponent(exercise.id)}`} className={buttonClass("secondary")} aria-label={`Swap ${exercise.name}`} data-needs-no-sets="" data-online-only="">
            Swap
          </a>
        )}
      </div>
      <details id={`note-${exercise.id}`} open={note ? true : undefined}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">{exercise.notes ? "Edit note" : "Add a note"}</summary>
        <form method="post" action={workoutPath} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="save-note" />
          <input type="hidden" name="workoutExerciseId" value={exercise.id} />
          <TextAreaField
            label={`Note on ${exercise.name}`}
            name="notes"
            rows={2}
            maxLength={SESSION_LIMITS.notes}
            defaultValue={note ? answerValue(note, "notes") : exercise.notes}
            error={fieldError(note, "notes")}
          />
          <Button type="submit" variant="secondary" data-busy-text="Saving…">
            Save note
          </Button>
        </form>
      </details>
      {hasSets ? null : (
        <details id={`skip-${exercise.id}`} open={skip ? true : undefined} data-needs-no-sets="">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">Skip this exercise</summary>
          <form method="post" action={workoutPath} className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="skip-exercise" />
            <input type="hidden" name="workoutExerciseId" value={exercise.id} />
            <TextField
              label={`Reason for skipping ${exercise.name} (optional)`}
              name="reason"
              maxLength={SESSION_LIMITS.reason}
              defaultValue={skip ? answerValue(skip, "reason") : undefined}
              error={fieldError(skip, "reason")}
            />
            <Button type="submit" variant="secondary" data-busy-text="Skipping…">
              Skip exercise
            </Button>
          </form>
        </details>
      )}
    </div>
  );
}

function SkippedNote({ exercise, workoutPath, editable }: { exercise: ExerciseView; workoutPath: string; editable: boolean }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <p className="text-sm text-zinc-700">
        <span className="font-semibold text-zinc-900">Skipped</span>
        {exercise.reason ? `: ${exercise.reason}` : null}
      </p>
      {editable ? (
        <form method="post" action={workoutPath}>
          <input type="hidden" name="intent" value="undo-skip" />
          <input type="hidden" name="workoutExerciseId" value={exercise.id} />
          <Button type="submit" variant="ghost" aria-label={`Undo skipping ${exercise.name}`} data-busy-text="Undoing…">
            Undo skip
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/**
 * One exercise of the workout. `data-exercise` and its numbers are what the screen's script
 * reads: the rest after a set, the measure its check applies.
 */
export function ExerciseBlock({ exercise, unit, workoutPath, editable, answer }: { exercise: ExerciseView; unit: WeightUnit; workoutPath: string; editable: boolean; answer: ScreenAnswer | null }) {
  const headingId = `exercise-${exercise.id}`;
  const own = answerFor(answer, null, "workoutExerciseId", exercise.id);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-zinc-200 p-4" data-exercise={exercise.id} data-measure={exercise.measure} data-rest={exercise.restSeconds}>
      <h3 id={headingId} className="scroll-mt-24 text-lg font-bold">
        {exercise.name}
      </h3>
      {exercise.swappedFrom ? <p className="text-sm text-zinc-700">{`Swapped from ${exercise.swappedFrom}${exercise.reason ? `: ${exercise.reason}` : ""}`}</p> : null}
      <TargetLine exercise={exercise} unit={unit} />
      <LastTime exercise={exercise} unit={unit} />
      {exercise.status === "skipped" ? (
        <SkippedNote exercise={exercise} workoutPath={workoutPath} editable={editable} />
      ) : (
        <div className="mt-3">
          <SetRows exercise={exercise} unit={unit} workoutPath={workoutPath} editable={editable} answer={answer} />
        </div>
      )}
      {!editable && exercise.notes ? <p className="mt-2 text-sm text-zinc-700">{`Note: ${exercise.notes}`}</p> : null}
      {editable && exercise.status !== "skipped" ? <ExerciseActions exercise={exercise} workoutPath={workoutPath} answer={own} /> : null}
    </section>
  );
}
