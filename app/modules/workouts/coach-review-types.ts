import type { WeightUnit } from "~/lib/units";
import type { ProgramPhase, WeekCompliance } from "./program-dates";
import type { CommentView } from "./workout-comments.schema";

/** What the coach's review of one member shows (coach-review.server.ts). Weights in the staff member's unit. */

export interface ReviewDay {
  dayId: string;
  title: string;
  /** Week number, 1-based. */
  week: number;
  date: string;
  /** The finished workout done for it (done days only). */
  workoutId: string | null;
}

export interface ProgramProgress {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  phase: ProgramPhase;
  totalWeeks: number;
  weeksDone: number;
  compliance: WeekCompliance[];
  /** Done days, newest first. */
  completed: ReviewDay[];
  /** Days before today with no finished workout, newest first. */
  missed: ReviewDay[];
}

export interface ReviewSet {
  setNumber: number;
  weight: number | null;
  reps: number | null;
  rpe: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
}

export interface ReviewExercise {
  id: string;
  name: string;
  status: "planned" | "done" | "skipped";
  swappedFromName: string | null;
  reason: string;
  notes: string;
  sets: ReviewSet[];
}

export interface ReviewWorkout {
  id: string;
  title: string;
  performedOn: string;
  /** Minutes from start to finish; null when it was logged at once (the progress form). */
  durationMinutes: number | null;
  /** The program day it followed; null for an ad-hoc workout. */
  programDayId: string | null;
  notes: string;
  /** Σ weight × reps of its sets. */
  volume: number;
  setCount: number;
  exercises: ReviewExercise[];
  comments: CommentView[];
}

export interface ReviewRecord {
  exerciseId: string;
  name: string;
  heaviest: { weight: number; reps: number | null; date: string };
  bestOneRepMax: { value: number; weight: number; reps: number | null; date: string };
}

export interface MemberTrainingReview {
  member: { id: string; name: string; email: string };
  unit: WeightUnit;
  today: string;
  /** Current first, then upcoming, then past; newest start first within each. */
  programs: ProgramProgress[];
  /** The newest finished workouts, newest first (at most REVIEW_WORKOUTS). */
  workouts: ReviewWorkout[];
  /** There are older finished workouts than those listed. */
  moreWorkouts: boolean;
  records: ReviewRecord[];
}

/** How many finished workouts the review lists. */
export const REVIEW_WORKOUTS = 20;
