import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { SignInAgain } from "~/components/sign-in-again";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { formatShortDate } from "~/lib/dates";
import { lengthUnitFor, type WeightUnit } from "~/lib/units";
import type { z } from "zod";
import { ProgressDialog } from "./progress-dialog";
import {
  bodyCompositionSchema,
  bodyKinds,
  entryEditSchema,
  exercises,
  goalSchema,
  goalStatuses,
  goalStatusLabels,
  isExercise,
  kindLabels,
  LIMITS,
  measurementSites,
  measurementsSchema,
  workoutSchema,
  type BodyKind,
  type FormContext,
} from "~/modules/progress/progress.schema";
import type { EntryView, GoalView } from "~/modules/progress/progress-types";
import { failureToast, type ProgressActionData } from "./progress-answers";

/** What every progress dialog needs: where to post, the member's unit and today. */
export interface FormSetup {
  action: string;
  ctx: FormContext;
  onClosed: () => void;
}

type Errors = Record<string, string>;

function issuesToErrors(error: z.ZodError): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * One dialog's submission: the shared schema checks first (instant messages), then
 * the server, the spec's toasts, and the dialog closes once the data has reloaded.
 * A save that found the session ended (401) or never got an answer keeps the dialog
 * open and filled; after a 401 the member signs in again in the page and saves.
 */
