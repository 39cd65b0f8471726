/**
 * The counts the database keeps for 'Needs attention' (migration 0028, decision 0155): a
 * program day's `done` and its week's `day_count` and `days_done` follow every write of a
 * workout or a day, in the same statement, and always equal a recount from the rows.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { program, programDay, programWeek } from "~/db/schema/programs";
import { workout } from "~/db/schema/workouts";

async function member(): Promise<string> {
  const id = `kept-${randomUUID()}`;
  await getDb().insert(user).values({ id, name: "Kept Member", email: `${id}@example.com`, role: "member" });
  return id;
}

/** A copy of two weeks of three days each; the day ids per week. */
async function copy(memberId: string): Promise<{ programId: string; weekIds: string[]; days: string[][] }> {
  const programId = randomUUID();
  await getDb().insert(program).values({ id: programId, name: "Block", memberId, startDate: "2026-06-01" });
  const weekIds: string[] = [];
  const days: string[][] = [];
  for (const position of [0, 1]) {
    const weekId = randomUUID();
    await getDb().insert(programWeek).values({ id: weekId, programId, position });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await getDb()
      .insert(programDay)
      .values(ids.map((id, i) => ({ id, programId, weekId, dayIndex: i * 2, title: `Day ${i}` })));
    weekIds.push(weekId);
    days.push(ids);
  }
  return { programId, weekIds, days };
}

async function logWorkout(userId: string, programDayId: string | null, finished: boolean): Promise<string> {
  const id = randomUUID();
  await getDb()
    .insert(workout)
    .values({ id, userId, programDayId, title: "Workout", performedOn: "2026-06-01", finishedAt: finished ? new Date() : null });
  return id;
}

/** Each week's kept counts beside a recount from its days and their workouts. */
async function keptAndRecounted(programId: string) {
  const result = (await getDb().execute(sql`
    select w.position, w.day_count as "dayCount", w.days_done as "daysDone",
      (select count(*) from program_days d where d.week_id = w.id)::int as "recountDays",
      (select count(*) from program_days d where d.week_id = w.id and exists (
        select 1 from workouts x where x.program_day_id = d.id and x.user_id = ${sql`(select member_id from programs where id = ${programId})`} and x.finished_at is not null))::int as "recountDone",
      (select count(*) from program_days d where d.week_id = w.id and d.done)::int as "flagsDone"
    from program_weeks w where w.program_id = ${programId} order by w.position`)) as unknown as {
    rows: Array<{ position: number; dayCount: number; daysDone: number; recountDays: number; recountDone: number; flagsDone: number }>;
  };
  for (const row of result.rows) {
    expect(row.dayCount).toBe(row.recountDays);
    expect(row.daysDone).toBe(row.recountDone);
    expect(row.flagsDone).toBe(row.recountDone);
  }
  return result.rows.map((r) => [r.dayCount, r.daysDone]);
}

describe("the counts kept for 'Needs attention'", () => {
  it("follow finishing, reopening, moving and deleting workouts", async () => {
    const memberId = await member();
    const { programId, days } = await copy(memberId);
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 0],
      [3, 0],
    ]);

    // Started, not finished: not done; finished: done; a second finished workout of the same day counts once.
    const started = await logWorkout(memberId, days[0]![0]!, false);
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 0],
      [3, 0],
    ]);
    await getDb().update(workout).set({ finishedAt: new Date() }).where(eq(workout.id, started));
    const again = await logWorkout(memberId, days[0]![0]!, true);
    await logWorkout(memberId, days[1]![2]!, true);
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 1],
      [3, 1],
    ]);

    // Reopened, one of the two: still done; both: not done.
    await getDb().update(workout).set({ finishedAt: null }).where(eq(workout.id, started));
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 1],
      [3, 1],
    ]);
    await getDb().update(workout).set({ finishedAt: null }).where(eq(workout.id, again));
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 0],
      [3, 1],
    ]);

    // Moved to another day, and deleted.
    await getDb().update(workout).set({ finishedAt: new Date(), programDayId: days[0]![1]! }).where(eq(workout.id, again));
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 1],
      [3, 1],
    ]);
    await getDb().delete(workout).where(eq(workout.id, again));
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 0],
      [3, 1],
    ]);

    // Someone else's workout of the member's day (not the member's) is not theirs.
    const other = await member();
    await logWorkout(other, days[0]![2]!, true);
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 0],
      [3, 1],
    ]);
  });

  it("follow days added, moved and deleted, and a whole program deleted", async () => {
    const memberId = await member();
    const { programId, weekIds, days } = await copy(memberId);
    await logWorkout(memberId, days[1]![0]!, true);

    await getDb().insert(programDay).values({ id: randomUUID(), programId, weekId: weekIds[0]!, dayIndex: 6, title: "Extra" });
    expect(await keptAndRecounted(programId)).toEqual([
      [4, 0],
      [3, 1],
    ]);
    // The done day moved to the first week.
    await getDb().update(programDay).set({ weekId: weekIds[0]!, dayIndex: 5 }).where(eq(programDay.id, days[1]![0]!));
    expect(await keptAndRecounted(programId)).toEqual([
      [5, 1],
      [2, 0],
    ]);
    await getDb().delete(programDay).where(eq(programDay.id, days[1]![0]!));
    expect(await keptAndRecounted(programId)).toEqual([
      [4, 0],
      [2, 0],
    ]);

    await getDb().delete(program).where(eq(program.id, programId));
    expect(await keptAndRecounted(programId)).toEqual([]);
  });

  it("are written only by the database: a day inserted as done is recounted", async () => {
    const memberId = await member();
    const { programId, weekIds } = await copy(memberId);
    await getDb().insert(programDay).values({ id: randomUUID(), programId, weekId: weekIds[1]!, dayIndex: 6, title: "Copied", done: true });
    expect(await keptAndRecounted(programId)).toEqual([
      [3, 0],
      [4, 0],
    ]);
  });
});
