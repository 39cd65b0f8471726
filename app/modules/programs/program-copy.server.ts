import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * The one way weeks are copied (duplicate week, templates, programs started from a
 * template, members' copies, updates from a template) and the same for a day's exercises
 * (duplicate day): set-based SQL, new ids made by the database, new group keys per day, so
 * that a copy shares nothing with what it came from. One statement whatever the size, so
 * a copy costs the database's time only, never a round trip per row (decision 0044).
 */

/**
 * The blocks of the days in `day_map` (old_id → new_id) copied to the new days, groups
 * remapped per day. The source blocks are found through their days' index (`= any`),
 * never by scanning every program's blocks.
 */
const insertBlocks = sql`
    , source_blocks as materialized (
      select * from program_blocks where day_id = any(array(select old_id from day_map))
    ), group_map as materialized (
      select day_id, group_key, gen_random_uuid()::text as new_key
      from source_blocks
      where group_key is not null
      group by day_id, group_key
    )
    insert into program_blocks (id, day_id, position, exercise_id, group_key, group_kind, sets, reps_min, reps_max, duration_seconds, distance_meters, load_kind, load_value, rest_seconds, tempo, notes)
    select gen_random_uuid()::text, m.new_id, b.position, b.exercise_id, g.new_key, b.group_kind, b.sets, b.reps_min, b.reps_max, b.duration_seconds, b.distance_meters, b.load_kind, b.load_value, b.rest_seconds, b.tempo, b.notes
    from source_blocks b
    join day_map m on m.old_id = b.day_id
    left join group_map g on g.day_id = b.day_id and g.group_key = b.group_key`;

/**
 * Copies weeks of program `from` (all, or those in `weekIds`) with their days and blocks
 * into program `to` (which may be the same program), each at its position + `shift`.
 */
export async function copyWeeks(db: Db, copy: { from: string; to: string; weekIds?: readonly string[]; shift?: number }): Promise<void> {
  if (copy.weekIds?.length === 0) return;
  const chosen = copy.weekIds ? sql` and id in (${sql.join(copy.weekIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  await db.execute(sql`
    with week_map as materialized (
      select id as old_id, gen_random_uuid()::text as new_id, position + ${copy.shift ?? 0}::int as position
      from program_weeks where program_id = ${copy.from}${chosen}
    ), day_map as materialized (
      select d.id as old_id, gen_random_uuid()::text as new_id, w.new_id as week_id, d.day_index, d.title, d.notes
      from program_days d join week_map w on w.old_id = d.week_id
      where d.program_id = ${copy.from}
    ), new_weeks as (
      insert into program_weeks (id, program_id, position) select new_id, ${copy.to}, position from week_map
    ), new_days as (
      insert into program_days (id, program_id, week_id, day_index, title, notes) select new_id, ${copy.to}, week_id, day_index, title, notes from day_map
    )${insertBlocks}`);
}

/** Copies the exercises (and their groups) of day `from` into the empty day `to`. */
export async function copyDayBlocks(db: Db, copy: { from: string; to: string }): Promise<void> {
  await db.execute(sql`
    with day_map as (select ${copy.from}::text as old_id, ${copy.to}::text as new_id)${insertBlocks}`);
}
