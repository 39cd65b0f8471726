/**
 * An administrator cancels a member's plan: at the end of the paid period (as the member's
 * own 'Cancel' does) or now. The plan changes under the member's row lock; the provider's
 * subscription is cancelled after, outside the transaction, so nothing more is charged.
 */
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { memberPlan } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { getLogger } from "~/lib/logger.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

const cancelSchema = z.object({ when: z.enum(["period_end", "now"], "Please choose when the plan ends") });

export interface CancelResult {
  planName: string;
  memberName: string;
  /** The last day of the plan (null: ended now). */
  endsOn: string | null;
  /** False when the provider's subscription could not be cancelled: staff must cancel it at GoCardless. */
  providerCancelled: boolean;
}

export async function cancelMemberPlan(actor: Actor, memberId: string, input: unknown, now = new Date()): Promise<CancelResult> {
  ensureCan(actor, "billing", "cancelAny");
  const { when } = cancelSchema.parse(input);
  const member = await requireMemberAccount(memberId);
  const today = todayIn((await getSiteSettings()).timeZone, now);
  const plan = await getDb().transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, member.id)).for("no key update");
    const [live] = await tx
      .select()
      .from(memberPlan)
      .where(and(eq(memberPlan.memberId, member.id), ne(memberPlan.status, "ended"), ne(memberPlan.kind, "pack")))
      .for("update");
    if (!live) throw new AppError(404, "The member has no plan to cancel.");
    // Nothing paid yet, or asked to: it ends today. Otherwise after the last paid day.
    const endNow = when === "now" || !live.paidThrough || live.paidThrough < today;
    const endsOn = endNow ? null : live.paidThrough;
    await tx
      .update(memberPlan)
      .set(endNow ? { status: "ended", endsOn: today, endedAt: now, cancelRequestedAt: now, updatedAt: now } : { endsOn, cancelRequestedAt: live.cancelRequestedAt ?? now, updatedAt: now })
      .where(eq(memberPlan.id, live.id));
    await recordAudit(
      { action: "plan.cancelled", actor, target: { type: "user", id: member.id }, summary: `Cancelled ${live.name} for ${member.name || member.email}${endsOn ? ` from ${endsOn}` : ", ending now"}` },
      tx,
    );
    return { ...live, endsOn };
  });
  let providerCancelled = true;
  const provider = getPaymentProvider();
  if (plan.providerSubscriptionId && provider) {
    try {
      await provider.cancelSubscription(plan.providerSubscriptionId);
    } catch (error) {
      // Already cancelled or finished at the provider: nothing more will be charged either way.
      const state = await provider.getSubscription(plan.providerSubscriptionId).then(
        (s) => s.state,
        () => null,
      );
      providerCancelled = state === "cancelled" || state === "finished";
      if (!providerCancelled) getLogger().error({ planId: plan.id, err: error instanceof Error ? error.message : String(error) }, "could not cancel the provider subscription");
    }
  } else if (plan.providerSubscriptionId) {
    providerCancelled = false;
  }
  return { planName: plan.name, memberName: member.name || member.email, endsOn: plan.endsOn, providerCancelled };
}
