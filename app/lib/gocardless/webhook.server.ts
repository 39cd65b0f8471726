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

const eventSchema = z.object({
  id: z.string().regex(/^EV[0-9A-Z]+$/, "an event id starts with EV"),
  created_at: z.string(),
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

/** The events of a verified body, or null when the body is not GoCardless's `{"events": [...]}`. */
export function parseWebhookEvents(rawBody: string | Buffer): GoCardlessEvent[] | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString());
  } catch {
    return null;
  }
  const result = webhookSchema.safeParse(json);
  return result.success ? (result.data.events as GoCardlessEvent[]) : null;
}
