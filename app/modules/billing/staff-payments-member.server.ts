/**
 * One member's billing for staff (/coach/members/:memberId/billing): their plan, their
 * payments (50 a page, newest first) and the credits they hold, and what the acting person
 * may do about them (administrators: record a payment, refund, cancel; trainers: see).
 */
import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { can } from "~/auth/permissions";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { billingPayment, creditGrant, creditUse, memberPlan } from "~/db/schema/billing";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";
import { getBillingSettings } from "./billing-settings.server";
import { nextUnpaidPeriod } from "./manual-payments.server";
import { amountOf } from "./periods";
import { pageOfPayments } from "./staff-payments.server";

type Actor = Pick<SessionUser, "id" | "role">;

/** Credit grants shown: a member holds a few packs at a time. */
const CREDITS_SHOWN = 20;

export async function loadMemberBilling(actor: Actor, memberId: string, page: number, now = new Date()) {
  ensureCan(actor, "billing", "viewAny");
  const member = await requireMemberAccount(memberId);
  const db = getDb();
  const [{ timeZone }, { currency }, [plan], payments, credits] = await Promise.all([
    getSiteSettings(),
    getBillingSettings(),
    db
      .select()
      .from(memberPlan)
      .where(and(eq(memberPlan.memberId, member.id), ne(memberPlan.status, "ended"), ne(memberPlan.kind, "pack")))
      .limit(1),
    pageOfPayments(eq(billingPayment.memberId, member.id), page),
    db
      .select({ id: creditGrant.id, name: creditGrant.name, kind: creditGrant.kind, total: creditGrant.total, expiresAt: creditGrant.expiresAt, used: count(creditUse.id) })
      .from(creditGrant)
      .leftJoin(creditUse, and(eq(creditUse.grantId, creditGrant.id), isNull(creditUse.returnedAt)))
      .where(and(eq(creditGrant.memberId, member.id), eq(creditGrant.status, "active"), gt(creditGrant.expiresAt, now)))
      .groupBy(creditGrant.id)
      .orderBy(asc(creditGrant.expiresAt), desc(creditGrant.createdAt))
      .limit(CREDITS_SHOWN),
  ]);
  const next = plan ? nextUnpaidPeriod(plan, todayIn(timeZone, now)) : null;
  return {
    member: { id: member.id, name: member.name || member.email, email: member.email },
    currency,
    plan: plan
      ? {
          name: plan.name,
          kind: plan.kind,
          status: plan.status,
          method: plan.method,
          priceMinor: plan.priceMinor,
          currency: plan.currency,
          paidThrough: plan.paidThrough,
          endsOn: plan.endsOn,
          nextPeriod: next ? { ...next.period, amountMinor: amountOf(plan, next.index) } : null,
        }
      : null,
    payments,
    credits: credits.map((c) => ({ ...c, left: Math.max(0, c.total - c.used), expiresAt: c.expiresAt.toISOString() })),
    can: { record: can(actor.role, "billing", "recordPayment"), refund: can(actor.role, "billing", "refund"), cancel: can(actor.role, "billing", "cancelAny") },
    /** The keys of this page's forms: a second tap of the same form is recognised and refused. */
    formKey: crypto.randomUUID(),
    timeZone,
  };
}
export type MemberBilling = Awaited<ReturnType<typeof loadMemberBilling>>;
