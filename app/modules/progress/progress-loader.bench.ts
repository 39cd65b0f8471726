/**
 * The benchmark: a member with 5 years of daily weights and 3 workouts a week
 * (3 lifts of 3 sets each, as set logs). The Progress screen's loader (getProgressOverview) should stay under 2 × the time of the
 * SQL it needs. Run: npx vitest bench --run app/modules/progress/progress-loader.bench.ts
 * (add DATABASE_URL, or use scripts/with-postgres.sh, for PostgreSQL).
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, bench, describe } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { siteSetting } from "~/db/schema/settings";
import { addDays, todayIn } from "~/lib/time-zone";
import { LIFT_EXERCISES } from "~/modules/exercises/lifts";
import { bestOneRepMaxBeforeQuery, bestSetPerDayQuery, liftEntriesQuery } from "~/modules/workouts/lift-history.server";
import { insertTrainingHistory } from "~/modules/workouts/training-history.fixture";
import { liftExerciseIds } from "./progress-lifts.server";
import { getProgressOverview } from "./progress-overview.server";
import { goalsQuery, latestEntriesQuery, seriesQuery } from "./progress-queries.server";
import { rangeStart } from "./progress-stats";
import { bodyKinds, measurementSites, type ProgressRange } from "./progress.schema";

const MEMBER = "bench-member";
const actor = { id: MEMBER, role: "member" as const, weightUnit: "lbs" as const };
const kinds = [...bodyKinds, ...measurementSites];

beforeAll(async () => {
  const db = getDb();
  await db.insert(user).values({ id: MEMBER, name: "Bench Member", email: "bench@example.com" });
  const start = addDays(todayIn("Europe/London"), -5 * 365);
  await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value)
    select 'w' || g, ${MEMBER}, 'weight', ${start}::date + g, 80 + (g % 7) from generate_series(0, 5 * 365) g`);
  await insertTrainingHistory({
    userId: MEMBER,
    prefix: "bench-",
    start,
    until: todayIn("Europe/London"),
    weeks: 5 * 52,
    exercises: (["bench_press", "squat", "deadlift"] as const).map((lift, i) => ({ exerciseId: LIFT_EXERCISES[lift], weightKg: 100 + i })),
    sets: 3,
    reps: 5,
  });
  await db.execute(sql`analyze`);
});

/** The same statements the loader sends, in the same order, results unused. */
async function sqlOnly(range: ProgressRange) {
  const db = getDb();
  await Promise.all([
    db.select({ unit: profile.weightUnit }).from(profile).where(eq(profile.userId, MEMBER)),
    db.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, "site")),
  ]);
  const from = rangeStart(range, todayIn("Europe/London"));
  await Promise.all([
    goalsQuery(MEMBER),
    db.execute(latestEntriesQuery(MEMBER, kinds, 5)),
    db.execute(liftEntriesQuery(MEMBER, liftExerciseIds, 5)),
    seriesQuery(MEMBER, kinds, from),
    bestSetPerDayQuery(MEMBER, liftExerciseIds, from),
    from ? db.execute(bestOneRepMaxBeforeQuery(MEMBER, liftExerciseIds, from)) : Promise.resolve([]),
  ]);
}

for (const range of ["3m", "all"] as const) {
  describe(`range ${range}`, () => {
    bench("SQL only", () => sqlOnly(range), { warmupIterations: 3, iterations: 30 });
    bench("getProgressOverview", () => getProgressOverview(actor, { range }).then(() => undefined), {
      warmupIterations: 3,
      iterations: 30,
    });
  });
}
