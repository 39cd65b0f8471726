import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { WeightUnit } from "~/lib/units";
import type { ExerciseView, SetPrefill, SetView } from "~/modules/workouts/workout-screen.server";
import { answerFor, answerValue, type ScreenAnswer } from "./screen-answer";
import { setText } from "./format";

type Errors = Record<string, string>;

interface FieldSpec {
  name: keyof SetPrefill;
  label: string;
  width: string;
}

/** The numbers a set of this exercise takes, in the member's unit. */
function fieldsFor(measure: ExerciseView["measure"], unit: WeightUnit): FieldSpec[] {
  const rpe: FieldSpec = { name: "rpe", label: "RPE", width: "w-14" };
  if (measure === "weight_reps") return [{ name: "weight", label: `Weight (${unit})`, width: "w-20" }, { name: "reps", label: "Reps", width: "w-14" }, rpe];
  if (measure === "reps") return [{ name: "reps", label: "Reps", width: "w-16" }, rpe];
  if (measure === "time") return [{ name: "durationSeconds", label: "Time (s)", width: "w-20" }, rpe];
  return [{ name: "distanceMeters", label: "Distance (m)", width: "w-24" }, rpe];
}

const fieldClass = "block min-h-11 rounded-md border border-zinc-400 bg-white px-2 text-base tabular-nums aria-[invalid=true]:border-brand";

const shown = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** A refused form's messages, by field, with its page-level message as `form`. */
function errorsOf(answer: ScreenAnswer | null): Errors {
  if (!answer) return {};
  return {
    ...(answer.fieldErrors as Errors),
    ...(answer.error ? { form: answer.error } : {}),
  };
}

/**
 * A set's number fields. `data-prefill` keeps what the server offered: the screen's script
 * offers the next rows what the set just logged leads to, in the fields nobody typed in.
 */
function SetFields({
  rowLabel,
  fields,
  values,
  typed,
  errors,
  idPrefix,
}: {
  rowLabel: string;
  fields: FieldSpec[];
  values: SetPrefill;
  typed: Record<string, string> | null;
  errors: Errors;
  idPrefix: string;
}) {
  return (
    <>
      {fields.map((f) => (
        <div key={f.name} className="shrink-0">
          <label htmlFor={`${idPrefix}-${f.name}`} className="sr-only">
            {`${rowLabel} ${f.label.toLowerCase()}`}
          </label>
          <input
            id={`${idPrefix}-${f.name}`}
            name={f.name}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={typed ? (typed[f.name] ?? "") : shown(values[f.name])}
            data-prefill={shown(values[f.name])}
            aria-invalid={errors[f.name] ? true : undefined}
            aria-describedby={errors[f.name] ? `${idPrefix}-error` : undefined}
            className={cn(fieldClass, f.width)}
          />
        </div>
      ))}
    </>
  );
}

function ErrorLine({ id, errors }: { id: string; errors: Errors }) {
  const messages = [...new Set(Object.values(errors))];
  if (messages.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-brand">
      {messages.join(". ")}
    </p>
  );
}

/**
 * A set still to do: its inputs hold what one tap logs. The screen's script queues it
 * (shown as logged at once, sent in the background); without the script the form posts it.
 * A refused post comes back with the typed numbers and the message.
 */
function OpenSetForm({
  exercise,
  number,
  prefill,
  unit,
  workoutPath,
  answer,
}: {
  exercise: ExerciseView;
  number: number;
  prefill: SetPrefill;
  unit: WeightUnit;
  workoutPath: string;
  answer: ScreenAnswer | null;
}) {
  const idPrefix = `set-${exercise.id}-${number}`;
  const rowLabel = `${exercise.name} set ${number}`;
  const errors = errorsOf(answer);
  return (
    <>
      <form method="post" action={workoutPath} data-set-form="log" data-error-id={`${idPrefix}-error`} className="flex items-end gap-2" aria-label={rowLabel}>
        <input type="hidden" name="intent" value="log-set" />
        <input type="hidden" name="workoutExerciseId" value={exercise.id} />
        <span className="w-8 shrink-0 pb-3 text-sm font-semibold text-zinc-600" aria-hidden="true">
          {number}
        </span>
        <SetFields rowLabel={rowLabel} fields={fieldsFor(exercise.measure, unit)} values={prefill} typed={answer ? answerValues(answer) : null} errors={errors} idPrefix={idPrefix} />
        <Button type="submit" className="ml-auto shrink-0 px-3" data-log-set="" aria-label={`Log ${exercise.name} set ${number}`}>
          Log set
        </Button>
      </form>
      <ErrorLine id={`${idPrefix}-error`} errors={errors} />
    </>
  );
}

