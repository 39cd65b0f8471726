/**
 * An erased member's direct debit mandates are cancelled at GoCardless (decision 0177).
 * Erasure is refused while a package runs or a payment is being collected, but the mandate
 * itself (the member's authority to debit their bank account) stayed active at the
 * provider, ready for a payment the site would no longer know whose it was. The erasure
 * enqueues this job in its transaction with the provider's mandate ids (references, not
 * the person); the job cancels each one, and one already ended or unknown to the provider
 * is done too. A job that gave up (direct debit off, or GoCardless not answering, for more
 * than its three hours of attempts) is tried again each hour for a week after the erasure,
 * once direct debit answers again (decision 0188).
 */
import { gt } from "drizzle-orm";
import { z } from "zod";
import { job } from "~/db/schema/jobs";
import { GoCardlessApiError } from "~/lib/gocardless/api-error";
import { defineJob, defineRecurringJob, everyHour, reviveGivenUpJobs } from "~/lib/jobs.server";
import { getLogger } from "~/lib/logger.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";

/** A member has one mandate a package, and erasure takes them all in one job. */
export const MAX_MANDATES_PER_JOB = 100;

/** Not there (404) or no longer cancellable (an ended mandate: invalid_state). */
const alreadyEnded = (error: unknown) => error instanceof GoCardlessApiError && (error.status === 404 || error.type === "invalid_state");

export const cancelErasedMandatesJob = defineJob({
  kind: "billing.cancel-erased-mandates",
  payload: z.object({ mandateIds: z.array(z.string().min(1)).min(1).max(MAX_MANDATES_PER_JOB) }),
  // Doubling delays up to an hour: about three hours for the provider, or direct debit, to come back.
  maxAttempts: 10,
  run: async ({ mandateIds }) => {
    const provider = getPaymentProvider();
    if (!provider) throw new Error("Direct debit is off (no GOCARDLESS_ACCESS_TOKEN): an erased member's mandates wait to be cancelled");
    for (const id of mandateIds) {
      try {
        await provider.cancelMandate(id);
      } catch (error) {
        if (!alreadyEnded(error)) throw error;
      }
    }
  },
});

/** How long after the erasure a given-up cancel is still tried again. */
export const RETRY_CANCELS_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** Puts the given-up cancels of the last week's erasures back to pending. Returns how many. */
export async function retryGivenUpMandateCancels(now: Date): Promise<number> {
  if (!getPaymentProvider()) return 0;
  const retried = await reviveGivenUpJobs(cancelErasedMandatesJob.kind, gt(job.createdAt, new Date(now.getTime() - RETRY_CANCELS_FOR_MS)), now);
  if (retried > 0) getLogger().warn({ jobs: retried }, "erased members' mandates whose cancelling had given up are tried again");
  return retried;
}

export const retryMandateCancelsJob = defineRecurringJob({
  kind: "billing.retry-erased-mandates",
  repeat: everyHour,
  maxAttempts: 1,
  run: async (_payload, { now }) => {
    await retryGivenUpMandateCancels(now);
  },
});
