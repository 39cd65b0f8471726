import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { progressEntry } from "~/db/schema/progress";
import { getProgressOverview } from "./progress-overview.server";
import { goalsQuery, latestEntriesQuery, seriesQuery } from "./progress-queries.server";
import { newUser, type Member } from "./progress-test-support";
import { bodyKinds, measurementSites } from "./progress.schema";
import { explain } from "../../../tests/support/explain";

let a: Member;
let b: Member;

beforeEach(async () => {
  a = await newUser();
  b = await newUser();
});

// Lifts are set logs: their reads are checked in app/modules/workouts/lift-history.server.test.ts.
describe("every overview read of progress_entries is a range scan on (user, kind, date)", () => {
  it("uses the index for latest entries, chart series and the snapshot", async () => {
    // Realistic volume: a few years of daily weights for several members, then statistics.
    const db = getDb();
    const members = [a, b, ...(await Promise.all([newUser(), newUser(), newUser()]))];
    for (const m of members) {
      await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value)
        select ${m.id} || '-w-' || g, ${m.id}, 'weight', date '2020-01-01' + g, 80 + (g % 7) from generate_series(0, 1500) g`);
      await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value)
        select ${m.id} || '-c-' || g, ${m.id}, 'chest', date '2020-01-01' + g * 7, 100 from generate_series(0, 200) g`);
    }
    await db.execute(sql`analyze progress_entries`);

    const kinds = [...bodyKinds, ...measurementSites];
    const plans = {
      latest: await explain(latestEntriesQuery(a.id, kinds, 5)),
      series: await explain(seriesQuery(a.id, kinds, "2023-06-01")),
      seriesAll: await explain(seriesQuery(a.id, kinds, null)),
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).toContain("progress_entries_user_kind_date_idx");
      expect(plan, name).not.toMatch(/Seq Scan on progress_entries/);
    }
    // The last entries per kind come straight off the index: no sort of the member's history.
    expect(plans.latest).toMatch(/Index Scan using progress_entries_user_kind_date_idx/);
    expect(plans.latest).not.toMatch(/Sort/);
    // Goals: a few rows per member, read through their own (user, created_at) index.
    await db.execute(sql`insert into fitness_goals (id, user_id, title, description)
      select 'g-' || g, ${b.id}, 't', 'd' from generate_series(1, 2000) g`);
    await db.execute(sql`analyze fitness_goals`);
    expect(await explain(goalsQuery(a.id))).toContain("fitness_goals_user_idx");

    // And the module answers from that data.
    const overview = await getProgressOverview(a, { range: "all" });
    expect(overview.body.weight).toHaveLength(4);
    expect(overview.charts.body.find((s) => s.kind === "weight")!.points).toHaveLength(1501);
    expect(await getDb().select().from(progressEntry).where(and(eq(progressEntry.userId, a.id), eq(progressEntry.kind, "weight")))).toHaveLength(1501);
  });
});
