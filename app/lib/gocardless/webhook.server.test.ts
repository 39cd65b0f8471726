// @test-database none: pure functions, no query here.
import crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseWebhookEvents, signWebhookBody, verifyWebhookSignature } from "./webhook.server";

// GoCardless's own published example (gocardless-nodejs, src/webhooks.test.ts): this body,
// signed with this endpoint secret, carries this Webhook-Signature.
const REFERENCE_BODY = JSON.stringify({
  events: [
    {
      id: "EV00BD05S5VM2T",
      created_at: "2018-07-05T09:13:51.404Z",
      resource_type: "subscriptions",
      action: "created",
      links: { subscription: "SB0003JJQ2MR06" },
      details: { origin: "api", cause: "subscription_created", description: "Subscription created via the API." },
      metadata: {},
    },
    {
      id: "EV00BD05TB8K63",
      created_at: "2018-07-05T09:13:56.893Z",
      resource_type: "mandates",
      action: "created",
      links: { mandate: "MD000AMA19XGEC" },
      details: { origin: "api", cause: "mandate_created", description: "Mandate created via the API." },
      metadata: {},
    },
  ],
});
const REFERENCE_SECRET = "ED7D658C-D8EB-4941-948B-3973214F2D49";
const REFERENCE_SIGNATURE = "2693754819d3e32d7e8fcb13c729631f316c6de8dc1cf634d6527f1c07276e7e";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GoCardless webhook signatures", () => {
  it("signs as GoCardless signs: HMAC-SHA256 of the raw body, hex", () => {
    expect(signWebhookBody(REFERENCE_BODY, REFERENCE_SECRET)).toBe(REFERENCE_SIGNATURE);
  });

  it("accepts GoCardless's signature on the raw body, as text or bytes", () => {
    expect(verifyWebhookSignature(REFERENCE_BODY, REFERENCE_SECRET, REFERENCE_SIGNATURE)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(REFERENCE_BODY), REFERENCE_SECRET, REFERENCE_SIGNATURE.toUpperCase())).toBe(true);
  });

  it("refuses a changed body, another secret, a missing or malformed header", () => {
    expect(verifyWebhookSignature(REFERENCE_BODY.replace("created", "cancelled"), REFERENCE_SECRET, REFERENCE_SIGNATURE)).toBe(false);
    expect(verifyWebhookSignature(REFERENCE_BODY, "another-secret-of-ours", REFERENCE_SIGNATURE)).toBe(false);
    // The same JSON re-serialised with spaces is not the body that was signed.
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(REFERENCE_BODY), null, 1), REFERENCE_SECRET, REFERENCE_SIGNATURE)).toBe(false);
    expect(verifyWebhookSignature(REFERENCE_BODY, REFERENCE_SECRET, null)).toBe(false);
    expect(verifyWebhookSignature(REFERENCE_BODY, REFERENCE_SECRET, "")).toBe(false);
    expect(verifyWebhookSignature(REFERENCE_BODY, REFERENCE_SECRET, "NOTVERYCONVINCING")).toBe(false);
    expect(verifyWebhookSignature(REFERENCE_BODY, REFERENCE_SECRET, REFERENCE_SIGNATURE.slice(0, 62))).toBe(false);
  });

  it("compares the signature in constant time", () => {
    const compare = vi.spyOn(crypto, "timingSafeEqual");
    const wrong = "0".repeat(64);
    expect(verifyWebhookSignature(REFERENCE_BODY, REFERENCE_SECRET, wrong)).toBe(false);
    expect(verifyWebhookSignature(REFERENCE_BODY, REFERENCE_SECRET, REFERENCE_SIGNATURE)).toBe(true);
    expect(compare).toHaveBeenCalledTimes(2);
  });
});

describe("GoCardless webhook bodies", () => {
  it("reads the events of a webhook", () => {
    const events = parseWebhookEvents(REFERENCE_BODY);
    expect(events?.map((event) => [event.id, event.resource_type, event.action])).toEqual([
      ["EV00BD05S5VM2T", "subscriptions", "created"],
      ["EV00BD05TB8K63", "mandates", "created"],
    ]);
    expect(events?.[1]?.links).toEqual({ mandate: "MD000AMA19XGEC" });
  });

  it("gives null for a body that is not GoCardless's events", () => {
    expect(parseWebhookEvents("not json")).toBeNull();
    expect(parseWebhookEvents("{}")).toBeNull();
    expect(parseWebhookEvents(JSON.stringify({ events: [{ id: "PM123" }] }))).toBeNull();
    const tooMany = Array.from({ length: 251 }, (_, index) => ({ id: `EV${index}`, created_at: "", resource_type: "payments", action: "created" }));
    expect(parseWebhookEvents(JSON.stringify({ events: tooMany }))).toBeNull();
  });
});
