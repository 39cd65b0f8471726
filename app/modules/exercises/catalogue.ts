import { CORE_AND_CONDITIONING_EXERCISES } from "./catalogue-conditioning";
import type { CatalogueExercise } from "./catalogue-entry";
import { LOWER_BODY_AND_ARM_EXERCISES } from "./catalogue-lower-body";
import { UPPER_BODY_EXERCISES } from "./catalogue-upper-body";

export type { CatalogueExercise };

/**
 * The exercises we ship, written by us. Each `slug` is the exercise's identity across
 * installs and releases (its row's id): never change one; correct anything else and the
 * next start brings every install up to date (catalogue-sync.server.ts).
 */
export const EXERCISE_CATALOGUE: readonly CatalogueExercise[] = [...UPPER_BODY_EXERCISES, ...LOWER_BODY_AND_ARM_EXERCISES, ...CORE_AND_CONDITIONING_EXERCISES];
