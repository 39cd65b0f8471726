/** Sends events to the app as GoCardless does: `{"events": [...]}`, HMAC-SHA256 hex in Webhook-Signature. */
import crypto from "node:crypto";
import type { GoCardlessEvent } from "../../../app/lib/gocardless/resources";

export interface WebhookDelivery {
  eventIds: string[];
  status: number;
  body: string;
  signature: string;
}

export async function postWebhook(url: string, secret: string, events: GoCardlessEvent[], webhookId: string): Promise<WebhookDelivery> {
  const body = JSON.stringify({ events, meta: { webhook_id: webhookId } });
  const signature = crypto.createHmac("sha256", secret).update(body).digest("hex");
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Webhook-Signature": signature, "User-Agent": "gocardless-webhook-service/1.1" },
    body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { eventIds: events.map((event) => event.id), status: response.status, body, signature };
}
