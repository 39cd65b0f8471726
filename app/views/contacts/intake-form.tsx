import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "~/components/toast";
import type { ActionData } from "~/lib/action.server";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { TextAreaField, TextField } from "~/components/ui/field";
import {
  fitnessLevels,
  genders,
  goalOptions,
  HONEYPOT_FIELD,
  intakeFieldOrder,
  intakeSchema,
  trainingLocations,
  trainingTimes,
  type IntakeField,
} from "~/modules/contacts/contacts.schema";

export type IntakeErrors = Partial<Record<IntakeField, string>>;
/** The action's answer; a refusal echoes what was typed, so a form posted without JavaScript comes back filled in. */
export type IntakeActionData = ActionData<object, IntakeField>;

const SUCCESS_TEXT = "Thank you for your submission. We'll be in touch soon!";
const FAILURE_TEXT = "Something went wrong. Please try again.";

function formValues(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const out: Record<string, unknown> = {};
  for (const [key, value] of data) {
    if (key === HONEYPOT_FIELD || key === "goals") continue;
    out[key] = value;
  }
  out.goals = data.getAll("goals");
  out.termsAccepted = data.get("termsAccepted") === "on";
  return out;
}

function validate(form: HTMLFormElement): IntakeErrors {
  const result = intakeSchema.safeParse(formValues(form));
  if (result.success) return {};
  const errors: IntakeErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as IntakeField] ??= issue.message;
  return errors;
}

const selectClass =
  "block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base text-zinc-900 aria-[invalid=true]:border-brand";

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-brand" role="alert">
      {message}
    </p>
  );
}

