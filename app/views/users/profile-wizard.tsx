import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";
import { wizardSchema, type WizardForm } from "~/modules/users/profile.schema";

const STEPS = 3;

const stepFields: Record<number, Array<keyof WizardForm>> = {
  1: ["fullName"],
  2: ["location", "interests"],
  3: ["experience", "goals"],
};

/** The spec's wizard failure, under the title 'Error': a refused save or one that never got an answer. */
export const WIZARD_SAVE_FAILED = "Failed to save profile. Please try again.";

/** The /profile-setup action's answer (action contract); a success is a redirect. */
export type WizardActionData = ActionData<object, keyof WizardForm>;
type WizardFailure = Extract<WizardActionData, { ok: false }>;

/**
 * A wizard save that never got an answer (the connection dropped, the server failed)
 * keeps the wizard open and filled and shows the spec's 'Error: Failed to save profile.
 * Please try again.' (the /profile-setup route's clientAction answers it).
 */
export const wizardSaveNeverAnswered: WizardFailure = { ok: false, status: 503, intent: null, error: WIZARD_SAVE_FAILED, title: null, fieldErrors: {}, values: {} };

/** `next`: the page to land on once saved (the dialog's own page, e.g. an invitation's billing); /members when unset. */
function WizardBody({ initialName, next }: { initialName: string; next?: string }) {
  const fetcher = useFetcher<WizardActionData>();
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<WizardForm>({ fullName: initialName, location: "", interests: "", experience: "", goals: "" });
  const [errors, setErrors] = useState<WizardFailure["fieldErrors"]>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    // Every refused save reads the same (the fields say which is wrong).
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) {
      toast.error("Error", { description: WIZARD_SAVE_FAILED });
      setErrors(fetcher.data.fieldErrors);
    }
  }, [fetcher.state, fetcher.data]);

  const set = (name: keyof WizardForm) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  /** Checks the fields of one step with the same schema the server uses. */
  const validateStep = (n: number): boolean => {
    const result = wizardSchema.pick(Object.fromEntries(stepFields[n]!.map((f) => [f, true])) as Record<keyof WizardForm, true>).safeParse(values);
    if (result.success) {
      setErrors({});
      return true;
    }
    const next: WizardFailure["fieldErrors"] = {};
    for (const issue of result.error.issues) next[issue.path[0] as keyof WizardForm] ??= issue.message;
    setErrors(next);
    if (n === 1) toast.error("Name Required", { description: "Please enter your full name to continue." });
    document.getElementById(`wizard-${Object.keys(next)[0]}`)?.focus();
    return false;
  };

  const go = (n: number) => {
    setStep(n);
    requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <fetcher.Form
      method="post"
      action="/profile-setup"
      noValidate
      onSubmit={(event) => {
        if (step < STEPS) {
          event.preventDefault();
          if (validateStep(step)) go(step + 1);
        } else if (!validateStep(step)) {
          event.preventDefault();
        }
      }}
      className="space-y-6"
    >
      <div>
        <h2 id="wizard-title" ref={heading} tabIndex={-1} className="text-2xl font-bold uppercase outline-none">
          Complete Your Profile
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          Step {step} of {STEPS}
        </p>
        <div
          role="progressbar"
          aria-label="Profile progress"
          aria-valuemin={0}
          aria-valuemax={STEPS}
          aria-valuenow={step}
          aria-valuetext={`Step ${step} of ${STEPS}`}
          className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-200"
        >
          <div className="h-full bg-brand transition-all" style={{ width: `${(step / STEPS) * 100}%` }} />
        </div>
      </div>

      {next ? <input type="hidden" name="next" value={next} /> : null}
      {/* Every value is posted on the last step; the other steps' fields stay as hidden inputs. */}
      {(Object.keys(values) as Array<keyof WizardForm>)
        .filter((name) => !stepFields[step]!.includes(name))
        .map((name) => (
          <input key={name} type="hidden" name={name} value={values[name]} />
        ))}

      {step === 1 ? (
        <TextField id="wizard-fullName" label="Full name" name="fullName" autoComplete="name" value={values.fullName} onChange={set("fullName")} error={errors?.fullName} required />
      ) : null}
      {step === 2 ? (
        <div className="space-y-4">
          <TextField id="wizard-location" label="Location" name="location" autoComplete="address-level2" value={values.location} onChange={set("location")} error={errors?.location} required />
          <TextAreaField id="wizard-interests" label="Interests" name="interests" rows={3} value={values.interests} onChange={set("interests")} error={errors?.interests} required />
        </div>
      ) : null}
      {step === 3 ? (
        <div className="space-y-4">
          <TextAreaField id="wizard-experience" label="Experience" name="experience" rows={3} value={values.experience} onChange={set("experience")} error={errors?.experience} required />
          <TextAreaField id="wizard-goals" label="Goals" name="goals" rows={3} value={values.goals} onChange={set("goals")} error={errors?.goals} required />
        </div>
      ) : null}

      <div className="flex justify-between gap-3">
        <Button variant="secondary" disabled={step === 1 || busy} onClick={() => go(step - 1)}>
          Previous
        </Button>
        {step < STEPS ? (
          <Button type="submit">Next</Button>
        ) : (
          <Button type="submit" busy={busy} busyText="Saving...">
            Complete Profile
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}

/** The blocking 'Complete Your Profile' dialog: it cannot be dismissed, only completed. */
export function ProfileWizardDialog({ initialName }: { initialName: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
    // Chrome lets a repeated Escape close a modal dialog without a cancelable 'cancel'
    // event; a cancelled Escape keydown makes no close request at all.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") event.preventDefault();
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="wizard-title"
      onCancel={(event) => event.preventDefault()}
      // Any other way it gets closed, it opens again: only completing the profile removes it.
      onClose={() => ref.current?.showModal()}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-zinc-900 shadow-2xl sm:p-8"
    >
      <WizardBody initialName={initialName} next={`${pathname}${search}`} />
    </dialog>
  );
}

/** The same wizard as a page section (/profile-setup). */
export function ProfileWizard({ initialName }: { initialName: string }) {
  return (
    <section aria-labelledby="wizard-title" className="mx-auto max-w-xl rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
      <WizardBody initialName={initialName} />
    </section>
  );
}
