/**
 * The billing events' tests' world: a GoCardless stand-in driven by the real client, a
 * receiver that hands its signed webhooks to the intake as the HTTP route does, and a
 * member with a weekly plan started on the hosted page.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingCheckout, memberPlan } from "~/db/schema/billing";
import { resetEnv } from "~/lib/env.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "../../../tests/support/gocardless-stand-in/server";
import { receiveProviderWebhook, type WebhookAnswer } from "./webhook-intake.server";

export const TOKEN = "sandbox_events_token_0123456789";
export const SECRET = "events-webhook-secret-0123";

export interface EventsWorld {
  standIn: GoCardlessStandIn;
  /** Every answer the intake gave, in order. */
  answers: WebhookAnswer[];
  stop(): Promise<void>;
}

/** The stand-in (webhooks sent only when a test says) and the intake behind a plain HTTP receiver. */
export async function startEventsWorld(): Promise<EventsWorld> {
  const answers: WebhookAnswer[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = new Headers(Object.entries(request.headers).map(([name, value]) => [name, String(value)] as [string, string]));
      receiveProviderWebhook(Buffer.concat(chunks), headers).then(
        (answer) => {
          answers.push(answer);
          response.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
        },
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/gocardless`;
  const standIn = await startGoCardlessStandIn({ accessToken: TOKEN, webhookUrl: url, webhookSecret: SECRET, webhookDelivery: "manual" });
  Object.assign(process.env, { GOCARDLESS_ACCESS_TOKEN: TOKEN, GOCARDLESS_WEBHOOK_SECRET: SECRET, GOCARDLESS_API_URL: standIn.url });
  resetEnv();
  return {
    standIn,
    answers,
    async stop() {
      await standIn.stop();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}

export const payerForm = new URLSearchParams({
  given_name: "Grace",
  family_name: "Hopper",
  email: "grace@example.com",
  account_holder_name: "Grace Hopper",
  branch_code: "200000",
  account_number: "55779911",
});

export interface StartedPlan {
  memberId: string;
  email: string;
  planId: string;
  checkoutId: string;
  providerCheckoutId: string;
}

/** A member with a pending weekly plan (£35) and its checkout started at the provider, as the billing page starts one. */
export async function memberWithCheckout(name: string, terms: Partial<typeof memberPlan.$inferInsert> = {}): Promise<StartedPlan> {
  const memberId = `member-${crypto.randomUUID()}`;
  const email = `${memberId}@example.com`;
  await getDb().insert(user).values({ id: memberId, name, email, role: "member" });
  const planId = `plan-${crypto.randomUUID()}`;
  await getDb()
    .insert(memberPlan)
    .values({ id: planId, memberId, name: "Online Coaching", kind: "subscription", priceMinor: 3500, currency: "GBP", intervalUnit: "week", intervalCount: 1, method: "direct_debit", ...terms });
  const checkoutId = crypto.randomUUID();
  await getDb().insert(billingCheckout).values({ id: checkoutId, memberId, planId, provider: "gocardless" });
  const started = await getPaymentProvider()!.startMandateWithFirstPayment({
    idempotencyKey: checkoutId,
    currency: "GBP",
    description: "Online Coaching",
    firstPayment: { amountMinor: (terms.priceMinor as number | undefined) ?? 3500, description: "Online Coaching" },
    payer: { email },
    returnUrl: "http://localhost:3000/members/billing",
    metadata: { plan: planId },
  });
  await getDb().update(billingCheckout).set({ providerCheckoutId: started.checkoutId, redirectUrl: started.redirectUrl }).where(eq(billingCheckout.id, checkoutId));
  const page = await fetch(started.redirectUrl, { method: "POST", body: payerForm, redirect: "manual" });
  if (page.status !== 303) throw new Error(`the hosted page answered ${page.status}`);
  return { memberId, email, planId, checkoutId, providerCheckoutId: started.checkoutId };
}
