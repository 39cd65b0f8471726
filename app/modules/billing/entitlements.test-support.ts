/**
 * Plans, credit grants and billing settings for the credit tests, inserted directly as a
 * confirmed payment would leave them (settling payments is the settlement module's work).
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { creditGrant, creditUse, memberPlan, type CreditKind, type PlanStatus } from "~/db/schema/billing";
import { classBooking, groupClass } from "~/db/schema/classes";
import { job } from "~/db/schema/jobs";
import { siteSetting } from "~/db/schema/settings";
import { BILLING_SETTINGS_KEY } from "./billing-settings.server";
import type { BillingSettings } from "./billing-settings.schema";

const DAY = 86_400_000;

export interface PlanSpec {
  status?: PlanStatus;
  classAccess?: "none" | "unlimited" | "limited";
  classesPerWeek?: number;
  sessionsPerWeek?: number;
  endsOn?: string;
}

/** A weekly subscription the member holds (active unless said). */
export async function givePlan(memberId: string, spec: PlanSpec = {}, db: Db = getDb()): Promise<string> {
  const id = `test-plan-${randomUUID()}`;
  await db.insert(memberPlan).values({
    id,
    memberId,
    name: "Test package",
    kind: "subscription",
    priceMinor: 4200,
    currency: "GBP",
    intervalUnit: "week",
    intervalCount: 1,
    classAccess: spec.classAccess ?? "none",
    classesPerWeek: spec.classesPerWeek ?? 0,
    sessionsPerWeek: spec.sessionsPerWeek ?? 0,
    method: "manual",
    status: spec.status ?? "active",
    startsOn: "2030-01-01",
    paidThrough: "2030-12-31",
    endsOn: spec.endsOn ?? null,
  });
  return id;
}

export interface GrantSpec {
  kind?: CreditKind;
  total?: number;
  /** Default: 60 days after `now`. */
  expiresAt?: Date;
  status?: "pending" | "active" | "void";
  /** The payment that bought the pack (its refunds decide the credits, decision 0187). */
  paymentId?: string;
  now?: Date;
}

/** A pack's credits (active unless said). */
export async function giveCredits(memberId: string, spec: GrantSpec = {}, db: Db = getDb()): Promise<string> {
  const id = `test-grant-${randomUUID()}`;
  const now = spec.now ?? new Date();
  await db.insert(creditGrant).values({
    id,
    memberId,
    kind: spec.kind ?? "class",
    name: "Test pack",
    total: spec.total ?? 1,
    status: spec.status ?? "active",
    paymentId: spec.paymentId ?? null,
    expiresAt: spec.expiresAt ?? new Date(now.getTime() + 60 * DAY),
    createdAt: now,
  });
  return id;
}

/** The billing settings row, with these changes from the defaults. */
export async function setBillingSettings(changes: Partial<BillingSettings>, db: Db = getDb()): Promise<void> {
  await db
    .insert(siteSetting)
    .values({ key: BILLING_SETTINGS_KEY, value: changes })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value: changes } });
}

/** Empties what the credit tests make (jobs, credits, plans, classes, the billing settings) before each test. */
export async function clearCreditRows(db: Db = getDb()): Promise<void> {
  await db.delete(job);
  await db.delete(creditUse);
  await db.delete(creditGrant);
  await db.delete(memberPlan);
  await db.delete(classBooking);
  await db.delete(groupClass);
  await db.delete(siteSetting).where(eq(siteSetting.key, BILLING_SETTINGS_KEY));
}

/** Credits of the grant not given back. */
export async function usesOf(grantId: string, db: Db = getDb()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creditUse)
    .where(and(eq(creditUse.grantId, grantId), isNull(creditUse.returnedAt)));
  return row?.n ?? 0;
}

/** Every credit use of the member, returned or not. */
export function creditUsesOf(memberId: string, db: Db = getDb()) {
  return db.select().from(creditUse).where(eq(creditUse.memberId, memberId));
}
