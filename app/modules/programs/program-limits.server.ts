import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { MAX_BLOCKS_PER_DAY, MAX_BLOCKS_PER_PROGRAM, MAX_WEEKS } from "./program-sizes";

export const TOO_MANY_WEEKS = `A program has at most ${MAX_WEEKS} weeks.`;
export const TOO_MANY_BLOCKS = `A day has at most ${MAX_BLOCKS_PER_DAY} exercises.`;
export const TOO_MANY_PROGRAM_BLOCKS = `A program has at most ${MAX_BLOCKS_PER_PROGRAM} exercises in all.`;

interface ProgramSize {
  /** Weeks a member's calendar spans: the last week's position + 1 (a copy's removed week leaves a gap). */
  weeks: number;
  blocks: number;
  largestDay: number;
}

async function sizeOf(db: Db, programId: string): Promise<ProgramSize> {
  const result = await db.execute(sql`
    with per_day as (
      -- Through the days' index (= any): a join here was planned as a scan of every program's exercises.
      select count(*)::int as n
      from program_blocks
      where day_id = any(array(select id from program_days where program_id = ${programId}))
      group by day_id
    )
    select
      (select coalesce(max(position) + 1, 0)::int from program_weeks where program_id = ${programId}) as weeks,
      (select coalesce(sum(n), 0)::int from per_day) as blocks,
      (select coalesce(max(n), 0)::int from per_day) as largest_day`);
  const row = (result as unknown as { rows: Array<{ weeks: number; blocks: number; largest_day: number }> }).rows[0]!;
  return { weeks: Number(row.weeks), blocks: Number(row.blocks), largestDay: Number(row.largest_day) };
}

/**
 * The one check of a program's size (decision 0044), for every door that grows one: the
 * builder's additions and duplications run it on the changed program before their
 * transaction commits, and the copies (templates, programs started from them, members'
 * copies, updates from a template) on what they write. Refusing throws, so the
 * transaction rolls back and nothing changes.
 */
export async function ensureWithinLimits(db: Db, programId: string): Promise<void> {
  const size = await sizeOf(db, programId);
  if (size.weeks > MAX_WEEKS) throw new AppError(409, TOO_MANY_WEEKS);
  if (size.largestDay > MAX_BLOCKS_PER_DAY) throw new AppError(409, TOO_MANY_BLOCKS);
  if (size.blocks > MAX_BLOCKS_PER_PROGRAM) throw new AppError(409, TOO_MANY_PROGRAM_BLOCKS);
}
