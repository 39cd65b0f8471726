/**
 * Run by `npm run load` (with tsx) in a child process before any server opens the same
 * DATA_DIR (or DATABASE_URL): the coach's LOAD_MEMBERS members with two years of coaching
 * (scripts/bench/seed-coach.ts's `seed`), and for the first LOAD_ACTIVE of them what the
 * evening's mix needs: a password (one hash, copied), two years of logged sets on their
 * workouts (3 lifts × 3 sets each), TODAY_WORKOUTS workouts under way today to log sets
 * into, and this week's check-in not yet reviewed (so saving it is allowed); 5 trainers
 * with the same password; the public articles. All in set-based SQL. Writes what the load
 * needs as JSON to LOAD_OUT.
 */
import { runSeed } from "../bench/seed-run";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { addDays, todayIn } from "~/lib/time-zone";
import { LIFT_EXERCISES } from "~/modules/exercises/lifts";
import { createUserWithPassword } from "~/modules/users/users.server";
import { BENCH_PASSWORD, seedArticles } from "../bench/fixtures";
import { seed as seedCoaching } from "../bench/seed-coach";
import { coachEmail, TODAY_EXERCISES, TODAY_WORKOUTS, type LoadSeed } from "./world";

const MEMBERS = Number(process.env.LOAD_MEMBERS ?? 300);
const ACTIVE = Number(process.env.LOAD_ACTIVE ?? 50);
const COACHES = Number(process.env.LOAD_COACHES ?? 5);

async function seedLoad(today: string) {
  const db = getDb();
  const lifts = sql.raw(`array[${Object.values(LIFT_EXERCISES).map((id) => `'${id}'`).join(", ")}]`);
  const lifted = Object.values(LIFT_EXERCISES).length;
  // One password hash (better-auth's own hasher), copied to every account of the load.
  const first = await createUserWithPassword({ email: coachEmail(1), password: BENCH_PASSWORD, name: "Coach 1", role: "trainer" });
  await db.execute(sql`insert into users (id, name, email, role) select 'lc-' || g, 'Coach ' || g, 'coach' || g || '@load.bench', 'trainer' from generate_series(2, ${COACHES}::int) g`);
  await db.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password)
    select 'la-' || u.id, u.id, 'credential', u.id, (select password from accounts where user_id = ${first.id} and provider_id = 'credential')
    from users u where u.id like 'lc-%' or (u.id like 'cm-%' and substr(u.id, 4)::int <= ${ACTIVE}::int)`);
  // Two years of logged sets on the active members' workouts: three lifts of three sets each.
  await db.execute(sql`insert into workout_exercises (id, workout_id, exercise_id, position, status, planned_sets)
    select 'lwe-' || w.id || '-' || e, w.id, (${lifts})[1 + (abs(hashtext(w.id)) + e) % ${lifted}::int], e, 'done', 3
    from workouts w, generate_series(0, 2) e
    where w.id like 'cx-%' and substr(w.user_id, 4)::int <= ${ACTIVE}::int`);
  await db.execute(sql`insert into set_logs (id, workout_exercise_id, user_id, exercise_id, performed_on, set_number, weight_kg, reps, rpe, logged_at)
    select 'ls-' || we.id || '-' || s, we.id, w.user_id, we.exercise_id, w.performed_on, s, 40 + (abs(hashtext(we.id)) % 60) + s * 2.5, 9 - s, 7 + s * 0.5, w.started_at + make_interval(mins => 5 * s + 15 * we.position)
    from workout_exercises we join workouts w on w.id = we.workout_id, generate_series(1, 3) s
    where we.id like 'lwe-%'`);
  // Today's workouts under way, each of TODAY_EXERCISES lifts, for the sets the load logs.
  await db.execute(sql`insert into workouts (id, user_id, title, performed_on, started_at)
    select 'lt-' || g || '-' || k, 'cm-' || g, 'Evening session ' || (k + 1), ${today}::date, now() - make_interval(mins => 10 + k)
    from generate_series(1, ${ACTIVE}::int) g, generate_series(0, ${TODAY_WORKOUTS - 1}::int) k`);
  await db.execute(sql`insert into workout_exercises (id, workout_id, exercise_id, position, status, planned_sets)
    select 'lt-' || g || '-' || k || '-' || e, 'lt-' || g || '-' || k, (${lifts})[1 + (g + k + e) % ${lifted}::int], e, 'planned', 3
    from generate_series(1, ${ACTIVE}::int) g, generate_series(0, ${TODAY_WORKOUTS - 1}::int) k, generate_series(0, ${TODAY_EXERCISES - 1}::int) e`);
  // This week's check-in of an active member may be changed until reviewed: none is reviewed yet.
  await db.execute(sql`update check_ins set reviewed_at = null, reply = ''
    where week_of > ${addDays(today, -7)}::date and user_id like 'cm-%' and substr(user_id, 4)::int <= ${ACTIVE}::int`);
  // Vacuumed (and frozen) as well as analyzed: the bulk inserts would otherwise set
  // PostgreSQL's autovacuum to work on each set-up's copy during its first steps, on the
  // core the one-process set-up is measured on.
  await db.execute(sql`vacuum (freeze, analyze)`);
}

runSeed(async () => {
  const t0 = performance.now();
  const today = todayIn("Europe/London");
  await seedArticles();
  await seedCoaching(today, MEMBERS);
  const coachingMs = performance.now() - t0;
  await seedLoad(today);
  const counts = await getDb().execute(sql`select (select count(*) from set_logs)::int as sets, (select count(*) from workouts)::int as workouts, (select count(*) from messages)::int as messages, (select count(*) from check_ins)::int as check_ins`);
  const [counted] = (counts as unknown as { rows: Array<Record<string, number>> }).rows;
  const result: LoadSeed = { members: MEMBERS, active: ACTIVE, coaches: COACHES, seedMs: performance.now() - t0, coachingMs, rows: counted ?? {} };
  fs.writeFileSync(process.env.LOAD_OUT!, JSON.stringify(result));
});
