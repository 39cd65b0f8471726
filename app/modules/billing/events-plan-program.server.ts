/**
 * A plan that includes a program template gives the member their copy when the plan first
 * becomes active, through the programs module's own assignment (its copy job and e-mail).
 * The assignment's id is made from the plan's, so it is made once however many times a
 * plan starts or the daily sweep looks.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { memberPlan } from "~/db/schema/billing";
import { programAssignment } from "~/db/schema/programs";
import { enqueueJob } from "~/lib/jobs.server";
import { assignCopyJob } from "~/modules/programs/program-assignment.server";

export const planAssignmentId = (planId: string) => `plan:${planId}`;

/** Assigns the plan's program template to its member, from the plan's start (today when none). Does nothing twice. */
export async function assignPlanProgram(tx: Db, planId: string, now: Date): Promise<boolean> {
  const [plan] = await tx
    .select({ memberId: memberPlan.memberId, templateId: memberPlan.programTemplateId, startsOn: memberPlan.startsOn })
    .from(memberPlan)
    .where(eq(memberPlan.id, planId));
  if (!plan?.memberId || !plan.templateId) return false;
  const id = planAssignmentId(planId);
  const [added] = await tx
    .insert(programAssignment)
    .values({ id, sourceId: plan.templateId, startDate: plan.startsOn ?? now.toISOString().slice(0, 10), memberCount: 1, createdById: null, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: programAssignment.id });
  if (!added) return false;
  await enqueueJob(tx, assignCopyJob, { assignmentId: id, memberId: plan.memberId }, { key: `${assignCopyJob.kind}:${id}:${plan.memberId}` });
  return true;
}
