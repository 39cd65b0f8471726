import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError, TextAreaField, TextField } from "~/components/ui/field";
import { useBrowserCheck } from "~/components/ui/use-browser-check";
import type { ActionData } from "~/lib/action.server";
import { schemaProblems, textValues } from "~/lib/form";
import type { WeightUnit } from "~/lib/units";
import { photoPoses, poseLabels } from "~/modules/progress-photos/progress-photos.schema";
import { CHECK_IN_LIMITS, checkInSchema, photoFields, SAVE_CHECK_IN_INTENT, scaleEnds, scaleLabels, scaleNames, type CheckInField, type CheckInView, type ScaleName } from "~/modules/check-ins/check-ins.schema";

type Errors = Partial<Record<CheckInField | "form", string>>;

/** One 1-5 scale as a radio group: a fieldset whose legend names it, five labelled radios. */
function ScaleField({ name, value, error }: { name: ScaleName; value: string; error?: string }) {
  const [low, high] = scaleEnds[name];
  return (
    <fieldset aria-describedby={`${name}-ends${error ? ` ${name}-error` : ""}`} aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800">{scaleLabels[name]}</legend>
      <div className="grid grid-cols-5 gap-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-md border border-zinc-400 text-base font-semibold has-[:checked]:border-zinc-900 has-[:checked]:bg-zinc-900 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand">
            <input type="radio" name={name} value={n} defaultChecked={value === String(n)} className="size-4 accent-brand" />
            {n}
          </label>
        ))}
      </div>
      <p id={`${name}-ends`} className="flex justify-between text-sm text-zinc-600">
        <span>{low}</span>
        <span>{high}</span>
      </p>
      {error ? (
        <p id={`${name}-error`} role="alert" className="text-sm font-medium text-brand">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The weekly check-in: weight (optional, the member's unit), four 1-5 scales, nutrition
 * adherence and three texts. Checked in the browser with the server's schema; posted as a
 * plain form, so it works without JavaScript (a refusal comes back with what was typed).
 */
export function CheckInForm({ unit, initial, result, submitLabel }: { unit: WeightUnit; initial: CheckInView | null; result: ActionData | undefined; submitLabel: string }) {
  const navigation = useNavigation();
  const check = useBrowserCheck<CheckInField>((data) => schemaProblems(checkInSchema(unit), Object.fromEntries(data)));
  const clientErrors: Errors | undefined = check.problems;
  const failure = result && !result.ok && result.intent === SAVE_CHECK_IN_INTENT ? result : undefined;
  const echoed = failure ? textValues(failure.values) : undefined;
  const start: Record<string, string> = echoed ?? {
    weight: initial?.weight === null || initial?.weight === undefined ? "" : String(initial.weight),
    sleep: initial ? String(initial.sleep) : "",
    energy: initial ? String(initial.energy) : "",
    stress: initial ? String(initial.stress) : "",
    hunger: initial ? String(initial.hunger) : "",
    nutritionAdherence: initial ? String(initial.nutritionAdherence) : "",
    wins: initial?.wins ?? "",
    struggles: initial?.struggles ?? "",
    question: initial?.question ?? "",
  };
  const errors: Errors = clientErrors ?? (failure?.fieldErrors as Errors | undefined) ?? {};
  const photoErrors: Record<string, string | undefined> = clientErrors ? {} : (failure?.fieldErrors ?? {});
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === SAVE_CHECK_IN_INTENT;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      aria-labelledby="check-in-form-title"
      className="space-y-5"
      onSubmit={check.onSubmit}
    >
      <input type="hidden" name="intent" value={SAVE_CHECK_IN_INTENT} />
      <FormError message={failure?.error} />
      <TextField
        label={`Body weight (${unit})`}
        name="weight"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={start.weight}
        error={errors.weight}
        hint="Optional. Saved to your progress too."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {scaleNames.map((name) => (
          <ScaleField key={name} name={name} value={start[name] ?? ""} error={errors[name]} />
        ))}
      </div>
      <TextField
        label="Nutrition adherence (%)"
        name="nutritionAdherence"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={start.nutritionAdherence}
        error={errors.nutritionAdherence}
        hint="How much of the week you kept to your nutrition plan, 0 to 100."
      />
      <TextAreaField label="Wins" name="wins" rows={3} maxLength={CHECK_IN_LIMITS.text} defaultValue={start.wins} error={errors.wins} />
      <TextAreaField label="Struggles" name="struggles" rows={3} maxLength={CHECK_IN_LIMITS.text} defaultValue={start.struggles} error={errors.struggles} />
      <TextAreaField label="A question for your coach" name="question" rows={3} maxLength={CHECK_IN_LIMITS.text} defaultValue={start.question} error={errors.question} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-zinc-800">Progress photos (optional)</legend>
        <p className="text-sm text-zinc-600">Only you and your coaches see them. JPEG, PNG, WebP, AVIF or GIF, up to 10 MB each.</p>
        <div className="grid gap-3 sm:grid-cols-3">
          {photoPoses.map((pose) => (
            <TextField key={pose} type="file" accept="image/*" label={`${poseLabels[pose]} photo`} name={photoFields[pose]} error={photoErrors[photoFields[pose]]} className="text-sm" />
          ))}
        </div>
      </fieldset>
      <Button type="submit" busy={sending} busyText="Sending..." className="w-full sm:w-auto">
        {submitLabel}
      </Button>
    </Form>
  );
}
