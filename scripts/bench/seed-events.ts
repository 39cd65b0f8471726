/**
 * Run by the bench's events section (with tsx): a GoCardless stand-in, a member whose weekly
 * plan started on its hosted page (the checkout's events applied, the subscription made),
 * then one webhook of 250 events (125 subscription payments due: each a payment created and
 * submitted) delivered to the intake and processed by the job runner as the server does.
 * Times the answer (stored, one job each) and the processing. Writes JSON to BENCH_OUT.
 */
import { runSeed } from "./seed-run";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { memberPlan } from "~/db/schema/billing";
import { runDueJobs } from "~/jobs.server";
import { memberWithCheckout, startEventsWorld } from "~/modules/billing/events.test-support";
import type { EventsResults } from "./events";

runSeed(async () => {
  const world = await startEventsWorld();
  try {
    const started = await memberWithCheckout("Bench Member");
    await world.standIn.deliverPending();
    await runDueJobs();
    const [plan] = await getDb().select().from(memberPlan).where(eq(memberPlan.id, started.planId));
    if (!plan?.providerSubscriptionId) throw new Error("The plan's subscription was not made");
    const ids = Array.from({ length: 125 }, () => world.standIn.runScenario("subscription_payment_due", plan.providerSubscriptionId!).map((e) => e.id)).flat();
    const t0 = performance.now();
    const delivery = await world.standIn.deliverEvents(ids);
    const t1 = performance.now();
    await runDueJobs();
    const t2 = performance.now();
    const result: EventsResults = { events: ids.length, status: delivery.status, answerMs: t1 - t0, processMs: t2 - t1 };
    fs.writeFileSync(process.env.BENCH_OUT!, JSON.stringify(result));
  } finally {
    await world.stop();
  }
});
