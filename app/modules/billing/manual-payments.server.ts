/**
 * A payment staff record by hand (cash, bank transfer, other): confirmed at once through
 * settlement's `confirmPayment`, so the plan, credits and receipt follow as for a direct
 * debit. For the member's plan it pays the next unpaid period; otherwise it is a plain
 * payment with its own description. The form carries a key made when it was shown: the
 * payment's id, so a second tap or a resent form records nothing twice.
 */
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingPayment, memberPlan } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { addDays, todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";
import { getBillingSettings } from "./billing-settings.server";
import { formatMoney, readMoney } from "./money";
import { amountOf, periodOf, type Period } from "./periods";
import { confirmPayment } from "./settlement.server";
import { firstPeriodFrom } from "./staff-payments-figures.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

export const manualMethods = ["cash", "bank_transfer", "other"] as const;

const recordSchema = z.object({
  key: z.uuid("This form has expired. Please reload the page."),
  method: z.enum(manualMethods, "Please choose how it was paid"),
  amount: z.unknown(),
  for: z.enum(["plan", "other"]).catch("other"),
  description: z.string().trim().max(200, "Description must be at most 200 characters").catch(""),
});

/** Plans whose next period staff may take a payment for: unpaid ones, and a manual plan paying its next period. */
const payableStatuses = new Set(["pending", "past_due", "paused"]);

export interface RecordedPayment {
  paymentId: string;
  memberName: string;
  amountText: string;
  planStarted: boolean;
}

/** The next period the plan has not been paid for, or null when a term is paid in full. */
export function nextUnpaidPeriod(plan: typeof memberPlan.$inferSelect, today: string): { index: number; period: Period; startsOn: string } | null {
  const startsOn = plan.startsOn ?? today;
  const index = plan.paidThrough ? firstPeriodFrom(plan, startsOn, addDays(plan.paidThrough, 1)) : 0;
  const period = periodOf(plan, startsOn, index);
  return period ? { index, period, startsOn } : null;
}

export async function recordManualPayment(actor: Actor, memberId: string, input: unknown, now = new Date()): Promise<RecordedPayment> {
  ensureCan(actor, "billing", "recordPayment");
  const parsed = recordSchema.safeParse(input);
  const amount = readMoney(parsed.success ? parsed.data.amount : (input as { amount?: unknown } | null)?.amount, "Amount");
  if (!parsed.success || amount.problem) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    if (amount.problem) fieldErrors.amount = amount.problem;
    throw new AppError(fieldErrors.key ? 409 : 400, fieldErrors.key ?? "", { fieldErrors });
  }
  const form = parsed.data;
  const minor = amount.minor!;
  if (form.for === "other" && form.description === "") throw new AppError(400, "", { fieldErrors: { description: "Please say what the payment is for" } });
  const member = await requireMemberAccount(memberId);
  const [{ timeZone }, { currency }] = await Promise.all([getSiteSettings(), getBillingSettings()]);
  const today = todayIn(timeZone, now);

  const result = await getDb().transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, member.id)).for("no key update");
    const [taken] = await tx.select({ id: billingPayment.id }).from(billingPayment).where(eq(billingPayment.id, form.key));
    if (taken) throw new AppError(409, "This payment is already recorded.");
    let values: Pick<typeof billingPayment.$inferInsert, "planId" | "description" | "periodStart" | "periodEnd"> = { planId: null, description: form.description, periodStart: null, periodEnd: null };
    if (form.for === "plan") {
      const [plan] = await tx
        .select()
        .from(memberPlan)
        .where(and(eq(memberPlan.memberId, member.id), ne(memberPlan.status, "ended"), ne(memberPlan.kind, "pack")))
        .for("update");
      if (!plan) throw new AppError(409, "The member has no plan to pay for. Record it as another payment.");
      if (!payableStatuses.has(plan.status) && plan.method !== "manual") throw new AppError(409, `${plan.name} is paid by direct debit and is up to date.`);
      const next = nextUnpaidPeriod(plan, today);
      if (!next) throw new AppError(409, `${plan.name} is paid in full.`);
      if (!plan.startsOn) await tx.update(memberPlan).set({ startsOn: next.startsOn, updatedAt: now }).where(eq(memberPlan.id, plan.id));
      const expected = amountOf(plan, next.index);
      if (minor !== expected) throw new AppError(400, "", { fieldErrors: { amount: `${plan.name}'s next period costs ${formatMoney(expected, currency)}` } });
      values = { planId: plan.id, description: `${plan.name}, ${next.period.start} to ${next.period.end}`, periodStart: next.period.start, periodEnd: next.period.end };
    }
    await tx.insert(billingPayment).values({
      id: form.key,
      memberId: member.id,
      ...values,
      amountMinor: minor,
      currency,
      method: form.method,
      status: "pending",
      chargeDate: today,
      recordedById: actor.id,
    });
    const settled = await confirmPayment(tx, form.key, now);
    await recordAudit({ action: "payment.recorded", actor, target: { type: "user", id: member.id }, summary: `Recorded a payment of ${formatMoney(minor, currency)} from ${member.name || member.email}` }, tx);
    return settled;
  });
  return { paymentId: form.key, memberName: member.name || member.email, amountText: formatMoney(minor, currency), planStarted: result.planStarted };
}
