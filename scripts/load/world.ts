/** The seeded world of `npm run load` (scripts/load/seed.ts), as the load generator names it. */

/** Workouts under way today per active member, and lifts in each: room for the sets the load logs (30 per lift at most) with each workout's page staying a real evening's size. */
export const TODAY_WORKOUTS = 4;
export const TODAY_EXERCISES = 6;

export const coachEmail = (i: number) => `coach${i}@load.bench`;
/** The coach's members are numbered from 1 (scripts/bench/seed-coach.ts). */
export const memberEmail = (g: number) => `member${g}@coach.bench`;
export const memberId = (g: number) => `cm-${g}`;
export const todayWorkoutId = (g: number, k: number) => `lt-${g}-${k}`;
export const todayExerciseId = (g: number, k: number, e: number) => `lt-${g}-${k}-${e}`;

export interface LoadSeed {
  members: number;
  active: number;
  coaches: number;
  seedMs: number;
  /** Of which seed-coach.ts's two years of coaching. */
  coachingMs: number;
  rows: Record<string, number>;
}
