import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { ActionData } from "~/lib/action.server";
import type { WeightUnit } from "~/lib/units";
import { checkSet } from "~/modules/workouts/set-rules";
import type { ExerciseView, SetPrefill, SetView } from "~/modules/workouts/workout-screen.server";
import { setText } from "./format";
import { useRestTimer } from "./rest-timer";

type Errors = Record<string, string>;
type SetAnswer = ActionData<{ restSeconds?: number }>;

interface FieldSpec {
  name: keyof SetPrefill;
  label: string;
  width: string;
}

/** The numbers a set of this exercise takes, in the member's unit. */
export function fieldsFor(measure: ExerciseView["measure"], unit: WeightUnit): FieldSpec[] {
  const rpe: FieldSpec = { name: "rpe", label: "RPE", width: "w-14" };
  if (measure === "weight_reps") return [{ name: "weight", label: `Weight (${unit})`, width: "w-20" }, { name: "reps", label: "Reps", width: "w-14" }, rpe];
  if (measure === "reps") return [{ name: "reps", label: "Reps", width: "w-16" }, rpe];
  if (measure === "time") return [{ name: "durationSeconds", label: "Time (s)", width: "w-20" }, rpe];
  return [{ name: "distanceMeters", label: "Distance (m)", width: "w-24" }, rpe];
}

const fieldClass = "block min-h-11 rounded-md border border-zinc-400 bg-white px-2 text-base tabular-nums aria-[invalid=true]:border-brand";

/** The browser's check: the server's own (set-rules.ts), with its messages. */
function check(form: HTMLFormElement, measure: ExerciseView["measure"], unit: WeightUnit): Errors | null {
  return checkSet(measure, unit, Object.fromEntries(new FormData(form))).problems as Errors | null;
}

/**
 * A set's number field, prefilled by the server. A later prefill (the set just logged
 * changes what the next rows offer) replaces it until the member has typed in it.
 */
