import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { fieldErrors } from "~/lib/form";
import type { ActionFailure } from "~/lib/action.server";
import {
  DURATION_MAX,
  DURATION_MIN,
  statusLabels,
  trainingSessionFormSchema,
  trainingSessionFormValues,
  trainingSessionStatuses,
  type TrainingSessionFormField,
  type TrainingSessionFormValues,
} from "~/modules/training-sessions/training-sessions.schema";
import { Modal } from "./session-ui";

/** The form's failed answer (action contract): its messages and the values as sent. */
export type SessionFormFailure = ActionFailure<TrainingSessionFormField>;

const selectClass = "block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-brand";

function SelectField({
  id,
  label,
  name,
  defaultValue,
  error,
  children,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={selectClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-brand">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The staff 'Schedule Session' form in a dialog, for a new session or an existing one
 * (`sessionId`). The browser checks it with the same schema the server uses.
 */
export function SessionFormDialog({
  mode,
  sessionId,
  members,
  initial,
  result,
  closeHref,
}: {
  mode: "create" | "edit";
  sessionId?: string;
  members: Array<{ id: string; name: string; email: string }>;
  initial: TrainingSessionFormValues;
  result?: SessionFormFailure;
  closeHref: string;
}) {
  const navigation = useNavigation();
  const intent = mode === "create" ? "create" : "update";
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [clientErrors, setClientErrors] = useState<SessionFormFailure["fieldErrors"]>();
  const errors = clientErrors ?? result?.fieldErrors ?? {};
  const values = result ? trainingSessionFormValues(result.values) : initial;
  const title = mode === "create" ? "Schedule Session" : "Edit Session";

  return (
    <Modal labelledBy="session-form-title" closeHref={closeHref} focusKey={`${mode}-${sessionId ?? "new"}`} className="w-[min(44rem,calc(100vw-2rem))]">
      <h2 id="session-form-title" tabIndex={-1} data-autofocus className="pr-10 text-2xl font-bold uppercase">
        {title}
      </h2>
      <Form
        method="post"
        noValidate
        aria-labelledby="session-form-title"
        className="mt-6 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          const parsed = trainingSessionFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          if (!parsed.success) {
            event.preventDefault();
            const found = fieldErrors<TrainingSessionFormField>(parsed.error);
            setClientErrors(found);
            event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
            return;
          }
          setClientErrors(undefined);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {sessionId ? <input type="hidden" name="id" value={sessionId} /> : null}
        <div className="sm:col-span-2">
          <SelectField id="session-member" label="Member" name="memberId" defaultValue={values.memberId} error={errors.memberId}>
            <option value="">Choose a member…</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name === m.email ? m.email : `${m.name} (${m.email})`}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField id="session-date" label="Date" name="date" type="date" required defaultValue={values.date} error={errors.date} />
        <TextField id="session-time" label="Time" name="time" type="time" required defaultValue={values.time} error={errors.time} />
        <TextField
          id="session-duration"
          label="Duration (minutes)"
          name="duration"
          type="number"
          inputMode="numeric"
          min={DURATION_MIN}
          max={DURATION_MAX}
          step={1}
          required
          defaultValue={values.duration}
          error={errors.duration}
        />
        <SelectField id="session-status" label="Status" name="status" defaultValue={values.status || "scheduled"} error={errors.status}>
          {trainingSessionStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </SelectField>
        <TextField id="session-type" label="Session type" name="type" required maxLength={80} defaultValue={values.type} error={errors.type} hint="For example Strength, HIIT or Mobility" />
        <TextField id="session-location" label="Location" name="location" maxLength={120} defaultValue={values.location} error={errors.location} />
        <div className="sm:col-span-2">
          <TextAreaField id="session-description" label="Description" name="description" rows={3} maxLength={2000} defaultValue={values.description} error={errors.description} />
        </div>
        {result?.error ? (
          <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong sm:col-span-2">
            {result.error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" busy={busy} busyText={mode === "create" ? "Scheduling..." : "Saving..."}>
            {mode === "create" ? "Schedule Session" : "Save Changes"}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
