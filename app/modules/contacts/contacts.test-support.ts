/** Shared by the contacts tests (module and route level); nothing in the app imports it. */
import { count } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { contactSubmission } from "~/db/schema/contacts";
import { job } from "~/db/schema/jobs";
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

/** An empty inbox, no e-mails waiting to go, no rate-limit counters and no site settings. */
export async function wipe() {
  await getDb().delete(job);
  await getDb().delete(contactSubmission);
  await getDb().delete(requestLimit);
  await getDb().delete(siteSetting);
}