function PrefilledInput({ prefill, ...props }: { prefill: string; id: string; name: string; className: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const typed = useRef(false);
  useEffect(() => {
    if (input.current && !typed.current) input.current.value = prefill;
  }, [prefill]);
  return <input ref={input} inputMode="decimal" autoComplete="off" defaultValue={prefill} onInput={() => (typed.current = true)} {...props} />;
}

function SetFields({ rowLabel, fields, values, errors, idPrefix }: { rowLabel: string; fields: FieldSpec[]; values: SetPrefill; errors: Errors; idPrefix: string }) {
  return (
    <>
      {fields.map((f) => (
        <div key={f.name} className="shrink-0">
          <label htmlFor={`${idPrefix}-${f.name}`} className="sr-only">
            {`${rowLabel} ${f.label.toLowerCase()}`}
          </label>
          <PrefilledInput
            id={`${idPrefix}-${f.name}`}
            name={f.name}
            prefill={values[f.name] === null || values[f.name] === undefined ? "" : String(values[f.name])}
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
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-brand">
      {messages.join(". ")}
    </p>
  );
}

/** Errors of a failed answer, else the browser's own. */
function useErrors(answer: SetAnswer | undefined) {
  const [client, setClient] = useState<Errors | null>(null);
  const server: Errors = answer && !answer.ok ? { ...(answer.fieldErrors as Errors), ...(answer.error ? { form: answer.error } : {}) } : {};
  return { errors: client ?? server, setClient };
}

type LogFetcher = ReturnType<typeof useFetcher<SetAnswer>>;

/** A set still to do: its inputs hold what one tap logs. */
function OpenSetForm({ log, exercise, number, prefill, unit, workoutPath }: { log: LogFetcher; exercise: ExerciseView; number: number; prefill: SetPrefill; unit: WeightUnit; workoutPath: string }) {
  const timer = useRestTimer();
  const { errors, setClient } = useErrors(log.data);
  const fields = fieldsFor(exercise.measure, unit);
  const idPrefix = `set-${exercise.id}-${number}`;
  const rowLabel = `${exercise.name} set ${number}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    timer.prime();
    const problems = check(event.currentTarget, exercise.measure, unit);
    setClient(problems);
    if (problems) event.preventDefault();
  }

  return (
    <>
      <log.Form method="post" action={workoutPath} onSubmit={onSubmit} className="flex items-end gap-2" aria-label={rowLabel}>
        <input type="hidden" name="intent" value="log-set" />
        <input type="hidden" name="workoutExerciseId" value={exercise.id} />
        <span className="w-8 shrink-0 pb-3 text-sm font-semibold text-zinc-600" aria-hidden="true">
          {number}
        </span>
        <SetFields rowLabel={rowLabel} fields={fields} values={prefill} errors={errors} idPrefix={idPrefix} />
        <Button type="submit" className="ml-auto shrink-0 px-3" busy={log.state !== "idle"} busyText="Logging…" data-log-set="" aria-label={`Log ${exercise.name} set ${number}`}>
          Log set
        </Button>
      </log.Form>
      <ErrorLine id={`${idPrefix}-error`} errors={errors} />
    </>
  );
}

/** The next 'Log set' button after `from` on the screen, else Finish. */
function nextLogButton(from: HTMLElement): HTMLElement | null {
  const buttons = Array.from(document.querySelectorAll<HTMLElement>("button[data-log-set]"));
  return buttons.find((b) => from.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ?? document.getElementById("finish-workout");
}

/**
 * One set row, open or logged. The row keeps its log fetcher across that change, so once
 * the set is logged it starts the rest and moves focus to the next set's 'Log set'.
 */
function SetRow({ exercise, row, unit, workoutPath, editable }: { exercise: ExerciseView; row: ExerciseView["rows"][number]; unit: WeightUnit; workoutPath: string; editable: boolean }) {
  const log = useFetcher<SetAnswer>();
  const timer = useRestTimer();
  const item = useRef<HTMLLIElement>(null);
  const handled = useRef<SetAnswer | null>(null);

  useEffect(() => {
    const answer = log.data;
    if (log.state !== "idle" || !answer?.ok || handled.current === answer) return;
    handled.current = answer;
    timer.start(answer.restSeconds ?? exercise.restSeconds);
    if (item.current) nextLogButton(item.current)?.focus();
  }, [log.state, log.data, timer, exercise.restSeconds]);

  if (!row.logged && !editable) return null;
  return (
    <li ref={item} className={row.logged ? "rounded-md bg-zinc-50 px-2 py-1" : undefined}>
      {row.logged ? (
        <LoggedSet exercise={exercise} set={row.logged} unit={unit} workoutPath={workoutPath} editable={editable} />
      ) : (
        <OpenSetForm log={log} exercise={exercise} number={row.number} prefill={row.prefill} unit={unit} workoutPath={workoutPath} />
      )}
    </li>
  );
}

/** A logged set: its numbers, an edit form (a disclosure, so it works without JavaScript) and Delete. */
function LoggedSet({ exercise, set, unit, workoutPath, editable }: { exercise: ExerciseView; set: SetView; unit: WeightUnit; workoutPath: string; editable: boolean }) {
  const edit = useFetcher<SetAnswer>();
  const remove = useFetcher<SetAnswer>();
  const details = useRef<HTMLDetailsElement>(null);
  const { errors, setClient } = useErrors(edit.data);
  const idPrefix = `edit-${set.id}`;
  const rowLabel = `${exercise.name} set ${set.number}`;

  useEffect(() => {
    if (edit.state === "idle" && edit.data?.ok) details.current?.removeAttribute("open");
  }, [edit.state, edit.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const problems = check(event.currentTarget, exercise.measure, unit);
    setClient(problems);
    if (problems) event.preventDefault();
  }

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
          <remove.Form method="post" action={workoutPath}>
            <input type="hidden" name="intent" value="delete-set" />
            <input type="hidden" name="setId" value={set.id} />
            <Button type="submit" variant="ghost" className="px-3" aria-label={`Delete ${rowLabel}`} busy={remove.state !== "idle"}>
              Delete
            </Button>
          </remove.Form>
        ) : null}
      </div>
      {editable ? (
        <details ref={details} className="pb-1">
          <summary className="inline-flex min-h-11 cursor-pointer items-center px-2 text-sm font-semibold text-brand">{`Edit set ${set.number}`}</summary>
          <edit.Form method="post" action={workoutPath} onSubmit={onSubmit} className="mt-1 flex items-end gap-2">
            <input type="hidden" name="intent" value="edit-set" />
            <input type="hidden" name="setId" value={set.id} />
            <SetFields rowLabel={`Edit ${rowLabel}`} fields={fieldsFor(exercise.measure, unit)} values={set} errors={errors} idPrefix={idPrefix} />
            <Button type="submit" variant="secondary" className="ml-auto px-3" busy={edit.state !== "idle"}>
              Save
            </Button>
          </edit.Form>
          <ErrorLine id={`${idPrefix}-error`} errors={errors} />
        </details>
      ) : null}
    </>
  );
}

export function SetRows({ exercise, unit, workoutPath, editable }: { exercise: ExerciseView; unit: WeightUnit; workoutPath: string; editable: boolean }) {
  const fields = fieldsFor(exercise.measure, unit);
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
      <ol className="mt-1 space-y-2">
        {exercise.rows.map((row) => (
          <SetRow key={row.number} exercise={exercise} row={row} unit={unit} workoutPath={workoutPath} editable={editable} />
        ))}
      </ol>
    </div>
  );
}