function SelectField({ name, label, options, error, defaultValue }: { name: IntakeField; label: string; options: ReadonlyArray<{ value: string; label: string }>; error?: string; defaultValue?: string }) {
  const id = `intake-${name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue ?? ""} className={selectClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function Group({ name, legend, error, children }: { name: IntakeField; legend: string; error?: string; children: ReactNode }) {
  const id = `intake-${name}`;
  return (
    <fieldset id={id} className="space-y-3" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-zinc-800">{legend}</legend>
      {children}
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

const asText = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/**
 * The coaching application. One schema checks it here (messages as the visitor types
 * after a first attempt, focus on the first problem) and again on the server.
 */
export function IntakeForm({ serverData }: { serverData?: IntakeActionData }) {
  const fetcher = useFetcher<IntakeActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const refused = serverData && !serverData.ok ? serverData : undefined;
  const [errors, setErrors] = useState<IntakeErrors>(refused?.fieldErrors ?? {});
  const [attempted, setAttempted] = useState(Object.keys(refused?.fieldErrors ?? {}).length > 0);
  const busy = fetcher.state !== "idle";
  const values = refused?.values ?? {};
  const checkedGoals = new Set(Array.isArray(values.goals) ? values.goals : values.goals ? [values.goals] : []);

  const focusFirst = (found: IntakeErrors) => {
    const first = intakeFieldOrder.find((f) => found[f]);
    if (!first) return;
    const field = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    field?.focus();
  };

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success("Success!", { description: SUCCESS_TEXT });
      formRef.current?.reset();
      setErrors({});
      setAttempted(false);
    } else {
      toast.error("Error", { description: fetcher.data.error ?? FAILURE_TEXT });
      if (fetcher.data.fieldErrors) {
        setErrors(fetcher.data.fieldErrors);
        focusFirst(fetcher.data.fieldErrors);
      }
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      className="space-y-8"
      onChange={(event) => {
        if (attempted) setErrors(validate(event.currentTarget));
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const found = validate(form);
        setAttempted(true);
        setErrors(found);
        if (Object.keys(found).length > 0) {
          focusFirst(found);
          return;
        }
        const honeypot = (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? "";
        fetcher.submit({ ...formValues(form), ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) } as never, {
          method: "post",
          action: "/contact",
          encType: "application/json",
        });
      }}
    >
      {serverData?.ok ? (
        <p role="status" className="rounded-md border border-green-700/40 bg-green-50 px-4 py-3 text-green-900">
          <strong>Success!</strong> {SUCCESS_TEXT}
        </p>
      ) : null}
      {serverData && !serverData.ok && serverData.error ? (
        <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-4 py-3 text-brand-strong">
          <strong>Error.</strong> {serverData.error}
        </p>
      ) : null}

      {/* People never see this field; automated spam fills it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="intake-website">Leave this field empty</label>
        <input id="intake-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 font-display text-xl font-bold uppercase">About you</legend>
        <TextField id="intake-firstName" label="First name" name="firstName" autoComplete="given-name" defaultValue={asText(values.firstName)} error={errors.firstName} required />
        <TextField id="intake-lastName" label="Last name" name="lastName" autoComplete="family-name" defaultValue={asText(values.lastName)} error={errors.lastName} required />
        <TextField id="intake-email" label="Email" name="email" type="email" autoComplete="email" defaultValue={asText(values.email)} error={errors.email} required />
        <TextField id="intake-phone" label="Phone" name="phone" type="tel" autoComplete="tel" defaultValue={asText(values.phone)} error={errors.phone} required />
        <TextField id="intake-age" label="Age" name="age" inputMode="numeric" defaultValue={asText(values.age)} error={errors.age} required />
        <div className="sm:col-span-2">
          <Group name="gender" legend="Gender" error={errors.gender}>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {genders.map((g) => (
                <label key={g.value} className="inline-flex min-h-11 items-center gap-2">
                  <input type="radio" name="gender" value={g.value} defaultChecked={values.gender === g.value} className="size-5 accent-brand" />
                  {g.label}
                </label>
              ))}
            </div>
          </Group>
        </div>
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 font-display text-xl font-bold uppercase">Your fitness</legend>
        <SelectField name="currentFitnessLevel" label="Current fitness level" options={fitnessLevels} defaultValue={asText(values.currentFitnessLevel)?.toLowerCase()} error={errors.currentFitnessLevel} />
        <div className="sm:col-span-2">
          <Group name="goals" legend="Goals (choose at least one)" error={errors.goals}>
            <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
              {goalOptions.map((goal) => (
                <label key={goal} className="inline-flex min-h-11 items-center gap-2">
                  <input type="checkbox" name="goals" value={goal} defaultChecked={checkedGoals.has(goal)} className="size-5 accent-brand" />
                  {goal}
                </label>
              ))}
            </div>
          </Group>
        </div>
        <TextAreaField id="intake-medicalConditions" label="Medical conditions (optional)" name="medicalConditions" rows={3} defaultValue={asText(values.medicalConditions)} error={errors.medicalConditions} />
        <TextAreaField id="intake-injuries" label="Injuries (optional)" name="injuries" rows={3} defaultValue={asText(values.injuries)} error={errors.injuries} />
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 font-display text-xl font-bold uppercase">Training preferences</legend>
        <SelectField name="preferredTrainingTime" label="Preferred training time" options={trainingTimes.map((t) => ({ value: t, label: t }))} defaultValue={asText(values.preferredTrainingTime)} error={errors.preferredTrainingTime} />
        <SelectField name="preferredTrainingLocation" label="Preferred training location" options={trainingLocations.map((l) => ({ value: l, label: l }))} defaultValue={asText(values.preferredTrainingLocation)} error={errors.preferredTrainingLocation} />
        <div className="sm:col-span-2">
          <TextAreaField id="intake-experience" label="Your fitness experience" name="experience" rows={4} defaultValue={asText(values.experience)} error={errors.experience} required />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField id="intake-expectations" label="What do you expect from coaching?" name="expectations" rows={4} defaultValue={asText(values.expectations)} error={errors.expectations} required />
        </div>
        <div className="sm:col-span-2">
          <TextField id="intake-referralSource" label="How did you hear about us?" name="referralSource" defaultValue={asText(values.referralSource)} error={errors.referralSource} required />
        </div>
      </fieldset>

      <div className="space-y-1.5">
        <label className="inline-flex items-start gap-3">
          <input
            type="checkbox"
            name="termsAccepted"
            defaultChecked={values.termsAccepted === "on"}
            className="mt-0.5 size-5 accent-brand"
            aria-invalid={errors.termsAccepted ? true : undefined}
            aria-describedby={errors.termsAccepted ? "intake-termsAccepted-error" : undefined}
          />
          <span>
            I accept the{" "}
            <Link to="/terms" className="font-semibold text-brand underline underline-offset-2">
              terms and conditions
            </Link>{" "}
            and the{" "}
            <Link to="/privacy" className="font-semibold text-brand underline underline-offset-2">
              privacy policy
            </Link>
            , including the use of my health answers to plan my coaching.
          </span>
        </label>
        <ErrorText id="intake-termsAccepted-error" message={errors.termsAccepted} />
      </div>

      <Button type="submit" className={cn("w-full sm:w-auto")} busy={busy} busyText="Submitting Application...">
        Submit Application
      </Button>
    </form>
  );
}
