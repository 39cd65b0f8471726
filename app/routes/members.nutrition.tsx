import { z } from "zod";
import type { Route } from "./+types/members.nutrition";
import { memberOf } from "~/auth/user-context";
import { parseSearchParams } from "~/lib/search-params";
import { loadNutritionTab } from "~/modules/nutrition/member-nutrition.server";
import { toDocumentCategory } from "~/modules/nutrition/nutrition.schema";
import { NutritionSection } from "~/views/nutrition/nutrition-section";

/** ?category= picks the document category (an unknown one is Meal Plans). */
const nutritionQuery = z.object({
  category: z.string().transform(toDocumentCategory).catch("meal-plans"),
});

export function loader({ request, context }: Route.LoaderArgs) {
  return loadNutritionTab(memberOf(context), parseSearchParams(request, nutritionQuery).category);
}

export default function Nutrition({ loaderData }: Route.ComponentProps) {
  return <NutritionSection data={loaderData} />;
}