function useProgressSubmit(validate: ((values: Record<string, FormDataEntryValue>) => { success: true } | { success: false; error: z.ZodError }) | null) {
  const fetcher = useFetcher<ProgressActionData>();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const handled = useRef<ProgressActionData | null>(null);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success(result.toast.title, { description: result.toast.description });
      dialogRef.current?.close();
    } else {
      const shown = failureToast(result);
      toast.error(shown.title, { description: shown.description });
      const first = Object.keys(result.fieldErrors)[0];
      if (first) dialogRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }, [fetcher.state, fetcher.data]);

  const serverErrors: Errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors as Errors) : {};
  const errors: Errors = clientErrors ?? serverErrors;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!validate) return;
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = validate(values);
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = issuesToErrors(parsed.error);
    setClientErrors(found);
    const first = Object.keys(found)[0];
    const field = event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`) ?? event.currentTarget.querySelector<HTMLElement>("input, select, textarea");
    field?.focus();
  }

  const result = fetcher.data;
  const notice: ReactNode =
    result && !result.ok && result.status === 401 ? (
      <SignInAgain
        answer={result}
        title={failureToast(result).title}
        description={failureToast(result).description ?? ""}
        onSignedIn={() => dialogRef.current?.querySelector<HTMLElement>("button[type=submit]")?.focus()}
      />
    ) : null;

  return { fetcher, errors, onSubmit, dialog: { saving: fetcher.state !== "idle", dialogRef, notice } };
}

const numberProps = { type: "number", inputMode: "decimal", step: "0.1", min: "0" } as const;

function DateAndNotes({ errors, today, defaultDate, defaultNotes }: { errors: Errors; today: string; defaultDate?: string; defaultNotes?: string }) {
  return (
    <>
      <TextField label="Date" name="date" type="date" max={today} defaultValue={defaultDate ?? today} required error={errors.date} />
      <TextAreaField label="Notes" name="notes" rows={2} maxLength={LIMITS.notes} defaultValue={defaultNotes ?? ""} error={errors.notes} />
    </>
  );
}

function unitLabelFor(kind: BodyKind, unit: WeightUnit) {
  return kind === "body_fat" ? "%" : unit;
}

/** Log Progress: weight, body fat or muscle mass. */
export function LogBodyDialog({ action, ctx, onClosed }: FormSetup) {
  const [type, setType] = useState<BodyKind>("weight");
  const s = useProgressSubmit((v) => bodyCompositionSchema(ctx).safeParse(v));
  return (
    <ProgressDialog title="Log Progress" onClosed={onClosed} {...s.dialog}>
      <s.fetcher.Form method="post" action={action} noValidate onSubmit={s.onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="log-body" />
        <SelectField label="Type" name="type" value={type} onChange={(e) => setType(e.target.value as BodyKind)} error={s.errors.type}>
          {bodyKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabels[k]}
            </option>
          ))}
        </SelectField>
        <TextField label={`Value (${unitLabelFor(type, ctx.unit)})`} name="value" {...numberProps} required error={s.errors.value} />
        <DateAndNotes errors={s.errors} today={ctx.today} />
        <Button type="submit" disabled={s.dialog.saving}>
          Save Progress
        </Button>
      </s.fetcher.Form>
    </ProgressDialog>
  );
}

/** Add Measurement: any of the six sites, at least one. */
export function AddMeasurementDialog({ action, ctx, onClosed }: FormSetup) {
  const s = useProgressSubmit((v) => measurementsSchema(ctx).safeParse(v));
  const length = lengthUnitFor(ctx.unit);
  return (
    <ProgressDialog title="Add Measurement" onClosed={onClosed} {...s.dialog}>
      <s.fetcher.Form method="post" action={action} noValidate onSubmit={s.onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="log-measurements" />
        {s.errors.form ? (
          <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm font-semibold text-brand-strong">
            {s.errors.form}
          </p>
        ) : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm text-zinc-700">Enter at least one measurement, in {length === "in" ? "inches" : "centimetres"}.</legend>
          {measurementSites.map((site) => (
            <TextField key={site} label={`${kindLabels[site]} (${length})`} name={site} {...numberProps} error={s.errors[site]} />
          ))}
        </fieldset>
        <DateAndNotes errors={s.errors} today={ctx.today} />
        <Button type="submit" disabled={s.dialog.saving}>
          Save Measurement
        </Button>
      </s.fetcher.Form>
    </ProgressDialog>
  );
}

/** Log Workout: a lift from the spec's list with sets, reps and weight. */
export function LogWorkoutDialog({ action, ctx, onClosed }: FormSetup) {
  const s = useProgressSubmit((v) => workoutSchema(ctx).safeParse(v));
  return (
    <ProgressDialog title="Log Workout" onClosed={onClosed} {...s.dialog}>
      <s.fetcher.Form method="post" action={action} noValidate onSubmit={s.onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="log-workout" />
        <SelectField label="Exercise" name="exercise" defaultValue="bench_press" error={s.errors.exercise}>
          {exercises.map((ex) => (
            <option key={ex} value={ex}>
              {kindLabels[ex]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Sets" name="sets" type="number" inputMode="numeric" step="1" min="1" max={LIMITS.sets.max} required error={s.errors.sets} />
          <TextField label="Reps" name="reps" type="number" inputMode="numeric" step="1" min="1" max={LIMITS.reps.max} required error={s.errors.reps} />
          <TextField label={`Weight (${ctx.unit})`} name="weight" {...numberProps} required error={s.errors.weight} />
        </div>
        <DateAndNotes errors={s.errors} today={ctx.today} />
        <Button type="submit" disabled={s.dialog.saving}>
          Save Workout
        </Button>
      </s.fetcher.Form>
    </ProgressDialog>
  );
}

/** Set Goal, or edit one (status changes included). */
export function GoalDialog({ action, ctx, onClosed, goal }: FormSetup & { goal?: GoalView }) {
  const s = useProgressSubmit((v) => goalSchema({ today: ctx.today, keepTargetDate: goal?.targetDate }).safeParse(v));
  return (
    <ProgressDialog title={goal ? "Edit Goal" : "Set Goal"} onClosed={onClosed} {...s.dialog}>
      <s.fetcher.Form method="post" action={action} noValidate onSubmit={s.onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value={goal ? "update-goal" : "set-goal"} />
        {goal ? <input type="hidden" name="id" value={goal.id} /> : null}
        <TextField label="Title" name="title" required maxLength={LIMITS.goalTitle} defaultValue={goal?.title} error={s.errors.title} />
        <TextAreaField label="Description" name="description" rows={3} required maxLength={LIMITS.goalDescription} defaultValue={goal?.description} error={s.errors.description} />
        <TextField
          label="Target date (optional)"
          name="targetDate"
          type="date"
          min={goal?.targetDate && goal.targetDate < ctx.today ? goal.targetDate : ctx.today}
          defaultValue={goal?.targetDate ?? ""}
          error={s.errors.targetDate}
        />
        <SelectField label="Status" name="status" defaultValue={goal?.status ?? "not_started"} error={s.errors.status}>
          {goalStatuses.map((st) => (
            <option key={st} value={st}>
              {goalStatusLabels[st]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={s.dialog.saving}>
          Save Goal
        </Button>
      </s.fetcher.Form>
    </ProgressDialog>
  );
}

/** Edits one entry's value, date and notes (and sets and reps of a lift). */
export function EditEntryDialog({ action, ctx, onClosed, entry }: FormSetup & { entry: EntryView }) {
  const s = useProgressSubmit((v) => entryEditSchema(entry.kind, ctx).safeParse(v));
  const lift = isExercise(entry.kind);
  return (
    <ProgressDialog title={`Edit ${entry.label} Entry`} onClosed={onClosed} {...s.dialog}>
      <s.fetcher.Form method="post" action={action} noValidate onSubmit={s.onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="update-entry" />
        <input type="hidden" name="id" value={entry.id} />
        {lift ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Sets" name="sets" type="number" inputMode="numeric" step="1" min="1" defaultValue={entry.sets ?? ""} required error={s.errors.sets} />
            <TextField label="Reps" name="reps" type="number" inputMode="numeric" step="1" min="1" defaultValue={entry.reps ?? ""} required error={s.errors.reps} />
          </div>
        ) : null}
        <TextField label={`${lift ? "Weight" : entry.label} (${entry.unit})`} name="value" {...numberProps} defaultValue={entry.value} required error={s.errors.value} />
        <DateAndNotes errors={s.errors} today={ctx.today} defaultDate={entry.recordedOn} defaultNotes={entry.notes} />
        <Button type="submit" disabled={s.dialog.saving}>
          Save Changes
        </Button>
      </s.fetcher.Form>
    </ProgressDialog>
  );
}

/** Deleting asks first. */
export function ConfirmDeleteDialog({
  action,
  onClosed,
  target,
}: Omit<FormSetup, "ctx"> & { target: { type: "entry"; entry: EntryView } | { type: "goal"; goal: GoalView } }) {
  const s = useProgressSubmit(null);
  const what =
    target.type === "entry"
      ? `the ${target.entry.label.toLowerCase()} entry of ${formatShortDate(target.entry.recordedOn)} (${target.entry.value} ${target.entry.unit})`
      : `the goal '${target.goal.title}'`;
  return (
    <ProgressDialog title={target.type === "entry" ? "Delete Entry" : "Delete Goal"} onClosed={onClosed} {...s.dialog} size="sm">
      <p className="mb-6 text-zinc-800">Are you sure you want to delete {what}? This cannot be undone.</p>
      <s.fetcher.Form method="post" action={action} className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={target.type === "entry" ? "delete-entry" : "delete-goal"} />
        <input type="hidden" name="id" value={target.type === "entry" ? target.entry.id : target.goal.id} />
        <Button type="submit" disabled={s.dialog.saving}>
          Delete
        </Button>
        <Button type="button" variant="secondary" disabled={s.dialog.saving} onClick={() => s.dialog.dialogRef.current?.close()} data-autofocus>
          Cancel
        </Button>
      </s.fetcher.Form>
    </ProgressDialog>
  );
}
