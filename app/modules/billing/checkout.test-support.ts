/**
 * For the billing tests: a GoCardless stand-in the app's configuration points at (the real
 * client talks to it), members inserted directly, and the hosted page completed as a payer would.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingCheckout, billingMandate, billingPayment, creditGrant, memberPlan } from "~/db/schema/billing";
import { resetEnv } from "~/lib/env.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "../../../tests/support/gocardless-stand-in/server";

const TOKEN = "sandbox_member_billing_token_0123";
const SECRET = "member-billing-webhook-secret";

export type Member = { id: string; role: "member" | "trainer" | "admin"; email: string; name: string };

/** Starts a stand-in and turns direct debit on for this process (webhooks are not delivered). */
export async function directDebitOn(): Promise<GoCardlessStandIn> {
  const standIn = await startGoCardlessStandIn({ accessToken: TOKEN, webhookDelivery: "manual" });
  pointAt(standIn.url);
  return standIn;
}

/** The configuration pointed at `url` (a stand-in, or an address nothing answers). */
export function pointAt(url: string): void {
  Object.assign(process.env, { GOCARDLESS_ACCESS_TOKEN: TOKEN, GOCARDLESS_WEBHOOK_SECRET: SECRET, GOCARDLESS_API_URL: url });
  resetEnv();
}

/** Direct debit off: manual payments only. */
export function directDebitOff(): void {
  delete process.env.GOCARDLESS_ACCESS_TOKEN;
  delete process.env.GOCARDLESS_WEBHOOK_SECRET;
  delete process.env.GOCARDLESS_API_URL;
  resetEnv();
}

let sequence = 0;

export async function newMember(role: Member["role"] = "member"): Promise<Member> {
  sequence += 1;
  const id = `billing-${role}-${sequence}-${randomUUID().slice(0, 8)}`;
  const member = { id, role, email: `${id}@example.com`, name: `Grace Hopper${sequence}` };
  await getDb().insert(user).values(member);
  return member;
}

/** The payer fills in the stand-in's hosted page and submits it; answers where it sent them. */
export async function completeHostedPage(url: string): Promise<string | null> {
  const form = new URLSearchParams({
    given_name: "Grace",
    family_name: "Hopper",
    email: "grace@example.com",
    account_holder_name: "Grace Hopper",
    branch_code: "200000",
    account_number: "55779911",
  });
  const answer = await fetch(url, { method: "POST", body: form, redirect: "manual" });
  return answer.headers.get("location");
}

/** A mandate the member set up earlier, active at the stand-in and saved as the events processor would. */
export async function activeMandateFor(standIn: GoCardlessStandIn, member: Member): Promise<string> {
  const started = await getPaymentProvider()!.startMandateWithFirstPayment({
    idempotencyKey: `mandate-${member.id}`,
    currency: "GBP",
    description: "Direct Debit",
    payer: { email: member.email },
    returnUrl: "http://localhost:3000/members/billing",
  });
  await completeHostedPage(started.redirectUrl);
  const mandate = [...standIn.state.mandates.values()].at(-1)!;
  standIn.runScenario("mandate_activated", mandate.id);
  const id = randomUUID();
  await getDb().insert(billingMandate).values({ id, memberId: member.id, provider: "gocardless", providerMandateId: mandate.id, status: "active" });
  return mandate.id;
}

export const plansOf = (memberId: string) => getDb().select().from(memberPlan).where(eq(memberPlan.memberId, memberId)).orderBy(memberPlan.createdAt);
export const checkoutsOf = (memberId: string) => getDb().select().from(billingCheckout).where(eq(billingCheckout.memberId, memberId));
export const grantsOf = (memberId: string) => getDb().select().from(creditGrant).where(eq(creditGrant.memberId, memberId));
export const paymentsOf = (memberId: string) => getDb().select().from(billingPayment).where(eq(billingPayment.memberId, memberId));