function answerValues(answer: ScreenAnswer): Record<string, string> {
  return Object.fromEntries(["weight", "reps", "rpe", "durationSeconds", "distanceMeters"].map((name) => [name, answerValue(answer, name)]));
}

/** A logged set: its numbers, Delete, and an edit form in a disclosure (its own check runs in the screen's script before it posts). */
function LoggedSet({
  exercise,
  set,
  unit,
  workoutPath,
  editable,
  answer,
}: {
  exercise: ExerciseView;
  set: SetView;
  unit: WeightUnit;
  workoutPath: string;
  editable: boolean;
  answer: ScreenAnswer | null;
}) {
  const idPrefix = `edit-${set.id}`;
  const rowLabel = `${exercise.name} set ${set.number}`;
  const editAnswer = answer?.intent === "edit-set" ? answer : null;
  const errors = errorsOf(editAnswer);
  return (
    <>
      <div className="flex min-h-11 items-center gap-2">
        <span className="w-8 shrink-0 text-sm font-semibold text-zinc-600" aria-hidden="true">
          {set.number}
        </span>
        <p className="flex-1 font-semibold">
          <span className="sr-only">{`Set ${set.number}: `}</span>
          {setText(set, unit)} <span className="text-sm font-normal text-green-800">Logged</span>
        </p>
        {editable ? (
          <form method="post" action={workoutPath}>
            <input type="hidden" name="intent" value="delete-set" />
            <input type="hidden" name="setId" value={set.id} />
            <Button type="submit" variant="ghost" className="px-3" aria-label={`Delete ${rowLabel}`} data-busy-text="Deleting…">
              Delete
            </Button>
          </form>
        ) : null}
      </div>
      {editable ? (
        <details id={`${idPrefix}-details`} className="pb-1" open={editAnswer ? true : undefined}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center px-2 text-sm font-semibold text-brand">{`Edit set ${set.number}`}</summary>
          <form method="post" action={workoutPath} data-set-form="edit" data-error-id={`${idPrefix}-error`} className="mt-1 flex items-end gap-2">
            <input type="hidden" name="intent" value="edit-set" />
            <input type="hidden" name="setId" value={set.id} />
            <SetFields rowLabel={`Edit ${rowLabel}`} fields={fieldsFor(exercise.measure, unit)} values={set} typed={editAnswer ? answerValues(editAnswer) : null} errors={errors} idPrefix={idPrefix} />
            <Button type="submit" variant="secondary" className="ml-auto px-3" data-busy-text="Saving…">
              Save
            </Button>
          </form>
          <ErrorLine id={`${idPrefix}-error`} errors={errors} />
        </details>
      ) : null}
    </>
  );
}

/**
 * An exercise's set rows as the server holds them: logged sets, then the open rows (the
 * first one carries a refused log's numbers and message). The screen's script fills open
 * rows with the sets waiting in its queue (`data-open`).
 */
export function SetRows({ exercise, unit, workoutPath, editable, answer }: { exercise: ExerciseView; unit: WeightUnit; workoutPath: string; editable: boolean; answer: ScreenAnswer | null }) {
  const fields = fieldsFor(exercise.measure, unit);
  const logAnswer = answerFor(answer, "log-set", "workoutExerciseId", exercise.id);
  const firstOpen = exercise.rows.find((r) => !r.logged)?.number;
  return (
    <div>
      <div className="flex gap-2 text-xs font-semibold uppercase tracking-wide text-zinc-600" aria-hidden="true">
        <span className="w-8 shrink-0">Set</span>
        {fields.map((f) => (
          <span key={f.name} className={cn("shrink-0", f.width)}>
            {f.label}
          </span>
        ))}
      </div>
      <ol className="mt-1 space-y-2" data-sets="">
        {exercise.rows.map((row) =>
          row.logged ? (
            <li key={row.number} id={`set-${row.logged.id}`} data-client-key={row.logged.clientKey ?? undefined} className="scroll-mt-24 rounded-md bg-zinc-50 px-2 py-1">
              <LoggedSet exercise={exercise} set={row.logged} unit={unit} workoutPath={workoutPath} editable={editable} answer={answerFor(answer, null, "setId", row.logged.id)} />
            </li>
          ) : editable ? (
            <li key={row.number} data-open={row.number}>
              <OpenSetForm exercise={exercise} number={row.number} prefill={row.prefill} unit={unit} workoutPath={workoutPath} answer={row.number === firstOpen ? logAnswer : null} />
            </li>
          ) : null,
        )}
      </ol>
    </div>
  );
}
