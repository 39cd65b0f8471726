import type { ExerciseMeasure } from "~/db/schema/exercises";

/**
 * The closed lists an exercise is described with: its category, the muscles it trains,
 * the equipment it needs and how a set of it is measured. The database stores the keys;
 * screens show the labels. Safe in the browser (the form's choices and the filters).
 */

function labelsOf<K extends string>(entries: Record<K, string>) {
  const keys = Object.keys(entries) as [K, ...K[]];
  return { keys: keys as Readonly<[K, ...K[]]>, label: (key: K): string => entries[key] };
}

const categories = labelsOf({
  strength: "Strength",
  core: "Core",
  plyometric: "Plyometric",
  conditioning: "Conditioning",
  cardio: "Cardio",
  mobility: "Mobility",
});
export type CategoryKey = (typeof categories.keys)[number];
export const CATEGORY_KEYS = categories.keys;
export const categoryLabel = categories.label;

const muscles = labelsOf({
  chest: "Chest",
  front_delts: "Front delts",
  side_delts: "Side delts",
  rear_delts: "Rear delts",
  triceps: "Triceps",
  biceps: "Biceps",
  forearms: "Forearms",
  lats: "Lats",
  upper_back: "Upper back",
  traps: "Traps",
  lower_back: "Lower back",
  abs: "Abs",
  obliques: "Obliques",
  glutes: "Glutes",
  quads: "Quads",
  hamstrings: "Hamstrings",
  adductors: "Adductors",
  abductors: "Abductors",
  calves: "Calves",
  hip_flexors: "Hip flexors",
  neck: "Neck",
});
export type MuscleKey = (typeof muscles.keys)[number];
export const MUSCLE_KEYS = muscles.keys;
export const muscleLabel = muscles.label;

const equipment = labelsOf({
  barbell: "Barbell",
  dumbbell: "Dumbbell",
  kettlebell: "Kettlebell",
  cable: "Cable",
  machine: "Machine",
  smith_machine: "Smith machine",
  bodyweight: "Bodyweight",
  band: "Band",
  bench: "Bench",
  pull_up_bar: "Pull-up bar",
  parallel_bars: "Parallel bars",
  medicine_ball: "Medicine ball",
  plate: "Weight plate",
  sled: "Sled",
  rower: "Rower",
  bike: "Bike",
  treadmill: "Treadmill",
  ski_erg: "Ski erg",
  jump_rope: "Jump rope",
  box: "Box",
  trap_bar: "Trap bar",
  ez_bar: "EZ bar",
  landmine: "Landmine",
  suspension_trainer: "Suspension trainer",
  battle_rope: "Battle rope",
  stability_ball: "Stability ball",
  ab_wheel: "Ab wheel",
  foam_roller: "Foam roller",
});
export type EquipmentKey = (typeof equipment.keys)[number];
export const EQUIPMENT_KEYS = equipment.keys;
export const equipmentLabel = equipment.label;

const measures = labelsOf<ExerciseMeasure>({
  weight_reps: "Weight × reps",
  reps: "Reps only",
  time: "Time",
  distance: "Distance",
});
export type MeasureKey = ExerciseMeasure;
export const MEASURE_KEYS = measures.keys;
export const measureLabel = measures.label;
