import type { CategoryKey, EquipmentKey, MeasureKey, MuscleKey } from "./exercise-keys";

/** One exercise we ship (catalogue.ts assembles them). */
export interface CatalogueExercise {
  slug: string;
  name: string;
  category: CategoryKey;
  measure: MeasureKey;
  primaryMuscles: MuscleKey[];
  secondaryMuscles: MuscleKey[];
  equipment: EquipmentKey[];
  /** One to three short coaching cues. */
  cues: string[];
}

/** An entry, written compactly: slug, name, category, measure, muscles, equipment, then its cues. */
export function x(
  slug: string,
  name: string,
  category: CategoryKey,
  measure: MeasureKey,
  primaryMuscles: MuscleKey[],
  secondaryMuscles: MuscleKey[],
  equipment: EquipmentKey[],
  ...cues: string[]
): CatalogueExercise {
  return { slug, name, category, measure, primaryMuscles, secondaryMuscles, equipment, cues };
}
