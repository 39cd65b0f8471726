/**
 * The largest program the limits allow (decision 0044), written in five statements so a
 * test or the bench has it in well under a second: 52 weeks, and MAX_BLOCKS_PER_PROGRAM
 * exercises in full days (MAX_BLOCKS_PER_DAY each) from week 1 on, so the first weeks are
 * as large as a week can be. Every exercise has weight, reps, rest, tempo and a note; the
 * first ten of each day are supersets of two.
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { LIFT_EXERCISES } from "~/modules/exercises/lifts";
import { DAYS_PER_WEEK, MAX_BLOCKS_PER_DAY, MAX_BLOCKS_PER_PROGRAM, MAX_WEEKS } from "./program-sizes";

export const LARGEST_PROGRAM = {
  weeks: MAX_WEEKS,
  days: Math.ceil(MAX_BLOCKS_PER_PROGRAM / MAX_BLOCKS_PER_DAY),
  blocks: MAX_BLOCKS_PER_PROGRAM,
  /** Days in the first week: a full week. */
  firstWeekBlocks: DAYS_PER_WEEK * MAX_BLOCKS_PER_DAY,
};

export async function insertLargestProgram(id: string, createdById: string | null = null): Promise<string> {
  const db = getDb();
  const lifts = Object.values(LIFT_EXERCISES);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into programs (id, name, description, created_by_id) values (${id}, 'Largest allowed program', 'Every week, day and exercise the limits allow.', ${createdById})`);
    await tx.execute(sql`insert into program_weeks (id, program_id, position) select ${id} || '-w' || g, ${id}, g from generate_series(0, ${MAX_WEEKS - 1}::int) g`);
    await tx.execute(sql`
      insert into program_days (id, program_id, week_id, day_index, title, notes)
      select ${id} || '-d' || n, ${id}, ${id} || '-w' || (n / ${DAYS_PER_WEEK}::int), n % ${DAYS_PER_WEEK}::int, 'Strength day ' || (n + 1), 'Warm up for ten minutes; film the top set.'
      from generate_series(0, ${LARGEST_PROGRAM.days - 1}::int) n`);
    await tx.execute(sql`
      insert into program_blocks (id, day_id, position, exercise_id, group_key, group_kind, sets, reps_min, reps_max, load_kind, load_value, rest_seconds, tempo, notes)
      select ${id} || '-b' || n, ${id} || '-d' || (n / ${MAX_BLOCKS_PER_DAY}::int), n % ${MAX_BLOCKS_PER_DAY}::int,
        (${sql.raw(`array[${lifts.map((l) => `'${l}'`).join(", ")}]`)})[n % ${lifts.length}::int + 1],
        case when n % ${MAX_BLOCKS_PER_DAY}::int < 10 then ${id} || '-g' || (n / 2) end,
        case when n % ${MAX_BLOCKS_PER_DAY}::int < 10 then 'superset' end,
        4, 8, 12, 'weight', 62.5, 90, '3-1-1-0', 'Pause one second at the bottom; keep two reps in reserve.'
      from generate_series(0, ${MAX_BLOCKS_PER_PROGRAM - 1}::int) n`);
  });
  return id;
}
