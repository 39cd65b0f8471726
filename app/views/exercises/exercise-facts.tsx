import { categoryLabel, equipmentLabel, measureLabel, muscleLabel } from "~/modules/exercises/exercise-keys";
import type { ExerciseSummary } from "~/modules/exercises/exercises.server";

/** Built-in or added by staff: a small badge beside the name. */
export function OriginBadge({ builtIn }: { builtIn: boolean }) {
  return (
    <span className="inline-flex items-center rounded-full border border-zinc-300 px-2 py-0.5 text-xs font-semibold text-zinc-700">
      {builtIn ? "Built-in" : "Added by staff"}
    </span>
  );
}

/** Category, measure, muscles (primary first) and equipment, as a description list. */
export function ExerciseFacts({ exercise }: { exercise: Pick<ExerciseSummary, "category" | "measure" | "primaryMuscles" | "secondaryMuscles" | "equipment"> }) {
  const rows: Array<[string, string]> = [
    ["Category", categoryLabel(exercise.category)],
    ["Measured by", measureLabel(exercise.measure)],
    ["Primary muscles", exercise.primaryMuscles.map(muscleLabel).join(", ")],
    ["Secondary muscles", exercise.secondaryMuscles.map(muscleLabel).join(", ") || "None"],
    ["Equipment", exercise.equipment.map(equipmentLabel).join(", ")],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-zinc-800">{term}</dt>
          <dd className="mb-1 text-zinc-700 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
