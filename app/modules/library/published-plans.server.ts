import type { SessionUser } from "~/auth/session.server";
import { listPublishedContent, type ContentItem } from "./library.server";

/** Meal plans and workout schedules published from the content manager, as members read them. */

type Member = Pick<SessionUser, "id">;

export interface MealPlanView {
  id: string;
  title: string;
  description: string;
  category: string;
  caloriesPerDay: number | null;
  durationWeeks: number | null;
  difficulty: string | null;
  ingredients: string;
  instructions: string;
}

export interface WorkoutScheduleView {
  id: string;
  title: string;
  description: string;
  category: string;
  durationWeeks: number | null;
  workoutsPerWeek: number | null;
  difficulty: string | null;
  schedule: string;
  equipmentNeeded: string;
  notes: string;
}

function toMealPlan(item: ContentItem): MealPlanView {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    category: item.category,
    caloriesPerDay: item.caloriesPerDay,
    durationWeeks: item.durationWeeks,
    difficulty: item.difficulty,
    ingredients: item.ingredients ?? "",
    instructions: item.instructions ?? "",
  };
}

function toWorkoutSchedule(item: ContentItem): WorkoutScheduleView {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    category: item.category,
    durationWeeks: item.durationWeeks,
    workoutsPerWeek: item.workoutsPerWeek,
    difficulty: item.difficulty,
    schedule: item.schedule ?? "",
    equipmentNeeded: item.equipmentNeeded ?? "",
    notes: item.notes ?? "",
  };
}

/** The meal plans the member can see, newest first. */
export async function listMealPlans(member: Member, options: { limit?: number } = {}): Promise<MealPlanView[]> {
  return (await listPublishedContent(member, "meal_plan", options)).map(toMealPlan);
}

/** The workout schedules the member can see (Training Schedule, below the calendar). */
export async function listWorkoutSchedules(member: Member): Promise<WorkoutScheduleView[]> {
  return (await listPublishedContent(member, "schedule")).map(toWorkoutSchedule);
}
