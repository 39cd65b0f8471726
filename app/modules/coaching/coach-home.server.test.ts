/**
 * /coach's check-ins to review (coach-home.server.ts): the oldest first, and how many wait;
 * read in order off `check_ins_waiting_idx`, whatever the backlog.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { CHECK_INS_SHOWN, checkInsToReviewQuery, listCheckInsToReview } from "./coach-home.server";
import { explain } from "../../../tests/support/explain";

const coach = { id: "coach-home-trainer", role: "trainer" as const, email: "trainer@coach-home.test", weightUnit: "kg" as const };

describe("the check-ins to review", () => {
  it("lists the oldest ten of a long backlog, straight off the index, with the count", async () => {
    const members = Array.from({ length: 40 }, () => `coach-home-${randomUUID()}`);
    await getDb()
      .insert(user)
      .values(members.map((id, i) => ({ id, name: `Member ${i}`, email: `${id}@coach-home.test`, role: "member" })));
    // 40 members, 20 weeks each: 800 waiting, the oldest first; two of them submitted at the same instant.
    await getDb().execute(sql`insert into check_ins (id, user_id, week_of, sleep, energy, stress, hunger, nutrition_adherence, submitted_at)
      select 'ch-' || m.n || '-' || w, m.id, date '2026-01-04' + w * 7, 3, 3, 3, 3, 80, timestamptz '2026-01-05 09:00Z' + make_interval(days => w * 7, mins => m.n::int)
      from unnest(${`{${members.join(",")}}`}::text[]) with ordinality as m(id, n), generate_series(0, 19) w`);
    await getDb().execute(sql`update check_ins set submitted_at = timestamptz '2026-01-05 09:01Z' where id = 'ch-2-0'`);
    await getDb().execute(sql`analyze check_ins`);

    const plan = await explain(checkInsToReviewQuery());
    expect(plan).toContain("check_ins_waiting_idx");
    expect(plan).not.toMatch(/Sort/);

    const { items, total } = await listCheckInsToReview(coach);
    expect(total).toBe(800);
    expect(items).toHaveLength(CHECK_INS_SHOWN);
    // Oldest first; the tie by id.
    expect(items.slice(0, 3).map((c) => c.id)).toEqual(["ch-1-0", "ch-2-0", "ch-3-0"]);
    expect(items.every((c, i) => i === 0 || c.submittedAt >= items[i - 1]!.submittedAt)).toBe(true);
  });
});
