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
import type { QueuedLog } from "./set-queue";
import { useSetQueue } from "./set-queue-context";

type Errors = Record<string, string>;
type SetAnswer = ActionData;

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

/**
 * A set still to do: its inputs hold what one tap logs. With JavaScript the set goes to the
 * queue (shown as logged at once, sent in the background); without, the form posts it.
 */
function OpenSetForm({ exercise, number, prefill, unit, workoutPath, onLogged }: { exercise: ExerciseView; number: number; prefill: SetPrefill; unit: WeightUnit; workoutPath: string; onLogged: () => void }) {
  const timer = useRestTimer();
  const queue = useSetQueue();
  const [errors, setErrors] = useState<Errors>({});
  const fields = fieldsFor(exercise.measure, unit);
  const idPrefix = `set-${exercise.id}-${number}`;
  const rowLabel = `${exercise.name} set ${number}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    timer.prime();
    const problems = check(event.currentTarget, exercise.measure, unit);
    setErrors(problems ?? {});
    if (problems) return;
    const values = Object.fromEntries(fields.map((f) => [f.name, String(new FormData(event.currentTarget).get(f.name) ?? "")]));
    queue.logSet(exercise.id, rowLabel, values);
    timer.start(exercise.restSeconds);
    onLogged();
  }

  return (
    <>
      <form method="post" action={workoutPath} onSubmit={onSubmit} className="flex items-end gap-2" aria-label={rowLabel}>
        <input type="hidden" name="intent" value="log-set" />
        <input type="hidden" name="workoutExerciseId" value={exercise.id} />
        <span className="w-8 shrink-0 pb-3 text-sm font-semibold text-zinc-600" aria-hidden="true">
          {number}
        </span>
        <SetFields rowLabel={rowLabel} fields={fields} values={prefill} errors={errors} idPrefix={idPrefix} />
        <Button type="submit" className="ml-auto shrink-0 px-3" data-log-set="" aria-label={`Log ${exercise.name} set ${number}`}>
          Log set
        </Button>
      </form>
      <ErrorLine id={`${idPrefix}-error`} errors={errors} />
    </>
  );
}

/** A set logged on this screen that the server's data does not hold yet: shown as logged, with whether it waits or was sent. */
function QueuedSet({ set, number, unit }: { set: QueuedLog; number: number; unit: WeightUnit }) {
  const value = (name: string) => (set.fields[name] ? Number(set.fields[name]) : null);
  const numbers = { weight: value("weight"), reps: value("reps"), rpe: value("rpe"), durationSeconds: value("durationSeconds"), distanceMeters: value("distanceMeters") };
  return (
    <div className="flex min-h-11 items-center gap-2">
      <span className="w-8 shrink-0 text-sm font-semibold text-zinc-600" aria-hidden="true">
        {number}
      </span>
      <p className="flex-1 font-semibold">
        <span className="sr-only">{`Set ${number}: `}</span>
        {setText(numbers, unit)} <span className="text-sm font-normal text-green-800">Logged</span>{" "}
        <span className="text-sm font-normal text-zinc-700">{set.state === "sent" ? "Sent" : "Waiting to send"}</span>
      </p>
    </div>
  );
}

/** The next 'Log set' button after `from` on the screen, else Finish. */
function nextLogButton(from: HTMLElement): HTMLElement | null {
  const buttons = Array.from(document.querySelectorAll<HTMLElement>("button[data-log-set]"));
  return buttons.find((b) => from.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ?? document.getElementById("finish-workout");
}

/**
 * One set row: logged, queued, or open. Once the member logs it, the rest starts and focus
 * moves to the next set's 'Log set'.
 */
function SetRow({ exercise, row, queued, unit, workoutPath, editable }: { exercise: ExerciseView; row: ExerciseView["rows"][number]; queued: QueuedLog | null; unit: WeightUnit; workoutPath: string; editable: boolean }) {
  const item = useRef<HTMLLIElement>(null);
  const justLogged = useRef(false);

  useEffect(() => {
    if (!queued || !justLogged.current) return;
    justLogged.current = false;
    if (item.current) nextLogButton(item.current)?.focus();
  }, [queued]);

  if (!row.logged && !queued && !editable) return null;
  return (
    <li ref={item} className={row.logged || queued ? "rounded-md bg-zinc-50 px-2 py-1" : undefined}>
      {row.logged ? (
        <LoggedSet exercise={exercise} set={row.logged} unit={unit} workoutPath={workoutPath} editable={editable} />
      ) : queued ? (
        <QueuedSet set={queued} number={row.number} unit={unit} />
      ) : (
        <OpenSetForm exercise={exercise} number={row.number} prefill={row.prefill} unit={unit} workoutPath={workoutPath} onLogged={() => (justLogged.current = true)} />
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

/** A queued set's numbers as a prefill: the server's rule, the last set logged leads the next (workout-screen.server.ts). */
function prefillAfter(previous: QueuedLog, prefill: SetPrefill): SetPrefill {
  const read = (name: keyof SetPrefill) => {
    const typed = previous.fields[name]?.trim();
    return typed ? Number(typed) : null;
  };
  const carried = (name: keyof SetPrefill) => read(name) ?? prefill[name];
  return { weight: carried("weight"), reps: carried("reps"), rpe: read("rpe"), durationSeconds: carried("durationSeconds"), distanceMeters: carried("distanceMeters") };
}

/**
 * The screen's rows with the queued sets in the open rows, in order (a set queued beyond
 * them gets a row of its own); the open rows after them are prefilled from the last one,
 * as the server will once it has the set.
 */
function queuedRows(exercise: ExerciseView, pending: QueuedLog[]) {
  const open = exercise.rows.filter((r) => !r.logged);
  const extra = pending.slice(open.length).map((_, i) => ({ number: exercise.rows.length + i + 1, logged: null, prefill: exercise.rows.at(-1)?.prefill ?? ({} as SetPrefill) }));
  const last = pending.at(-1);
  return [...exercise.rows, ...extra].map((row) => {
    const queued = row.logged ? null : (pending[[...open, ...extra].indexOf(row)] ?? null);
    return { row: !row.logged && !queued && last ? { ...row, prefill: prefillAfter(last, row.prefill) } : row, queued };
  });
}

export function SetRows({ exercise, unit, workoutPath, editable }: { exercise: ExerciseView; unit: WeightUnit; workoutPath: string; editable: boolean }) {
  const fields = fieldsFor(exercise.measure, unit);
  const queue = useSetQueue();
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
        {queuedRows(exercise, queue.pendingOf(exercise.id)).map(({ row, queued }) => (
          <SetRow key={row.number} exercise={exercise} row={row} queued={queued} unit={unit} workoutPath={workoutPath} editable={editable} />
        ))}
      </ol>
    </div>
  );
}
