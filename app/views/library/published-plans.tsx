/** Meal plans and workout schedules published from the content manager, as members read them. */
import type { MealPlanView, WorkoutScheduleView } from "~/modules/library/published-plans.server";

const weeks = (n: number) => `${n} ${n === 1 ? "week" : "weeks"}`;

/** The short facts of a meal plan: calories per day, duration, difficulty. */
export function mealPlanFacts(plan: Pick<MealPlanView, "caloriesPerDay" | "durationWeeks" | "difficulty">): string[] {
  const facts: string[] = [];
  if (plan.caloriesPerDay) facts.push(`${plan.caloriesPerDay.toLocaleString("en-US")} kcal per day`);
  if (plan.durationWeeks) facts.push(weeks(plan.durationWeeks));
  if (plan.difficulty) facts.push(plan.difficulty);
  return facts;
}

function scheduleFacts(s: WorkoutScheduleView): string[] {
  const facts: string[] = [];
  if (s.durationWeeks) facts.push(weeks(s.durationWeeks));
  if (s.workoutsPerWeek) facts.push(`${s.workoutsPerWeek} ${s.workoutsPerWeek === 1 ? "workout" : "workouts"} per week`);
  if (s.difficulty) facts.push(s.difficulty);
  return facts;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

function Facts({ facts, label }: { facts: string[]; label: string }) {
  if (facts.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {facts.map((fact) => (
        <li key={fact} className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-sm font-medium text-zinc-800">
          {fact}
        </li>
      ))}
    </ul>
  );
}

function Detail({ summary, children }: { summary: string; children: React.ReactNode }) {
  return (
    <details className="group rounded-md border border-zinc-200">
      <summary className="min-h-11 cursor-pointer px-3 py-2.5 text-sm font-semibold text-zinc-900 hover:bg-zinc-50">{summary}</summary>
      <div className="border-t border-zinc-200 px-3 py-3 text-sm text-zinc-800">{children}</div>
    </details>
  );
}

/** The content manager's meal plans on the Nutrition tab (Meal Plans). */
export function MealPlanList({ plans }: { plans: MealPlanView[] }) {
  return (
    <section aria-labelledby="coach-meal-plans-title" className="mt-10">
      <h3 id="coach-meal-plans-title" className="text-xl font-bold uppercase">
        Meal Plans from Your Coach
      </h3>
      <ul className="mt-4 grid gap-6 md:grid-cols-2">
        {plans.map((plan) => (
          <li key={plan.id}>
            <article aria-labelledby={`meal-plan-${plan.id}`} className="flex h-full flex-col gap-3 rounded-xl border border-zinc-200 p-5">
              <p className="text-sm font-semibold uppercase tracking-wide text-zinc-600">{plan.category}</p>
              <h4 id={`meal-plan-${plan.id}`} className="text-lg font-bold">
                {plan.title}
              </h4>
              <p className="text-zinc-700">{plan.description}</p>
              <Facts facts={mealPlanFacts(plan)} label={`About ${plan.title}`} />
              {plan.ingredients ? (
                <Detail summary="Ingredients">
                  <ul className="list-disc space-y-1 pl-5">
                    {lines(plan.ingredients).map((item, i) => (
                      <li key={`${i}-${item}`}>{item}</li>
                    ))}
                  </ul>
                </Detail>
              ) : null}
              {plan.instructions ? (
                <Detail summary="Instructions">
                  <p className="whitespace-pre-line">{plan.instructions}</p>
                </Detail>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The content manager's workout schedules, below the training calendar. Nothing when there are none. */
export function WorkoutScheduleList({ schedules }: { schedules: WorkoutScheduleView[] }) {
  if (schedules.length === 0) return null;
  return (
    <section aria-labelledby="workout-schedules-title" className="mt-12">
      <h3 id="workout-schedules-title" className="text-xl font-bold uppercase">
        Workout Schedules
      </h3>
      <ul className="mt-4 grid gap-6 md:grid-cols-2">
        {schedules.map((s) => (
          <li key={s.id}>
            <article aria-labelledby={`workout-schedule-${s.id}`} className="flex h-full flex-col gap-3 rounded-xl border border-zinc-200 p-5">
              <p className="text-sm font-semibold uppercase tracking-wide text-zinc-600">{s.category}</p>
              <h4 id={`workout-schedule-${s.id}`} className="text-lg font-bold">
                {s.title}
              </h4>
              <p className="text-zinc-700">{s.description}</p>
              <Facts facts={scheduleFacts(s)} label={`About ${s.title}`} />
              {s.schedule ? (
                <Detail summary="Weekly schedule">
                  <p className="whitespace-pre-line">{s.schedule}</p>
                </Detail>
              ) : null}
              {s.equipmentNeeded ? (
                <Detail summary="Equipment">
                  <p className="whitespace-pre-line">{s.equipmentNeeded}</p>
                </Detail>
              ) : null}
              {s.notes ? (
                <Detail summary="Notes">
                  <p className="whitespace-pre-line">{s.notes}</p>
                </Detail>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
