import crypto from "node:crypto";
import { z } from "zod";
import type { GoCardlessEvent } from "./resources";

/**
 * GoCardless signs each webhook with HMAC-SHA256 of the raw body under the endpoint's
 * secret, hex-encoded in `Webhook-Signature`; a bad signature is answered 498.
 */
export const INVALID_SIGNATURE_STATUS = 498;

export function signWebhookBody(rawBody: string | Buffer, secret: string): string {
  return crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Compares in constant time; a missing or malformed header is simply not a match. */
export function verifyWebhookSignature(rawBody: string | Buffer, secret: string, signature: string | null | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = crypto.createHmac("sha256", secret).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature.trim(), "hex"));
}

/** A moment both databases store: an ISO date-time from year 1 (PostgreSQL has no year 0) to 9999. */
const createdAt = z.iso.datetime({ offset: true }).refine((text) => !text.startsWith("0000") && !Number.isNaN(Date.parse(text)), "not a date the database stores");

const eventSchema = z.object({
  id: z.string().max(100).regex(/^EV[0-9A-Z]+$/, "an event id starts with EV"),
  created_at: createdAt,
  resource_type: z.string(),
  action: z.string(),
  details: z
    .object({
      origin: z.string().optional(),
      cause: z.string().optional(),
      description: z.string().optional(),
      scheme: z.string().optional(),
      reason_code: z.string().optional(),
    })
    .default({}),
  metadata: z.record(z.string(), z.string()).default({}),
  resource_metadata: z.record(z.string(), z.string()).optional(),
  links: z.record(z.string(), z.string()).default({}),
});

// GoCardless batches at most 250 events per webhook.
const webhookSchema = z.object({ events: z.array(eventSchema).max(250) });

/** JSON.parse's reviver refusing a NUL in any key or text: PostgreSQL stores neither in text or jsonb. */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) throw new SyntaxError("NUL in a webhook body");
  return value;
}

/**
 * The events of a verified body, or null when the body is not GoCardless's `{"events": [...]}`
 * (a NUL anywhere, an event's time no database stores, an id over 100 characters: not theirs).
 */
export function parseWebhookEvents(rawBody: string | Buffer): GoCardlessEvent[] | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString(), refuseNul);
  } catch {
    return null;
  }
  const result = webhookSchema.safeParse(json);
  return result.success ? (result.data.events as GoCardlessEvent[]) : null;
}
