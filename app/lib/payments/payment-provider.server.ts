import { getEnv, type Env } from "../env.server";
import { GOCARDLESS_BASE_URLS } from "../gocardless/client.server";
import { createGoCardlessProvider } from "./gocardless-provider.server";
import type { PaymentProvider } from "./payment-provider";

/** GOCARDLESS_API_URL when set (a stand-in), else the address of the chosen environment. */
export function goCardlessBaseUrl(env: Env): string {
  return env.GOCARDLESS_API_URL ?? GOCARDLESS_BASE_URLS[env.GOCARDLESS_ENVIRONMENT];
}

/** GoCardless's hosted payment pages (the Billing Request Flow), where a member is sent to set up a mandate. */
const GOCARDLESS_PAY_ORIGINS = { live: "https://pay.gocardless.com", sandbox: "https://pay-sandbox.gocardless.com" } as const;

/**
 * The origins a member's form may lead to (the page's CSP form-action): the provider's hosted
 * pages when direct debit is on (a stand-in serves them at its own address), else none.
 */
export function hostedPageOrigins(env: Env): string[] {
  if (!env.GOCARDLESS_ACCESS_TOKEN) return [];
  return [env.GOCARDLESS_API_URL ? new URL(env.GOCARDLESS_API_URL).origin : GOCARDLESS_PAY_ORIGINS[env.GOCARDLESS_ENVIRONMENT]];
}

/** The provider the configuration turns on, or null: manual payments only. */
export function paymentProviderFor(env: Env): PaymentProvider | null {
  if (!env.GOCARDLESS_ACCESS_TOKEN || !env.GOCARDLESS_WEBHOOK_SECRET) return null;
  return createGoCardlessProvider({
    accessToken: env.GOCARDLESS_ACCESS_TOKEN,
    baseUrl: goCardlessBaseUrl(env),
    webhookSecret: env.GOCARDLESS_WEBHOOK_SECRET,
  });
}

let cached: { env: Env; provider: PaymentProvider | null } | undefined;

/** This process's provider, made once per configuration. */
export function getPaymentProvider(): PaymentProvider | null {
  const env = getEnv();
  if (cached?.env !== env) cached = { env, provider: paymentProviderFor(env) };
  return cached.provider;
}
