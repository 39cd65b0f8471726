import type { SessionUser } from "~/auth/session.server";
import { listMealPlans } from "~/modules/library/published-plans.server";
import { listDocuments } from "./nutrition.server";
import type { DocumentCategory } from "./nutrition.schema";

type Member = Pick<SessionUser, "id">;

/** The member area's Nutrition tab: the category's documents, and on Meal Plans the content manager's meal plans. */
export async function loadNutritionTab(member: Member, category: DocumentCategory) {
  const [documents, mealPlans] = await Promise.all([listDocuments(member, { category }), category === "meal-plans" ? listMealPlans(member) : Promise.resolve([])]);
  return { category, documents, mealPlans };
}

/** The dashboard card: the newest meal plan the member can see and the three newest documents. */
export async function loadNutritionInsights(member: Member) {
  const [plans, documents] = await Promise.all([listMealPlans(member, { limit: 1 }), listDocuments(member, { limit: 3 })]);
  return { mealPlan: plans[0] ?? null, documents };
}
