/**
 * Erasing a member cancels their direct debit mandates at GoCardless (decision 0177), on the
 * stand-in driven by the real client: once the erasure commits, whatever the job's retries,
 * and not while direct debit is off.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingMandate, billingPayment, memberPlan } from "~/db/schema/billing";
import { job } from "~/db/schema/jobs";
import { runDueJobs } from "~/jobs.server";
import { resetEnv } from "~/lib/env.server";
import { enqueueJob } from "~/lib/jobs.server";
import { eraseMember } from "~/modules/member-data/erasure.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { cancelErasedMandatesJob, RETRY_CANCELS_FOR_MS, retryGivenUpMandateCancels } from "./erased-mandates.server";
import { memberWithCheckout, startEventsWorld, TOKEN, type EventsWorld, type StartedPlan } from "./events.test-support";

let world: EventsWorld;
let admin: Awaited<ReturnType<typeof createUserWithPassword>> & { role: "admin" };

beforeAll(async () => {
  world = await startEventsWorld();
  admin = { ...(await createUserWithPassword({ email: "erasing-admin@example.com", password: "erasing-admin-pass-1", name: "Erasing Admin", role: "admin" })), role: "admin" };
});

afterAll(() => world.stop());

/** A member whose mandate is set up and whose package has ended, so erasure may go ahead. */
async function endedMember(name: string): Promise<StartedPlan & { providerMandateId: string }> {
  const started = await memberWithCheckout(name);
  await world.standIn.deliverPending();
  await runDueJobs();
  const [mandate] = await getDb().select().from(billingMandate).where(eq(billingMandate.memberId, started.memberId));
  expect(mandate?.status).toMatch(/pending|active/);
  await getDb().update(memberPlan).set({ status: "ended" }).where(eq(memberPlan.id, started.planId));
  await getDb().update(billingPayment).set({ status: "paid_out" }).where(eq(billingPayment.memberId, started.memberId));
  return { ...started, providerMandateId: mandate!.providerMandateId };
}

const providerStatus = (id: string) => world.standIn.state.mandates.get(id)?.status;

describe("erasing a member", () => {
  it("cancels their mandate at the provider once the erasure commits", async () => {
    const ada = await endedMember("Ada Erased");
    expect(providerStatus(ada.providerMandateId)).not.toBe("cancelled");
    await eraseMember(admin, ada.memberId, { confirmEmail: ada.email });
    expect(await getDb().select().from(billingMandate).where(eq(billingMandate.providerMandateId, ada.providerMandateId))).toEqual([]);
    const outcomes = await runDueJobs();
    expect(outcomes.filter((o) => o.kind === cancelErasedMandatesJob.kind).map((o) => o.status)).toEqual(["done"]);
    expect(providerStatus(ada.providerMandateId)).toBe("cancelled");

    // Sent again (a retry after a lost answer): the mandate has ended already, and the job is done.
    await enqueueJob(getDb(), cancelErasedMandatesJob, { mandateIds: [ada.providerMandateId, "MD-NOT-THERE"] });
    expect((await runDueJobs()).filter((o) => o.kind === cancelErasedMandatesJob.kind).map((o) => o.status)).toEqual(["done"]);
  });

  it("waits while direct debit is off, and cancels once it is on again", async () => {
    const bo = await endedMember("Bo Erased");
    await eraseMember(admin, bo.memberId, { confirmEmail: bo.email });
    delete process.env.GOCARDLESS_ACCESS_TOKEN;
    resetEnv();
    try {
      const outcomes = await runDueJobs();
      expect(outcomes.filter((o) => o.kind === cancelErasedMandatesJob.kind).map((o) => o.status)).toEqual(["pending"]);
      expect(providerStatus(bo.providerMandateId)).not.toBe("cancelled");
    } finally {
      process.env.GOCARDLESS_ACCESS_TOKEN = TOKEN;
      resetEnv();
    }
    await runDueJobs({ now: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(providerStatus(bo.providerMandateId)).toBe("cancelled");
  });

  it("tries a cancel that gave up again once direct debit answers, for a week after the erasure", async () => {
    const cy = await endedMember("Cy Erased");
    const dee = await endedMember("Dee Erased");
    for (const person of [cy, dee]) await eraseMember(admin, person.memberId, { confirmEmail: person.email });
    // Direct debit was off for longer than the jobs' attempts: both gave up. Dee's erasure was eight days ago.
    const cancels = await getDb().select().from(job).where(eq(job.kind, cancelErasedMandatesJob.kind));
    const jobOf = (person: typeof cy) => cancels.find((row) => JSON.stringify(row.payload).includes(person.providerMandateId))!;
    await getDb().update(job).set({ status: "failed", attempts: 10, finishedAt: new Date(), lastError: "Direct debit is off" }).where(inArray(job.id, [jobOf(cy).id, jobOf(dee).id]));
    await getDb().update(job).set({ createdAt: new Date(Date.now() - RETRY_CANCELS_FOR_MS - 24 * 60 * 60 * 1000) }).where(eq(job.id, jobOf(dee).id));

    delete process.env.GOCARDLESS_ACCESS_TOKEN;
    resetEnv();
    try {
      expect(await retryGivenUpMandateCancels(new Date())).toBe(0);
    } finally {
      process.env.GOCARDLESS_ACCESS_TOKEN = TOKEN;
      resetEnv();
    }
    expect(await retryGivenUpMandateCancels(new Date())).toBe(1);
    await runDueJobs();
    expect(providerStatus(cy.providerMandateId)).toBe("cancelled");
    expect(providerStatus(dee.providerMandateId)).not.toBe("cancelled");
    expect((await getDb().select().from(job).where(and(eq(job.id, jobOf(dee).id), eq(job.status, "failed")))).length).toBe(1);
  });
});
