/**
 * Run by the bench's coach section (with tsx) before the server opens the same DATA_DIR:
 * a trainer and COACH_MEMBERS members with two years of coaching each (four 26-week
 * program copies of three days a week, about 85 % of the days trained; a check-in every
 * week, the latest few waiting for review or not sent; a weekly weight; a conversation of
 * 100 messages; sessions this week, some cancelled), all in set-based SQL. Then, in
 * process, the /coach loader against the SQL it sends (scripts/bench/in-process.ts).
 * Writes the results as JSON to BENCH_OUT.
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { addDays, todayIn, weekdayOf } from "~/lib/time-zone";
import { loadCoachHome } from "~/modules/coaching/coach-home.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { BENCH_PASSWORD } from "./fixtures";
import { COACH_EMAIL, COACH_MEMBERS, type CoachSeed } from "./coach";
import { loaderVsSql } from "./loader-vs-sql";
import { runSeed } from "./seed-run";

const WEEKS = 104;
const COPY_WEEKS = 26;

/** COACH_MEMBERS (or `members`) members 'cm-1' … with two years of coaching each; also `npm run load`'s members (scripts/load/seed.ts). */
export async function seed(today: string, members = COACH_MEMBERS) {
  const db = getDb();
  // Two years of Mondays back: the first copy's start.
  const start = addDays(today, -((weekdayOf(today) + 6) % 7) - 7 * (WEEKS - 4));
  const sunday = addDays(today, -weekdayOf(today));
  await db.execute(sql`insert into users (id, name, email, role, created_at)
    select 'cm-' || g, 'Member ' || g, 'member' || g || '@coach.bench', 'member', ${start}::date - 30 from generate_series(1, ${members}::int) g`);
  await db.execute(sql`insert into profiles (user_id, location, interests, experience, goals, goal_weight_kg)
    select 'cm-' || g, 'Leeds', 'Strength', 'Two years', 'Lose fat', 60 + (g % 10) from generate_series(1, ${members}::int) g`);
  await db.execute(sql`insert into last_sign_ins (user_id, at) select 'cm-' || g, now() - make_interval(days => g % 10) from generate_series(1, ${members}::int) g`);
  await db.execute(sql`insert into programs (id, name, member_id, start_date)
    select 'cp-' || g || '-' || c, 'Block ' || (c + 1), 'cm-' || g, ${start}::date + 7 * ${COPY_WEEKS}::int * c
    from generate_series(1, ${members}::int) g, generate_series(0, 3) c`);
  await db.execute(sql`insert into program_weeks (id, program_id, position)
    select 'cw-' || g || '-' || c || '-' || w, 'cp-' || g || '-' || c, w
    from generate_series(1, ${members}::int) g, generate_series(0, 3) c, generate_series(0, ${COPY_WEEKS - 1}::int) w`);
  await db.execute(sql`insert into program_days (id, program_id, week_id, day_index, title)
    select 'cd-' || g || '-' || c || '-' || w || '-' || d, 'cp-' || g || '-' || c, 'cw-' || g || '-' || c || '-' || w, d, 'Day ' || (d / 2 + 1)
    from generate_series(1, ${members}::int) g, generate_series(0, 3) c, generate_series(0, ${COPY_WEEKS - 1}::int) w, (values (0), (2), (4)) days(d)`);
  // About 85 % of the days before today trained (members whose number ends in 7 trained little lately: compliance drops).
  await db.execute(sql`insert into workouts (id, user_id, program_day_id, title, performed_on, started_at, finished_at)
    select 'cx-' || pd.id, p.member_id, pd.id, pd.title, day.date, day.date + time '07:00', day.date + time '08:00'
    from program_days pd join program_weeks w on w.id = pd.week_id join programs p on p.id = pd.program_id
    cross join lateral (select p.start_date + 7 * w.position + pd.day_index as date) day
    where day.date < ${today}::date and (hashtext(pd.id) & 1023) < 870
      and not (p.member_id like '%7' and day.date >= ${today}::date - 5)`);
  // A check-in every Sunday; the last week's waiting for review for every fifth member; this week's not sent by every ninth.
  await db.execute(sql`insert into check_ins (id, user_id, week_of, sleep, energy, stress, hunger, nutrition_adherence, wins, struggles, question, planned_workouts, logged_workouts, submitted_at, reviewed_at, reply)
    select 'ck-' || g || '-' || k, 'cm-' || g, ${sunday}::date - 7 * k, 1 + (g + k) % 5, 1 + (g * 3 + k) % 5, 1 + (g + 2 * k) % 5, 1 + (g * 7 + k) % 5, 60 + (g + k) % 40,
      'Hit every session', 'Sleep', '', 3, 2 + (g + k) % 2, (${sunday}::date - 7 * k) + time '18:00',
      case when k <= 1 and g % 5 = 0 then null else (${sunday}::date - 7 * k) + time '20:00' end, 'Good week'
    from generate_series(1, ${members}::int) g, generate_series(0, ${WEEKS - 1}::int) k
    where not (k = 0 and g % 9 = 0)`);
  await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value)
    select 'cwt-' || g || '-' || k, 'cm-' || g, 'weight', ${today}::date - 7 * k, 80 + (g % 10) + k * 0.05 + case when g % 11 = 0 and k < 4 then (4 - k) * 0.5 else 0 end
    from generate_series(1, ${members}::int) g, generate_series(0, ${WEEKS - 1}::int) k`);
  await db.execute(sql`insert into conversations (member_id, last_seq, last_message_at, awaiting_team, awaiting_since)
    select 'cm-' || g, 100, now() - make_interval(hours => g % 48), g % 10 = 0, case when g % 10 = 0 then now() - make_interval(hours => g % 48) end
    from generate_series(1, ${members}::int) g`);
  await db.execute(sql`insert into messages (id, member_id, seq, author_id, from_member, body, created_at)
    select 'cmsg-' || g || '-' || s, 'cm-' || g, s, case when s % 2 = 0 then 'cm-' || g end, s % 2 = 0 or (g % 10 = 0 and s = 100), 'Message ' || s, now() - make_interval(hours => 100 - s)
    from generate_series(1, ${members}::int) g, generate_series(1, 100) s`);
  await db.execute(sql`insert into training_sessions (id, member_id, starts_at, duration_minutes, type, status, cancelled_at, cancelled_by_id)
    select 'cs-' || g, 'cm-' || g, ${today}::date + (g % 7) + time '09:00', 60, 'Personal Training',
      case when g % 13 = 0 then 'cancelled' else 'scheduled' end, case when g % 13 = 0 then now() - interval '1 day' end, case when g % 13 = 0 then 'cm-' || g end
    from generate_series(1, ${members}::int, 6) g`);
  await db.execute(sql`analyze`);
}

async function main() {
  const trainer = await createUserWithPassword({ email: COACH_EMAIL, password: BENCH_PASSWORD, name: "Bench Coach", role: "trainer" });
  const t0 = performance.now();
  await seed(todayIn("Europe/London"));
  const seedMs = performance.now() - t0;
  const actor: SessionUser = { id: trainer.id, email: COACH_EMAIL, name: "Bench Coach", role: "trainer", weightUnit: "kg", profileComplete: true };
  const home = await loadCoachHome(actor, { page: 1 });
  const loader = await loaderVsSql("/coach", () => loadCoachHome(actor, { page: 1 }));
  const result: CoachSeed = { seedMs, needAttention: home.attention.total, loader };
  fs.writeFileSync(process.env.BENCH_OUT!, JSON.stringify(result));
}

// Run as a script (the bench's coach section), not when `npm run load`'s seed imports `seed`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runSeed(main);
