import crypto from "node:crypto";
import type { Db } from "~/db/client.server";
import { programBlock, programDay, programWeek } from "~/db/schema/programs";
import type { WeekView } from "./program-read.server";

/**
 * Writes copies of `weeks` (as loadProgram read them) into program `programId`, each at
 * the position `positionOf` gives it: new ids throughout, and new group keys, so that a
 * copy shares nothing with what it came from. Three inserts for any program a coach
 * writes (a statement takes at most 2000 rows).
 */
export async function copyWeeks(db: Db, programId: string, weeks: readonly WeekView[], positionOf: (week: WeekView) => number): Promise<void> {
  if (weeks.length === 0) return;
  const groupKeys = new Map<string, string>();
  const newGroupKey = (key: string) => {
    let fresh = groupKeys.get(key);
    if (!fresh) groupKeys.set(key, (fresh = crypto.randomUUID()));
    return fresh;
  };
  const weekRows: Array<typeof programWeek.$inferInsert> = [];
  const dayRows: Array<typeof programDay.$inferInsert> = [];
  const blockRows: Array<typeof programBlock.$inferInsert> = [];
  for (const week of weeks) {
    const weekId = crypto.randomUUID();
    weekRows.push({ id: weekId, programId, position: positionOf(week) });
    for (const day of week.days) {
      const dayId = crypto.randomUUID();
      dayRows.push({ id: dayId, programId, weekId, dayIndex: day.dayIndex, title: day.title, notes: day.notes });
      for (const block of day.blocks) {
        blockRows.push({
          id: crypto.randomUUID(),
          dayId,
          position: block.position,
          exerciseId: block.exerciseId,
          groupKey: block.groupKey ? newGroupKey(block.groupKey) : null,
          groupKind: block.groupKind,
          sets: block.sets,
          repsMin: block.repsMin,
          repsMax: block.repsMax,
          durationSeconds: block.durationSeconds,
          distanceMeters: block.distanceMeters,
          loadKind: block.loadKind,
          loadValue: block.loadValue,
          restSeconds: block.restSeconds,
          tempo: block.tempo,
          notes: block.notes,
        });
      }
    }
  }
  for (const rows of chunks(weekRows)) await db.insert(programWeek).values(rows);
  for (const rows of chunks(dayRows)) await db.insert(programDay).values(rows);
  for (const rows of chunks(blockRows)) await db.insert(programBlock).values(rows);
}

/** Rows in slices small enough for one statement's parameters (PostgreSQL allows 65535). */
function chunks<T>(rows: readonly T[], size = 2000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
