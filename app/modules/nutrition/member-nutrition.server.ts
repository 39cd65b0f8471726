import type { SessionUser } from "~/auth/session.server";
import { listPublishedContent, type ContentItem } from "~/modules/content/content.server";
import { listDocuments } from "./nutrition.server";
import type { DocumentCategory } from "./nutrition.schema";
import type { MealPlanView, WorkoutScheduleView } from "./published-plans";

type Member = Pick<SessionUser, "id">;

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

/** The member area's Nutrition tab: the category's documents, and on Meal Plans the content manager's meal plans. */
export async function loadNutritionTab(member: Member, category: DocumentCategory) {
  const [documents, mealPlans] = await Promise.all([
    listDocuments(member, { category }),
    category === "meal-plans" ? listPublishedContent(member, "meal_plan") : Promise.resolve([]),
  ]);
  return { category, documents, mealPlans: mealPlans.map(toMealPlan) };
}

/** The dashboard card: the newest meal plan the member can see and the three newest documents. */
export async function loadNutritionInsights(member: Member) {
  const [plans, documents] = await Promise.all([listPublishedContent(member, "meal_plan", { limit: 1 }), listDocuments(member, { limit: 3 })]);
  return { mealPlan: plans[0] ? toMealPlan(plans[0]) : null, documents };
}

/** The workout schedules published from the content manager (Training Schedule tab). */
export async function loadWorkoutSchedules(member: Member): Promise<WorkoutScheduleView[]> {
  return (await listPublishedContent(member, "schedule")).map(toWorkoutSchedule);
}
