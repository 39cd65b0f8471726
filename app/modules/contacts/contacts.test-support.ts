/** Shared by the contacts tests (module and route level); nothing in the app imports it. */
import { count } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { contactSubmission } from "~/db/schema/contacts";
import { requestLimit } from "~/db/schema/limits";
import { siteSetting } from "~/db/schema/settings";

/** Health answers for an application: they must never leave the inbox. */
export const HEALTH = { medicalConditions: "Type 1 diabetes, insulin pump", injuries: "Torn ACL in the left knee (2019)" };

export async function rows() {
  return getDb().select().from(contactSubmission);
}

export async function submissionCount(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contactSubmission);
  return row?.n ?? 0;
}

/** Applications e-mail the coach in the background: wait until every row's attempt has finished. */
export async function settleNotifications(timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = (await rows()).filter((r) => !r.notifiedAt && r.notifyAttempts === 0);
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending.length} notification(s) still pending`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An empty inbox, no rate-limit counters and no site settings, once pending e-mails have finished. */
export async function wipe() {
  await settleNotifications();
  await getDb().delete(contactSubmission);
  await getDb().delete(requestLimit);
  await getDb().delete(siteSetting);
}
