/**
 * The data the benchmark and the load test need, seeded into a throwaway database:
 * members who can sign in, and one "heavy" member with years of history (the
 * dashboard's and the Progress section's worst case), and articles (the list and an
 * article page for signed-out visitors).
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { addDays, todayIn } from "~/lib/time-zone";
import { ARTICLE_CATEGORIES } from "~/modules/articles/article-categories";
import { createArticle } from "~/modules/articles/articles.server";
import { LIFT_EXERCISES } from "~/modules/exercises/lifts";
import { completeOwnProfile } from "~/modules/users/profile.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { insertTrainingHistory } from "~/modules/workouts/training-history.fixture";

export const BENCH_PASSWORD = "Bench-Relentless-Tempo-2026";
export const HEAVY_EMAIL = "heavy@bench.example";
export const memberEmail = (i: number) => `member${i}@bench.example`;
/** The public article the benchmark reads (its slug follows from the title). */
export const BENCH_ARTICLE_SLUG = "bench-article-1";

async function createMember(email: string, name: string) {
  const created = await createUserWithPassword({ email, password: BENCH_PASSWORD, name, role: "member" });
  await completeOwnProfile(created, {
    fullName: name,
    location: "Manchester",
    interests: "Strength training",
    experience: "Two years in the gym",
    goals: "Get stronger",
  });
  return created;
}

/**
 * `members` ordinary members plus the heavy one: 3 years of training sessions (3 a week,
 * the past ones completed, the next weeks scheduled), 5 years of daily weights, weekly
 * body fat, and 3 workouts a week of 3 lifts of 3 sets each, as set logs (the data shape of
 * app/modules/progress/progress-loader.bench.ts), and three goals.
 */
export async function seedBenchData(members: number): Promise<{ heavyId: string }> {
  await seedArticles();
  for (let i = 0; i < members; i++) await createMember(memberEmail(i), `Bench Member ${i}`);
  const heavy = await createMember(HEAVY_EMAIL, "Heavy Member");
  const db = getDb();
  const today = todayIn("Europe/London");
  const start = addDays(today, -5 * 365);
  await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value)
    select 'w' || g, ${heavy.id}, 'weight', ${start}::date + g, 80 + (g % 7) from generate_series(0, 5 * 365 - 1) g`);
  await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value)
    select 'bf' || g, ${heavy.id}, 'body_fat', ${start}::date + g * 7, 20 + (g % 5) from generate_series(0, 5 * 52 - 1) g`);
  await insertTrainingHistory({
    userId: heavy.id,
    prefix: "lift-",
    start,
    until: today,
    weeks: 5 * 52,
    exercises: (["bench_press", "squat", "deadlift"] as const).map((lift, i) => ({ exerciseId: LIFT_EXERCISES[lift], weightKg: 100 + i })),
    sets: 3,
    reps: 5,
  });
  await insertLiftsForBaseline(heavy.id);
  await db.execute(sql`insert into fitness_goals (id, user_id, title, description, status)
    select 'goal' || g, ${heavy.id}, 'Goal ' || g, 'A goal to reach', (array['not_started', 'in_progress', 'completed'])[g + 1] from generate_series(0, 2) g`);
  // Sessions every Monday, Wednesday and Friday at 07:00 UTC: 3 years back, 4 weeks ahead.
  await db.execute(sql`insert into training_sessions (id, member_id, starts_at, duration_minutes, type, status)
    select 's' || g, ${heavy.id}, date_trunc('week', now()) - interval '156 weeks' + (g / 3) * interval '7 days' + (g % 3) * interval '2 days' + interval '7 hours',
      60, 'Personal Training',
      case when date_trunc('week', now()) - interval '156 weeks' + (g / 3) * interval '7 days' + (g % 3) * interval '2 days' + interval '7 hours' < now() then 'completed' else 'scheduled' end
    from generate_series(0, 160 * 3 - 1) g`);
  await db.execute(sql`analyze`);
  return { heavyId: heavy.id };
}

/**
 * The same lifts again as the baseline build stored them before issue 18 (one
 * progress_entries row a lift a day: its weight in kg, sets and reps; the kinds of the
 * old form), so that the baseline's Strength Progress shows the same history as this
 * build's, which reads the set logs and ignores these rows. Without them the baseline
 * drew empty lift charts and the comparison weighed a full page against a bare one.
 */
async function insertLiftsForBaseline(userId: string) {
  const oldKinds = sql.join(
    Object.entries(LIFT_EXERCISES).map(([kind, exerciseId]) => sql`(${exerciseId}, ${kind})`),
    sql`, `,
  );
  await getDb().execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value, sets, reps)
    select 'baseline-' || s.workout_exercise_id, s.user_id, k.kind, s.performed_on, max(s.weight_kg), count(*)::int, max(s.reps)
    from set_logs s join (values ${oldKinds}) as k(exercise_id, kind) on k.exercise_id = s.exercise_id
    where s.user_id = ${userId}
    group by s.workout_exercise_id, s.user_id, k.kind, s.performed_on`);
}

/** A full first page of public articles (12) with a few paragraphs each, and two members-only ones. */
export async function seedArticles() {
  const coach = await createUserWithPassword({ email: "coach@bench.example", password: BENCH_PASSWORD, name: "Bench Coach", role: "admin" });
  const actor = { id: coach.id, email: "coach@bench.example", role: "admin" as const };
  const paragraph = "Progressive overload means asking a little more of the body each week: one more rep, a little more weight, a shorter rest. Write it down, so that next week starts where this one ended.";
  for (let i = 1; i <= 14; i++) {
    await createArticle(actor, {
      title: `Bench Article ${i}`,
      excerpt: `What the coach says about topic ${i}, in one line.`,
      content: `## Why it matters\n\n${paragraph}\n\n## How to start\n\n${paragraph}\n\n- Warm up\n- Work\n- Write it down\n\n${paragraph}`,
      category: ARTICLE_CATEGORIES[i % ARTICLE_CATEGORIES.length]!,
      imageId: null,
      readTime: 4,
      published: true,
      membersOnly: i > 12,
    });
  }
}
