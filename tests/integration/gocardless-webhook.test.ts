// @test-database any: the webhook's HTTP surface; what its events do is tested on both databases beside the modules.
/**
 * `POST /webhooks/gocardless` over real HTTP against the whole application (decision 0134):
 * posted cross-site as GoCardless posts it, believed only under its signature (498), its
 * body capped (413), each event stored once with its job, answered 200 at once.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingEvent } from "~/db/schema/billing";
import { job } from "~/db/schema/jobs";
import { signWebhookBody } from "~/lib/gocardless/webhook.server";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "../support/gocardless-stand-in/server";
import { startApp, type RunningApp } from "../support/in-process-app";

const TOKEN = "sandbox_webhook_route_token_0123";
const SECRET = "webhook-route-secret-0123";

let app: RunningApp;
let standIn: GoCardlessStandIn;

beforeAll(async () => {
  standIn = await startGoCardlessStandIn({ accessToken: TOKEN, webhookDelivery: "manual" });
  app = await startApp({ GOCARDLESS_ACCESS_TOKEN: TOKEN, GOCARDLESS_WEBHOOK_SECRET: SECRET, GOCARDLESS_API_URL: standIn.url });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await standIn?.stop();
});

const event = (id: string) => ({
  id,
  created_at: "2026-12-06T09:00:00.000Z",
  resource_type: "mandates",
  action: "created",
  details: { origin: "api", cause: "mandate_created" },
  metadata: {},
  links: { mandate: "MD_NOT_OURS" },
});

/** A webhook as GoCardless sends it: from its servers (another site), signed with the secret unless told otherwise. */
function post(body: string, signature = signWebhookBody(body, SECRET)): Promise<Response> {
  return fetch(`${app.base}/webhooks/gocardless`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Webhook-Signature": signature, Origin: "https://api.gocardless.com", "Sec-Fetch-Site": "cross-site", "User-Agent": "gocardless-webhook-service/1.1" },
    body,
  });
}

describe("POST /webhooks/gocardless", () => {
  it("stores each event once with its processing job and answers 200 at once; a replay stores nothing", async () => {
    const body = JSON.stringify({ events: [event("EVROUTE1"), event("EVROUTE2")] });
    const first = await post(body);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toContain("no-store");
    expect(await first.json()).toMatchObject({ received: 2, stored: 2 });
    const replay = await post(body);
    expect(await replay.json()).toMatchObject({ received: 2, stored: 0 });
    expect(await getDb().select({ id: billingEvent.id }).from(billingEvent).where(inArray(billingEvent.id, ["EVROUTE1", "EVROUTE2"]))).toHaveLength(2);
    const jobs = await getDb().select({ kind: job.kind }).from(job).where(inArray(job.key, ["billing-event:EVROUTE1", "billing-event:EVROUTE2"]));
    expect(jobs).toEqual([{ kind: "billing.process-event" }, { kind: "billing.process-event" }]);
  });

  it("answers 498 to a bad signature, a missing one and a signature of another body, and stores nothing", async () => {
    const body = JSON.stringify({ events: [event("EVFORGED")] });
    for (const signature of [signWebhookBody(body, "not-the-secret"), "", signWebhookBody(`${body} `, SECRET)]) {
      const answer = await post(body, signature);
      expect(answer.status).toBe(498);
    }
    expect(await getDb().select().from(billingEvent).where(eq(billingEvent.id, "EVFORGED"))).toEqual([]);
  });

  it("refuses a body over the cap with 413, unread, and a signed body that is no batch with 400", async () => {
    const huge = JSON.stringify({ events: [event("EVHUGE")], padding: "x".repeat(1024 * 1024) });
    expect((await post(huge)).status).toBe(413);
    expect(await getDb().select().from(billingEvent).where(eq(billingEvent.id, "EVHUGE"))).toEqual([]);
    expect((await post(JSON.stringify({ nothing: true }))).status).toBe(400);
  });
});
