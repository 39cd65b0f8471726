import { Apple, Download } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DocumentTypeIcon } from "./document-type-icon";
import type { DocumentView } from "~/modules/nutrition/nutrition.server";
import { DOCUMENT_CATEGORIES, TYPE_LABELS, type DocumentCategory } from "~/modules/nutrition/nutrition.schema";
import type { MealPlanView } from "~/modules/library/published-plans.server";
import { mealPlanFacts, MealPlanList } from "~/views/library/published-plans";

export const NO_DOCUMENTS = "No nutrition documents available for the selected category.";

export interface NutritionTabData {
  category: DocumentCategory;
  documents: DocumentView[];
  mealPlans: MealPlanView[];
}

/** Download opens in a new tab; the link's name says which document it is. */
function DownloadLink({ doc, className }: { doc: DocumentView; className?: string }) {
  return (
    <a href={doc.href} target="_blank" rel="noopener noreferrer" className={className}>
      <Download className="size-4" aria-hidden="true" />
      Download
      <span className="sr-only">
        {" "}
        {doc.title} (opens in a new tab)
      </span>
    </a>
  );
}

/** The member area's Nutrition tab: Meal Plans, Recipes and Education, each a link (?category=…). */
export function NutritionSection({ data }: { data: NutritionTabData }) {
  const nothing = data.documents.length === 0 && data.mealPlans.length === 0;
  return (
    <section aria-labelledby="nutrition-title">
      <h2 id="nutrition-title" className="text-2xl font-bold uppercase">
        Nutrition
      </h2>
      <nav aria-label="Nutrition categories" className="mt-6">
        <ul className="inline-flex flex-wrap gap-1 rounded-lg bg-zinc-100 p-1">
          {DOCUMENT_CATEGORIES.map((c) => (
            <li key={c.value}>
              <Link
                to={`/members/nutrition?category=${c.value}`}
                preventScrollReset
                aria-current={data.category === c.value ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-md px-4 text-sm font-semibold",
                  data.category === c.value ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-700 hover:text-zinc-900",
                )}
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {nothing ? (
        <p className="mt-6 rounded-xl border border-dashed border-zinc-300 p-10 text-center text-zinc-700">{NO_DOCUMENTS}</p>
      ) : null}
      {data.documents.length > 0 ? (
        <ul className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Nutrition documents">
          {data.documents.map((doc) => (
            <li key={doc.id}>
              <article aria-labelledby={`document-${doc.id}`} className="flex h-full flex-col gap-3 rounded-xl border border-zinc-200 p-5">
                <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-zinc-600">
                  <DocumentTypeIcon type={doc.type} className="size-5 text-brand" />
                  {TYPE_LABELS[doc.type]}
                </p>
                <h3 id={`document-${doc.id}`} className="text-lg font-bold">
                  {doc.title}
                </h3>
                {doc.description ? <p className="text-zinc-700">{doc.description}</p> : null}
                <div className="mt-auto pt-2">
                  <DownloadLink doc={doc} className={buttonClass("primary")} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      {data.mealPlans.length > 0 ? <MealPlanList plans={data.mealPlans} /> : null}
    </section>
  );
}

export interface NutritionInsightsData {
  mealPlan: MealPlanView | null;
  documents: DocumentView[];
}

/**
 * The dashboard's 'Nutrition Insights': the member's current meal plan (the newest one
 * they can see) and the newest documents. Never invented numbers: without data, an empty state.
 */
export function NutritionInsightsCard({ data }: { data: NutritionInsightsData }) {
  const empty = !data.mealPlan && data.documents.length === 0;
  return (
    <section aria-labelledby="nutrition-insights-title" className="rounded-xl border border-zinc-200 p-5">
      <h3 id="nutrition-insights-title" className="flex items-center gap-2 text-lg font-bold uppercase">
        <Apple className="size-5 text-brand" aria-hidden="true" />
        Nutrition Insights
      </h3>
      <div className="mt-4 space-y-4">
        {empty ? <p className="text-zinc-700">No meal plan or nutrition documents yet. Your coach will share them here.</p> : null}
        {data.mealPlan ? (
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-zinc-600">Current meal plan</p>
            <p className="text-xl font-semibold">{data.mealPlan.title}</p>
            {mealPlanFacts(data.mealPlan).length > 0 ? <p className="text-zinc-700">{mealPlanFacts(data.mealPlan).join(" · ")}</p> : null}
          </div>
        ) : null}
        {data.documents.length > 0 ? (
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-zinc-600">Newest documents</p>
            <ul className="mt-1 divide-y divide-zinc-200">
              {data.documents.map((doc) => (
                <li key={doc.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <DocumentTypeIcon type={doc.type} className="size-4 shrink-0 text-brand" />
                    <span className="truncate">{doc.title}</span>
                  </span>
                  <DownloadLink doc={doc} className="inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-semibold text-brand underline-offset-2 hover:underline" />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p>
          <Link to="/members/nutrition" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
            Open nutrition
          </Link>
        </p>
      </div>
    </section>
  );
}
