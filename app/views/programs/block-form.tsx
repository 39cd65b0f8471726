import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import type { ActionFailure } from "~/lib/action.server";
import { fieldErrors } from "~/lib/form";
import { formatValue, weightFromKg, type WeightUnit } from "~/lib/units";
import type { ExerciseChoice } from "~/modules/exercises/exercises.server";
import { EXERCISE_NAME_MAX } from "~/modules/exercises/exercises.schema";
import type { BlockView, ExerciseOptions } from "~/modules/programs/program-read.server";
import { choicesSummary, PickerSearch, useChoices } from "./picker-search";
import { blockFormSchema, EXERCISE_CHOICES, loadKindLabels, loadKinds, type ExerciseMeasure, type LoadKind } from "~/modules/programs/programs.schema";

type Values = Record<string, string>;

/** The form's starting values: what was sent (a refused save), else the block being edited, else empty. */
function startValues(block: BlockView | null, unit: WeightUnit, echoed: Record<string, string | string[]> | undefined): Values {
  const values: Values = block
    ? {
        exerciseId: block.exerciseId,
        sets: String(block.sets),
        reps: block.repsMin === null ? "" : block.repsMin === block.repsMax ? String(block.repsMin) : `${block.repsMin}-${block.repsMax}`,
        durationSeconds: block.durationSeconds === null ? "" : String(block.durationSeconds),
        distanceMeters: block.distanceMeters === null ? "" : String(block.distanceMeters),
        loadKind: block.loadKind,
        loadValue: block.loadValue === null ? "" : block.loadKind === "weight" ? formatValue(weightFromKg(block.loadValue, unit), 2) : String(block.loadValue),
        loadUnit: unit,
        restSeconds: block.restSeconds === null ? "" : String(block.restSeconds),
        tempo: block.tempo,
        notes: block.notes,
      }
    : { exerciseId: "", sets: "3", reps: "", durationSeconds: "", distanceMeters: "", loadKind: "none", loadValue: "", loadUnit: unit, restSeconds: "", tempo: "", notes: "" };
  for (const [key, value] of Object.entries(echoed ?? {})) if (typeof value === "string") values[key] = value;
  return values;
}

/** Where the picker's search goes without JavaScript: the builder again, with this form open. */
export interface PickerSearch {
  action: string;
  week: number;
  block: string;
  day: string | null;
  q: string;
}

/**
 * Adds an exercise to a day or edits one: the exercise picker (the library's search as one
 * types, the best matches listed: decision 0054), the targets its measure uses, the load,
 * rest, tempo and notes. The same schema as the server checks it before it is sent.
 */
