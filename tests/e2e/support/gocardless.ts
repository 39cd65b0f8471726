/**
 * The GoCardless stand-in of the browser suite: started by the global set-up beside the shared
 * server (which is pointed at it), its address passed to the workers in the environment. A spec
 * drives it as a test of the real sandbox would: the hosted page in the browser, the scenario
 * simulators through the API, and webhooks delivered to the shared server as they happen.
 */
import { startGoCardlessStandIn } from "../../support/gocardless-stand-in/server";
import { E2E_BASE_URL } from "./server";

export const GOCARDLESS_TOKEN = "sandbox_e2e-access-token";
export const GOCARDLESS_WEBHOOK_SECRET = "e2e-webhook-secret";
const STAND_IN_URL = "RELENTLESS_E2E_GOCARDLESS_URL";

/** Starts the stand-in; returns the shared server's environment for it and how to stop it. */
export async function startGoCardless(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const standIn = await startGoCardlessStandIn({
    accessToken: GOCARDLESS_TOKEN,
    webhookUrl: `${E2E_BASE_URL}/webhooks/gocardless`,
    webhookSecret: GOCARDLESS_WEBHOOK_SECRET,
  });
  process.env[STAND_IN_URL] = standIn.url;
  return {
    env: { GOCARDLESS_ACCESS_TOKEN: GOCARDLESS_TOKEN, GOCARDLESS_WEBHOOK_SECRET: GOCARDLESS_WEBHOOK_SECRET, GOCARDLESS_API_URL: standIn.url },
    stop: () => standIn.stop(),
  };
}

/** Runs one of GoCardless's scenario simulators on a resource, as a sandbox test does through the API. */
export async function simulate(scenario: string, resourceId: string): Promise<void> {
  const response = await fetch(`${standInUrl()}/scenario_simulators/${scenario}/actions/run`, {
    method: "POST",
    headers: { Authorization: `Bearer ${GOCARDLESS_TOKEN}`, "GoCardless-Version": "2015-07-06", "Content-Type": "application/json" },
    body: JSON.stringify({ data: { links: { resource: resourceId } } }),
  });
  if (!response.ok) throw new Error(`Simulator ${scenario} on ${resourceId}: ${response.status} ${await response.text()}`);
}

/** One event as the stand-in recorded it: what happened to which resource, and that resource's metadata. */
export interface StandInEvent {
  id: string;
  resource_type: string;
  action: string;
  links: Record<string, string>;
  resource_metadata: Record<string, string>;
}

function standInUrl(): string {
  const url = process.env[STAND_IN_URL];
  if (!url) throw new Error("The GoCardless stand-in is not running (global set-up)");
  return url;
}

/** Every event the stand-in has had so far (all specs share it), oldest first. */
export async function standInEvents(): Promise<StandInEvent[]> {
  const response = await fetch(`${standInUrl()}/_stand_in/events`);
  if (!response.ok) throw new Error(`The stand-in's events: ${response.status}`);
  return ((await response.json()) as { events: StandInEvent[] }).events;
}

/** A resource as the API answers it (GET /<collection>/<id>), e.g. a subscription's start_date. */
export async function readResource<T>(collection: "payments" | "mandates" | "subscriptions", id: string): Promise<T> {
  const response = await fetch(`${standInUrl()}/${collection}/${encodeURIComponent(id)}`, {
    headers: { Authorization: `Bearer ${GOCARDLESS_TOKEN}`, "GoCardless-Version": "2015-07-06" },
  });
  if (!response.ok) throw new Error(`Reading ${collection}/${id}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Record<string, T>)[collection]!;
}
