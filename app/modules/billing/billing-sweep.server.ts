/**
 * The daily billing sweep (decision 0136): a plan unpaid past the grace period pauses (the
 * member e-mailed once), a plan past the end of its paid period after 'Cancel' or past its
 * term's last week ends, and an active plan whose program template was never assigned (a
 * manual payment started it) gets it. Packs need nothing: their credits expire by date.
 * Each plan is changed in its own short transaction under its locks, rechecked there, so
 * a payment confirmed meanwhile wins.
 */
import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { memberPlan } from "~/db/schema/billing";
import { programAssignment } from "~/db/schema/programs";
import { defineRecurringJob, enqueueJob, everyDayAt } from "~/lib/jobs.server";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { getBillingSettings } from "./billing-settings.server";
import { assignPlanProgram, planAssignmentId } from "./events-plan-program.server";
import { planPausedMailJob } from "./failed-payment-mails.server";
import { lockPlan, type PlanRow } from "./payment-events-rows.server";

export interface SweepResult {
  paused: string[];
  ended: string[];
  programsAssigned: string[];
}

/** A plan's last day: the end of its paid period after 'Cancel', or the last day of its term. */
function lastDay(plan: PlanRow): string | null {
  if (plan.endsOn) return plan.endsOn;
  if (plan.kind !== "term" || !plan.startsOn || !plan.termWeeks) return null;
  const end = new Date(`${plan.startsOn}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + plan.termWeeks * 7 - 1);
  return end.toISOString().slice(0, 10);
}

const LIVE = ["active", "past_due", "paused"] as const;

export async function sweepBilling(now: Date): Promise<SweepResult> {
  const db = getDb();
  const { graceDays } = await getBillingSettings();
  const today = todayIn((await getSiteSettings()).timeZone, now);
  const graceStart = new Date(now.getTime() - graceDays * 86_400_000);
  const result: SweepResult = { paused: [], ended: [], programsAssigned: [] };

  const endingSoon = await db
    .select({ id: memberPlan.id })
    .from(memberPlan)
    .where(
      and(
        inArray(memberPlan.status, [...LIVE]),
        sql`(${memberPlan.endsOn} < ${today}::date or (${memberPlan.kind} = 'term' and ${memberPlan.startsOn} + ${memberPlan.termWeeks} * 7 <= ${today}::date))`,
      ),
    );
  for (const { id } of endingSoon) {
    const ended = await db.transaction(async (tx) => {
      const plan = await lockPlan(tx, id);
      const last = plan && (LIVE as readonly string[]).includes(plan.status) ? lastDay(plan) : null;
      if (!last || last >= today) return false;
      await tx.update(memberPlan).set({ status: "ended", endedAt: now, updatedAt: now }).where(eq(memberPlan.id, id));
      return true;
    });
    if (ended) result.ended.push(id);
  }

  const overdue = await db
    .select({ id: memberPlan.id })
    .from(memberPlan)
    .where(and(eq(memberPlan.status, "past_due"), lt(memberPlan.unpaidSince, graceStart)));
  for (const { id } of overdue) {
    const paused = await db.transaction(async (tx) => {
      const plan = await lockPlan(tx, id);
      if (plan?.status !== "past_due" || !plan.unpaidSince || plan.unpaidSince >= graceStart) return false;
      await tx.update(memberPlan).set({ status: "paused", updatedAt: now }).where(eq(memberPlan.id, id));
      await enqueueJob(tx, planPausedMailJob, { planId: id }, { key: `billing-paused:${id}:${plan.unpaidSince.toISOString()}` });
      return true;
    });
    if (paused) result.paused.push(id);
  }

  const unassigned = await db
    .select({ id: memberPlan.id })
    .from(memberPlan)
    .leftJoin(programAssignment, eq(programAssignment.id, sql`${planAssignmentId("")} || ${memberPlan.id}`))
    .where(and(eq(memberPlan.status, "active"), isNotNull(memberPlan.programTemplateId), sql`${programAssignment.id} is null`));
  for (const { id } of unassigned) {
    if (await db.transaction((tx) => assignPlanProgram(tx, id, now))) result.programsAssigned.push(id);
  }
  return result;
}

export const billingSweepJob = defineRecurringJob({
  kind: "billing.sweep",
  repeat: everyDayAt(4, 15),
  run: async (_payload, { now }) => {
    await sweepBilling(now);
  },
});
