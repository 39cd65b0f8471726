import crypto from "node:crypto";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingPayment, billingReceipt, memberPlan } from "~/db/schema/billing";

/** Shared by the staff billing tests (receipts, payments list, manual payments, refunds): people and rows as other slices make them. */

let sequence = 0;
export type Person = { id: string; role: "member" | "trainer" | "admin"; name: string; email: string; weightUnit: "kg" };

export async function newPerson(role: Person["role"] = "member", name?: string): Promise<Person> {
  sequence += 1;
  const person = { id: `books-${role}-${sequence}`, role, name: name ?? `${role} ${sequence}`, email: `books-${role}-${sequence}@example.com`, weightUnit: "kg" as const };
  await getDb().insert(user).values({ id: person.id, name: person.name, email: person.email, role });
  return person;
}

export async function insertPlan(memberId: string, values: Partial<typeof memberPlan.$inferInsert> = {}) {
  const [plan] = await getDb()
    .insert(memberPlan)
    .values({
      id: crypto.randomUUID(),
      memberId,
      productId: "prod_online_coaching",
      name: "Online Coaching",
      kind: "subscription",
      priceMinor: 3500,
      currency: "GBP",
      intervalUnit: "week",
      intervalCount: 1,
      method: "manual",
      status: "active",
      ...values,
    })
    .returning();
  return plan!;
}

export async function insertPayment(memberId: string | null, values: Partial<typeof billingPayment.$inferInsert> = {}) {
  const [payment] = await getDb()
    .insert(billingPayment)
    .values({ id: crypto.randomUUID(), memberId, description: "Online Coaching", amountMinor: 3500, currency: "GBP", method: "direct_debit", status: "confirmed", ...values })
    .returning();
  return payment!;
}

let receiptNumber = 1000;
export async function insertReceipt(values: Partial<typeof billingReceipt.$inferInsert> = {}) {
  receiptNumber += 1;
  const [receipt] = await getDb()
    .insert(billingReceipt)
    .values({
      id: crypto.randomUUID(),
      number: receiptNumber,
      payerName: "Grace Hopper",
      payerEmail: "grace@example.com",
      description: "Online Coaching, week of 7 December",
      amountMinor: 3500,
      currency: "GBP",
      businessName: "Relentless Fitness",
      businessAddress: "12 High Street\nLeeds LS1 1AA",
      paidOn: "2026-12-06",
      ...values,
    })
    .returning();
  return receipt!;
}
