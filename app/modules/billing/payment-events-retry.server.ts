/**
 * Staff's 'Retry payment' on a failed direct-debit payment (decision 0136): the retry is
 * claimed in one short transaction under the payment's lock (so two taps, two tabs or two
 * coaches make one request to the provider), asked of the provider outside any
 * transaction, and its answer saved after. The payment stays failed until the provider's
 * confirming event: that, not the retry, clears 'Payment failed' from 'Needs attention'.
 */
import { eq } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { billingPayment } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { GoCardlessApiError } from "~/lib/gocardless/api-error";
import { getLogger } from "~/lib/logger.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { DIRECT_DEBIT_OFF } from "./webhook-intake.server";

export const PAYMENT_NOT_FOUND = "This payment no longer exists.";
export const NOT_FAILED = "This payment has not failed, so there is nothing to retry.";
export const NOT_DIRECT_DEBIT = "Only a direct-debit payment can be retried. Record a manual payment instead.";
export const RETRY_REFUSED = "GoCardless would not retry this payment";

type Actor = Pick<SessionUser, "id" | "role" | "email" | "name">;

export interface RetryAnswer {
  /** False when it had been retried since it failed already (a second tap): nothing was asked. */
  retried: boolean;
  description: string;
}

/** Asks the provider to collect a failed payment again. 409 when it has not failed; one request however many taps. */
export async function retryFailedPayment(actor: Actor, paymentId: unknown, now = new Date()): Promise<RetryAnswer> {
  ensureCan(actor, "billing", "retryPayment");
  const id = typeof paymentId === "string" ? paymentId.slice(0, 100) : "";
  const provider = getPaymentProvider();
  const claim = await getDb().transaction(async (tx) => {
    const [row] = id ? await tx.select().from(billingPayment).where(eq(billingPayment.id, id)).for("update") : [];
    if (!row) throw new AppError(404, PAYMENT_NOT_FOUND);
    if (row.status !== "failed") throw new AppError(409, NOT_FAILED);
    if (row.method !== "direct_debit" || !row.providerPaymentId) throw new AppError(409, NOT_DIRECT_DEBIT);
    if (row.retriedAt && row.failedAt && row.retriedAt > row.failedAt) return { row, fresh: false };
    if (!provider) throw new AppError(409, DIRECT_DEBIT_OFF);
    await tx.update(billingPayment).set({ retriedAt: now, updatedAt: now }).where(eq(billingPayment.id, row.id));
    return { row, fresh: true };
  });
  const { row } = claim;
  if (!claim.fresh) return { retried: false, description: row.description };
  try {
    const answer = await provider!.retryPayment(row.providerPaymentId!);
    if (answer.chargeDate) await getDb().update(billingPayment).set({ chargeDate: answer.chargeDate }).where(eq(billingPayment.id, row.id));
  } catch (error) {
    // Not retried after all: the button comes back.
    await getDb().update(billingPayment).set({ retriedAt: row.retriedAt }).where(eq(billingPayment.id, row.id));
    if (error instanceof GoCardlessApiError && error.status < 500) throw new AppError(409, `${RETRY_REFUSED}: ${error.message}`);
    getLogger().error({ err: error, paymentId: row.id }, "a payment retry did not reach the provider");
    throw new AppError(503, "GoCardless could not be reached. Please try again in a few minutes.");
  }
  await recordAudit({ action: "billing.payment_retried", actor, target: { type: "billing_payment", id: row.id }, summary: `Retried the failed payment ${row.description}` });
  return { retried: true, description: row.description };
}
