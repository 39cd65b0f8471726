/**
 * Refunding a confirmed payment, whole or in part (administrators). The amount is taken
 * off what is left to refund under the payment's row lock, so two taps, two tabs or two
 * processes can never refund more than was paid; the form's key is the refund's id, so a
 * resent form refunds nothing twice.
 * - Direct debit: the `billing_refunds` row is saved `pending` first, then the provider is
 *   asked outside the transaction (idempotency key: the refund's id; the total refunded
 *   once it is made, so the provider refuses a repeat), then its id saved. The events
 *   webhook marks it paid. A refusal from the provider marks it failed and gives the
 *   amount back; no answer at all leaves it pending (a retry of the same key is safe).
 * - Manual payments: marked refunded at once; the payment is `refunded` when whole.
 * - A pack refunded in whole loses its credits, and a refused refund gives them back
 *   (`matchCreditsToRefunds`, decision 0187).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { billingPayment, billingRefund } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { getLogger } from "~/lib/logger.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { formatMoney, readMoney } from "./money";
import { matchCreditsToRefunds } from "./settlement.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

const refundSchema = z.object({
  key: z.uuid("This form has expired. Please reload the page."),
  paymentId: z.string().min(1).max(100),
  amount: z.unknown(),
  reason: z.string().trim().max(200, "Reason must be at most 200 characters").catch(""),
});

const refundable = new Set(["confirmed", "paid_out"]);

export interface RefundResult {
  refundId: string;
  status: "pending" | "marked";
  amountText: string;
  whole: boolean;
  /** A pack refunded in whole: its credits were taken back. */
  creditsTakenBack: boolean;
}

/** A provider's refusal (it answered with a 4xx) as against no answer (timeout, dropped connection, its 5xx). */
function refused(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

export async function refundPayment(actor: Actor, input: unknown): Promise<RefundResult> {
  ensureCan(actor, "billing", "refund");
  const parsed = refundSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]?.path[0] === "key" ? 409 : 400, parsed.error.issues[0]?.message ?? "Invalid request");
  const form = parsed.data;
  const amount = readMoney(form.amount, "Refund amount");
  if (amount.minor === null) throw new AppError(400, amount.problem, { fieldErrors: { amount: amount.problem } });
  const minor = amount.minor;
  const provider = getPaymentProvider();

  const saved = await getDb().transaction(async (tx) => {
    const [payment] = await tx.select().from(billingPayment).where(eq(billingPayment.id, form.paymentId)).for("update");
    if (!payment) throw new AppError(404, "Payment not found");
    const [again] = await tx.select({ id: billingRefund.id }).from(billingRefund).where(eq(billingRefund.id, form.key));
    if (again) throw new AppError(409, "This refund has already been made.");
    if (!refundable.has(payment.status)) throw new AppError(409, payment.status === "refunded" ? "This payment is already refunded in full." : "Only a confirmed payment can be refunded.");
    const left = payment.amountMinor - payment.refundedMinor;
    if (minor > left) throw new AppError(400, `At most ${formatMoney(left, payment.currency)} is left to refund.`, { fieldErrors: { amount: `At most ${formatMoney(left, payment.currency)} is left to refund` } });
    const direct = payment.method === "direct_debit";
    if (direct && (!provider || !payment.providerPaymentId)) throw new AppError(409, "Direct debit is not set up, so this refund cannot be sent.");
    const total = payment.refundedMinor + minor;
    const whole = total === payment.amountMinor;
    await tx.insert(billingRefund).values({ id: form.key, paymentId: payment.id, amountMinor: minor, status: direct ? "pending" : "marked", reason: form.reason, createdById: actor.id });
    await tx
      .update(billingPayment)
      .set({ refundedMinor: total, ...(whole && !direct ? { status: "refunded" as const } : {}), updatedAt: new Date() })
      .where(eq(billingPayment.id, payment.id));
    const creditsTakenBack = whole && (await matchCreditsToRefunds(tx, payment.id, new Date())) > 0;
    await recordAudit({ action: "payment.refunded", actor, target: { type: "payment", id: payment.id }, summary: `Refunded ${formatMoney(minor, payment.currency)} of a ${formatMoney(payment.amountMinor, payment.currency)} payment${creditsTakenBack ? "; the pack's credits taken back" : ""}` }, tx);
    return { payment, total, whole, direct, creditsTakenBack };
  });

  const result: RefundResult = { refundId: form.key, status: saved.direct ? "pending" : "marked", amountText: formatMoney(minor, saved.payment.currency), whole: saved.whole, creditsTakenBack: saved.creditsTakenBack };
  if (!saved.direct) return result;
  try {
    const sent = await provider!.refund({
      idempotencyKey: form.key,
      paymentId: saved.payment.providerPaymentId!,
      amountMinor: minor,
      totalRefundedMinor: saved.total,
      metadata: { refund: form.key },
    });
    await getDb().update(billingRefund).set({ providerRefundId: sent.id, updatedAt: new Date() }).where(eq(billingRefund.id, form.key));
    return result;
  } catch (error) {
    if (!refused(error)) {
      getLogger().warn({ refundId: form.key, err: error instanceof Error ? error.message : String(error) }, "the refund was not answered; it stays pending");
      return result;
    }
    await getDb().transaction(async (tx) => {
      const [payment] = await tx.select().from(billingPayment).where(eq(billingPayment.id, saved.payment.id)).for("update");
      await tx.update(billingRefund).set({ status: "failed", updatedAt: new Date() }).where(eq(billingRefund.id, form.key));
      if (!payment) return;
      await tx.update(billingPayment).set({ refundedMinor: Math.max(0, payment.refundedMinor - minor), updatedAt: new Date() }).where(eq(billingPayment.id, payment.id));
      await matchCreditsToRefunds(tx, payment.id, new Date());
    });
    throw new AppError(409, `GoCardless refused the refund: ${error instanceof Error ? error.message : "no reason given"}`);
  }
}