export function BlockForm({
  heading,
  closeTo,
  target,
  block,
  exercises,
  search,
  unit,
  failed,
}: {
  heading: string;
  /** Where Cancel goes: the builder at the same week. */
  closeTo: string;
  target: { intent: "add-block"; dayId: string } | { intent: "update-block"; blockId: string };
  block: BlockView | null;
  exercises: ExerciseOptions;
  search: PickerSearch;
  unit: WeightUnit;
  failed: ActionFailure | undefined;
}) {
  const initial = useMemo(() => startValues(block, unit, failed?.values), [block, unit, failed]);
  const [chosen, setChosen] = useState<ExerciseChoice | undefined>(() => exercises.choices.find((e) => e.id === initial.exerciseId));
  const [loadKind, setLoadKind] = useState<LoadKind>(loadKinds.find((kind) => kind === initial.loadKind) ?? "none");
  const picker = useChoices("/programs/exercise-choices", exercises, search.q);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  // The list the last search answered (the page's own before any), the chosen exercise kept in it.
  const options = picker.options;
  const listed = chosen && !options.choices.some((e) => e.id === chosen.id) ? [chosen, ...options.choices] : options.choices;
  const measure: ExerciseMeasure | undefined = chosen?.measure;
  const shown = (m: ExerciseMeasure[]) => measure === undefined || m.includes(measure);
  const errors: Record<string, string | undefined> = clientErrors ?? failed?.fieldErrors ?? {};

  const check = (event: FormEvent<HTMLFormElement>) => {
    const sent = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = blockFormSchema.safeParse({ ...sent, measure: listed.find((e) => e.id === sent.exerciseId)?.measure });
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    const found = fieldErrors<string>(parsed.error);
    if (found.measure) found.exerciseId ??= found.measure;
    setClientErrors(found as Record<string, string>);
  };

  return (
    <section aria-labelledby="block-form-heading" className="rounded-lg border-2 border-brand bg-white p-4 sm:p-6">
      <h2 id="block-form-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
        {heading}
      </h2>
      <PickerSearch
        action={search.action}
        keep={{ week: String(search.week), block: search.block, ...(search.day ? { day: search.day } : {}) }}
        name="q"
        label="Search exercises"
        landmark="Exercises"
        hint="Type to narrow the list below."
        maxLength={EXERCISE_NAME_MAX}
        query={picker.query}
        onSearch={picker.search}
      />
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate onSubmit={check}>
        {target.intent === "add-block" ? <input type="hidden" name="dayId" value={target.dayId} /> : <input type="hidden" name="blockId" value={target.blockId} />}
        <div className="space-y-3 sm:col-span-2">
          <SelectField
            label="Exercise"
            name="exerciseId"
            size={8}
            value={chosen?.id ?? ""}
            onChange={(e) => setChosen(listed.find((c) => c.id === e.target.value))}
            error={errors.exerciseId}
            aria-busy={picker.loading}
            required
          >
            {listed.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </SelectField>
          <p className="text-sm text-zinc-600" aria-live="polite">
            {choicesSummary(picker.answered, options, EXERCISE_CHOICES, ["exercise", "exercises"])}
          </p>
        </div>
        <TextField label="Sets" name="sets" inputMode="numeric" defaultValue={initial.sets} error={errors.sets} required />
        {shown(["weight_reps", "reps"]) ? <TextField label="Reps" name="reps" defaultValue={initial.reps} error={errors.reps} hint="A number like 8 or a range like 8-12." /> : null}
        {shown(["time"]) ? <TextField label="Time (seconds)" name="durationSeconds" inputMode="numeric" defaultValue={initial.durationSeconds} error={errors.durationSeconds} /> : null}
        {shown(["distance"]) ? <TextField label="Distance (metres)" name="distanceMeters" inputMode="decimal" defaultValue={initial.distanceMeters} error={errors.distanceMeters} /> : null}
        <SelectField label="Load" name="loadKind" value={loadKind} onChange={(e) => setLoadKind(e.target.value as LoadKind)} error={errors.loadKind}>
          {loadKinds.map((kind) => (
            <option key={kind} value={kind}>
              {loadKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        {loadKind !== "none" ? (
          <div className="flex gap-2">
            <div className="flex-1">
              <TextField label={loadKindLabels[loadKind]} name="loadValue" inputMode="decimal" defaultValue={initial.loadValue} error={errors.loadValue} />
            </div>
            {loadKind === "weight" ? (
              <div className="w-24">
                <SelectField label="Unit" name="loadUnit" defaultValue={initial.loadUnit}>
                  <option value="kg">kg</option>
                  <option value="lbs">lbs</option>
                </SelectField>
              </div>
            ) : null}
          </div>
        ) : null}
        <TextField label="Rest (seconds)" name="restSeconds" inputMode="numeric" defaultValue={initial.restSeconds} error={errors.restSeconds} />
        <TextField label="Tempo" name="tempo" defaultValue={initial.tempo} error={errors.tempo} hint='Like "3-1-1-0".' />
        <div className="sm:col-span-2">
          <TextAreaField label="Notes" name="notes" rows={2} defaultValue={initial.notes} error={errors.notes} />
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" name="intent" value={target.intent}>
            {target.intent === "add-block" ? "Add exercise" : "Save exercise"}
          </Button>
          <Link to={closeTo} className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
