// @test-database any: the webhook's HTTP surface; what its events do is tested on both databases beside the modules.
/**
 * `POST /webhooks/gocardless` over real HTTP against the whole application (decision 0134):
 * posted cross-site as GoCardless posts it, believed only under its signature (498), its
 * body capped (413), each event stored once with its job, answered 200 at once.
 */
import { count, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
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
function post(body: string, signature = signWebhookBody(body, SECRET), contentType = "application/json"): Promise<Response> {
  return fetch(`${app.base}/webhooks/gocardless`, {
    method: "POST",
    headers: { "Content-Type": contentType, "Webhook-Signature": signature, Origin: "https://api.gocardless.com", "Sec-Fetch-Site": "cross-site", "User-Agent": "gocardless-webhook-service/1.1" },
    body,
  });
}

const storedEvents = async () => (await getDb().select({ n: count() }).from(billingEvent))[0]!.n;

/** Any JSON value, NUL and lone surrogates included, at most a few levels deep. */
const anyJson = fc.jsonValue({ maxDepth: 3 });
const hostileText = fc.oneof({ weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) }, { weight: 2, arbitrary: fc.constantFrom("\u0000", "a\u0000b", "x".repeat(5_000), "", " ", "\ud800", "0000-01-01T00:00:00Z", "not-a-date", "275760-09-13T00:00:00Z") });
/** Mostly the valid value; now and then a hostile text, now and then any JSON value (a wrong type). */
const field = <T,>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: valid }, { weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: anyJson });
/** GoCardless's own event with a few fields hostile: what reaches the database when the rest is valid. */
const nearlyValidEvent = fc.record({
  id: field(fc.oneof(fc.stringMatching(/^EV[0-9A-Z]{1,12}$/), fc.constant(`EV${"A".repeat(5_000)}`))),
  created_at: field(fc.constantFrom("2026-12-06T09:00:00.000Z", "-271821-04-20T00:00:00Z", "9999-12-31T23:59:59Z", "2026-02-30T00:00:00Z", "2026-12-06T09:00:00+01:00")),
  resource_type: field(fc.constantFrom("payments", "mandates", "subscriptions", "refunds", "billing_requests", "payouts")),
  action: field(fc.constantFrom("confirmed", "failed", "created")),
  details: field(fc.record({ cause: hostileText, origin: hostileText, description: hostileText }, { requiredKeys: [] })),
  metadata: field(fc.dictionary(hostileText, hostileText, { maxKeys: 3 })),
  links: field(fc.dictionary(fc.constantFrom("payment", "mandate", "subscription", "refund", "billing_request", "\u0000"), hostileText, { maxKeys: 3 })),
});
/** A webhook body: a batch of hostile events (up to 251), any JSON, bytes that are no JSON, a body just under the cap. */
const hostileBody = fc.oneof(
  { weight: 4, arbitrary: fc.array(nearlyValidEvent, { maxLength: 2 }).map((events) => JSON.stringify({ events })) },
  { weight: 1, arbitrary: fc.constant(JSON.stringify({ events: Array.from({ length: 251 }, (_, i) => event(`EVMANY${i}`)) })) },
  { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? "") },
  { weight: 1, arbitrary: fc.record({ events: anyJson }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom("", "\u0000", "{", "{\"events\": [", "null", "[]", '{"events": null}', `{"events": [${"{}, ".repeat(20)}{}]}`, "x".repeat(1024 * 1024 - 1)) },
);
/** The signature header: right for the body, for another body, under another secret, malformed, missing. */
const signatureFor = (body: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant({ signature: signWebhookBody(body, SECRET), valid: true }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom("", "0".repeat(64), signWebhookBody(body, "not-the-secret"), signWebhookBody(`${body} `, SECRET), signWebhookBody(body, SECRET).toUpperCase().slice(0, 63), "x".repeat(8_000)),
          fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF g,=;"), maxLength: 70 }),
        )
        .map((signature) => ({ signature, valid: false })),
    },
  );

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

  it("never answers 5xx to hostile bodies and headers, and stores nothing without a valid signature (fast-check, fixed seed)", async () => {
    const contentTypes = fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16");
    const cases = hostileBody.chain((body) => fc.tuple(fc.constant(body), signatureFor(body), contentTypes));
    await fc.assert(
      fc.asyncProperty(cases, async ([body, { signature, valid }, contentType]) => {
        const before = await storedEvents();
        const answer = await post(body, signature, contentType);
        const text = await answer.text();
        expect(answer.status, `${answer.status} ${text.slice(0, 300)}`).toBeLessThan(500);
        expect(JSON.parse(text)).toHaveProperty("message");
        if (!valid) {
          expect(answer.status === 498 || answer.status === 413, `unsigned → ${answer.status}`).toBe(true);
          expect(await storedEvents()).toBe(before);
        } else if (answer.status !== 200) {
          expect(await storedEvents()).toBe(before);
        }
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20_261_206), numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    );
  }, 120_000);

  it("answers 400 to a signed event no database stores (a NUL, a time out of range, an id too long), and stores nothing", async () => {
    const patches = [
      { created_at: "not-a-date" },
      { created_at: "-271821-04-20T00:00:00Z" },
      { created_at: "0000-01-01T00:00:00Z" },
      { action: "a\u0000b" },
      { id: `EV${"A".repeat(100)}` },
      { links: { mandate: "MD\u0000" } },
      { metadata: { "\u0000": "x" } },
    ];
    const before = await storedEvents();
    for (const patch of patches) {
      const answer = await post(JSON.stringify({ events: [{ ...event("EVREFUSED"), ...patch }] }));
      expect([JSON.stringify(patch).slice(0, 60), answer.status, await answer.json()]).toEqual([JSON.stringify(patch).slice(0, 60), 400, { message: "The webhook body is not a batch of events." }]);
    }
    expect(await storedEvents()).toBe(before);
  });
});
