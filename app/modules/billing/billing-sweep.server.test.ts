/**
 * The daily billing sweep (decision 0136): past due beyond the grace period pauses once,
 * with one e-mail; past the end of the paid period or of the term ends; a plan's program
 * template is assigned once when it is active.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { memberPlan } from "~/db/schema/billing";
import { job } from "~/db/schema/jobs";
import { program, programAssignment } from "~/db/schema/programs";
import { runDueJobs } from "~/jobs.server";
import { outboxMails } from "../../../tests/support/outbox";
import { sweepBilling } from "./billing-sweep.server";
import { planAssignmentId } from "./events-plan-program.server";

// Wednesday 10 June 2026, noon in London: the site's today is 2026-06-10; the grace period is 7 days.
const NOW = new Date("2026-06-10T11:00:00Z");
const DAY = 86_400_000;

async function planFor(name: string, fields: Partial<typeof memberPlan.$inferInsert>): Promise<{ planId: string; email: string }> {
  const memberId = `sweep-${crypto.randomUUID()}`;
  const email = `${memberId}@example.com`;
  await getDb().insert(user).values({ id: memberId, name, email, role: "member" });
  const planId = crypto.randomUUID();
  await getDb()
    .insert(memberPlan)
    .values({ id: planId, memberId, name: "Online Coaching", kind: "subscription", priceMinor: 3500, currency: "GBP", intervalUnit: "week", intervalCount: 1, method: "direct_debit", status: "active", startsOn: "2026-05-01", ...fields });
  return { planId, email };
}

const statusOf = async (planId: string) => (await getDb().select({ status: memberPlan.status }).from(memberPlan).where(eq(memberPlan.id, planId)))[0]!.status;

let templateId: string;

beforeAll(async () => {
  templateId = crypto.randomUUID();
  await getDb().insert(program).values({ id: templateId, name: "12-week strength", isTemplate: true });
});

describe("the daily billing sweep", () => {
  it("pauses a plan unpaid past the grace period, once, and tells the member how to resume; one within it stays past due", async () => {
    const late = await planFor("Late Payer", { status: "past_due", unpaidSince: new Date(NOW.getTime() - 8 * DAY) });
    const recent = await planFor("Recent Failure", { status: "past_due", unpaidSince: new Date(NOW.getTime() - 6 * DAY) });
    const first = await sweepBilling(NOW);
    expect(first.paused).toEqual([late.planId]);
    expect(await statusOf(late.planId)).toBe("paused");
    expect(await statusOf(recent.planId)).toBe("past_due");
    expect((await sweepBilling(new Date(NOW.getTime() + 2 * DAY))).paused).toEqual([recent.planId]);
    expect((await sweepBilling(new Date(NOW.getTime() + 3 * DAY))).paused).toEqual([]);
    await runDueJobs();
    const mails = outboxMails().filter((m) => m.includes(`To: ${late.email}`) && m.includes("is paused"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("is paused");
    expect(mails[0]).toContain("http://localhost:3000/members/billing");
  });

  it("ends a plan past the end of its paid period and a term past its last week, not one still running", async () => {
    const cancelled = await planFor("Cancelled Member", { endsOn: "2026-06-09", paidThrough: "2026-06-09" });
    const lastDay = await planFor("Last Day", { endsOn: "2026-06-10", paidThrough: "2026-06-10" });
    const term = await planFor("Term Member", { kind: "term", intervalUnit: null, intervalCount: null, termWeeks: 4, instalments: 1, startsOn: "2026-05-12" });
    const running = await planFor("Term Running", { kind: "term", intervalUnit: null, intervalCount: null, termWeeks: 4, instalments: 1, startsOn: "2026-05-14" });
    const { ended } = await sweepBilling(NOW);
    expect(ended.sort()).toEqual([cancelled.planId, term.planId].sort());
    expect(await statusOf(lastDay.planId)).toBe("active");
    expect(await statusOf(running.planId)).toBe("active");
    expect((await getDb().select({ endedAt: memberPlan.endedAt }).from(memberPlan).where(eq(memberPlan.id, cancelled.planId)))[0]!.endedAt).toEqual(NOW);
  });

  it("assigns an active plan's program template to its member once", async () => {
    const coached = await planFor("Coached Member", { programTemplateId: templateId });
    const pending = await planFor("Pending Member", { programTemplateId: templateId, status: "pending" });
    expect((await sweepBilling(NOW)).programsAssigned).toEqual([coached.planId]);
    expect((await sweepBilling(NOW)).programsAssigned).toEqual([]);
    const [assignment] = await getDb().select().from(programAssignment).where(eq(programAssignment.id, planAssignmentId(coached.planId)));
    expect(assignment).toMatchObject({ sourceId: templateId, memberCount: 1 });
    expect(await getDb().select().from(job).where(eq(job.key, `programs.assign-copy:${planAssignmentId(coached.planId)}:${(await getDb().select().from(memberPlan).where(eq(memberPlan.id, coached.planId)))[0]!.memberId}`))).toHaveLength(1);
    expect(await getDb().select().from(programAssignment).where(eq(programAssignment.id, planAssignmentId(pending.planId)))).toEqual([]);
  });
});
