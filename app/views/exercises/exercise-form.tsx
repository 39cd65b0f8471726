import { Trash2 } from "lucide-react";
import { useEffect, useState, type ComponentProps, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { ImageUploadField } from "~/components/image-upload-field";
import { Button, buttonClass } from "~/components/ui/button";
import { DeleteDialog } from "~/components/ui/delete-dialog";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";
import { fieldErrors } from "~/lib/form";
import {
  CATEGORY_KEYS,
  EQUIPMENT_KEYS,
  MEASURE_KEYS,
  MUSCLE_KEYS,
  categoryLabel,
  equipmentLabel,
  measureLabel,
  muscleLabel,
} from "~/modules/exercises/exercise-keys";
import {
  CUES_MAX,
  EXERCISE_NAME_MAX,
  VIDEO_URL_MAX,
  exerciseFieldOrder,
  exerciseFormInput,
  exerciseSchema,
  type ExerciseField,
  type ExerciseFormValues,
} from "~/modules/exercises/exercises.schema";

type DefaultImage = ComponentProps<typeof ImageUploadField>["defaultImage"];

interface ExerciseFormProps {
  mode: "create" | "edit";
  defaults?: ExerciseFormValues;
  defaultImage?: DefaultImage;
  /** The action's answer when a save or delete was refused. */
  result?: ActionData<object, ExerciseField>;
  cancelTo: string;
}

/** The id a field's message focuses: the control itself, or a checkbox group's first box. */
const fieldId = (field: ExerciseField) => `exercise-${field}`;

const SAVE_FAILED = "Failed to save exercise";

function textOf(values: ExerciseFormValues, field: ExerciseField): string {
  const value = values[field];
  return typeof value === "string" ? value : "";
}

function listOf(values: ExerciseFormValues, field: ExerciseField): string[] {
  const value = values[field];
  return Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
}

interface CheckboxGroupProps<K extends string> {
  field: "primaryMuscles" | "secondaryMuscles" | "equipment";
  legend: string;
  keys: readonly K[];
  label: (key: K) => string;
  checked: string[];
  error?: string;
  hint?: string;
}

/** A fieldset of checkboxes whose message is tied to the group. */
function CheckboxGroup<K extends string>({ field, legend, keys, label, checked, error, hint }: CheckboxGroupProps<K>) {
  const describedBy = [hint && `${fieldId(field)}-hint`, error && `${fieldId(field)}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800">{legend}</legend>
      {hint ? (
        <p id={`${fieldId(field)}-hint`} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4">
        {keys.map((key, index) => (
          <label key={key} className="flex min-h-11 items-center gap-3 text-zinc-900">
            <input
              id={index === 0 ? fieldId(field) : undefined}
              type="checkbox"
              name={field}
              value={key}
              defaultChecked={checked.includes(key)}
              className="size-5 shrink-0 accent-brand"
            />
            {label(key)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${fieldId(field)}-error`} className="text-sm font-medium text-brand" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Adding and editing a staff exercise share this form; the schema checks it here and again on the server. */
export function ExerciseForm({ mode, defaults = {}, defaultImage, result, cancelTo }: ExerciseFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const [clientErrors, setClientErrors] = useState<Partial<Record<ExerciseField, string>> | null>(null);
  const [uploading, setUploading] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const refused = result && !result.ok ? result : undefined;
  const values: ExerciseFormValues = refused?.values ?? defaults;
  const errors = clientErrors ?? refused?.fieldErrors ?? {};

  // A refused save or delete: a toast with the reason; the messages sit at their fields.
  useEffect(() => {
    if (!refused) return;
    setClientErrors(null);
    setDeleteOpen(false);
    toast.error(refused.intent === "delete" ? "Failed to delete exercise" : SAVE_FAILED, { description: refused.error ?? undefined });
    const first = exerciseFieldOrder.find((f) => refused.fieldErrors[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, [refused]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = exerciseSchema.safeParse(exerciseFormInput(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors<ExerciseField>(parsed.error);
    setClientErrors(found);
    toast.error(SAVE_FAILED, { description: "Please correct the highlighted fields." });
    const first = exerciseFieldOrder.find((f) => found[f]);
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  return (
    <>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-8 max-w-3xl space-y-6" aria-label={mode === "create" ? "New Exercise" : "Edit Exercise"}>
        <input type="hidden" name="intent" value="save" />
        <TextField id={fieldId("name")} label="Name" name="name" defaultValue={textOf(values, "name")} required maxLength={EXERCISE_NAME_MAX} error={errors.name} />
        <div className="grid gap-6 sm:grid-cols-2">
          <SelectField id={fieldId("category")} label="Category" name="category" defaultValue={textOf(values, "category")} required error={errors.category}>
            <option value="">Choose a category</option>
            {CATEGORY_KEYS.map((key) => (
              <option key={key} value={key}>
                {categoryLabel(key)}
              </option>
            ))}
          </SelectField>
          <SelectField id={fieldId("measure")} label="Measured by" name="measure" defaultValue={textOf(values, "measure")} required error={errors.measure}>
            <option value="">Choose how sets are logged</option>
            {MEASURE_KEYS.map((key) => (
              <option key={key} value={key}>
                {measureLabel(key)}
              </option>
            ))}
          </SelectField>
        </div>
        <CheckboxGroup field="primaryMuscles" legend="Primary muscles" keys={MUSCLE_KEYS} label={muscleLabel} checked={listOf(values, "primaryMuscles")} error={errors.primaryMuscles} />
        <CheckboxGroup
          field="secondaryMuscles"
          legend="Secondary muscles"
          hint="Optional."
          keys={MUSCLE_KEYS}
          label={muscleLabel}
          checked={listOf(values, "secondaryMuscles")}
          error={errors.secondaryMuscles}
        />
        <CheckboxGroup field="equipment" legend="Equipment" keys={EQUIPMENT_KEYS} label={equipmentLabel} checked={listOf(values, "equipment")} error={errors.equipment} />
        <TextAreaField
          id={fieldId("cues")}
          label="Coaching cues"
          name="cues"
          rows={4}
          defaultValue={textOf(values, "cues")}
          hint={`One cue per line, up to ${CUES_MAX}. Optional.`}
          error={errors.cues}
        />
        <ImageUploadField name="demoImageId" label="Demo image" defaultImage={defaultImage} kind="image" onBusyChange={setUploading} />
        {errors.demoImageId ? (
          <p id={fieldId("demoImageId")} tabIndex={-1} className="text-sm font-medium text-brand" role="alert">
            {errors.demoImageId}
          </p>
        ) : null}
        <TextField
          id={fieldId("videoUrl")}
          label="Demo video link"
          name="videoUrl"
          type="url"
          inputMode="url"
          defaultValue={textOf(values, "videoUrl")}
          maxLength={VIDEO_URL_MAX}
          hint="Optional. A full https:// address (YouTube, Vimeo or any https page)."
          error={errors.videoUrl}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-zinc-200 pt-6">
          <Link to={cancelTo} className={buttonClass("secondary")}>
            Cancel
          </Link>
          {mode === "edit" ? (
            <Button variant="secondary" onClick={() => setDeleteOpen(true)} className="text-brand-strong">
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </Button>
          ) : null}
          <Button type="submit" className="ml-auto" busy={saving} busyText="Saving..." disabled={uploading}>
            Save Exercise
          </Button>
        </div>
        {uploading ? <p className="text-sm text-zinc-700">Saving is available once the image has uploaded.</p> : null}
      </Form>
      {mode === "edit" ? <DeleteDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} thing="exercise" name={textOf(defaults, "name")} /> : null}
    </>
  );
}
