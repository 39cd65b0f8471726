import type { SessionUser } from "~/auth/session.server";
import type { FormBody } from "~/lib/request-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { retryFailedPayment } from "~/modules/billing/payment-events-retry.server";
import { dismissAttention } from "~/modules/coaching/attention.server";
import { DISMISS_INTENT, RETRY_PAYMENT_INTENT, SNOOZE_INTENT } from "~/views/coaching/attention-items";

/**
 * The dismiss, snooze and 'Retry payment' buttons' handlers, answered on /coach and on a
 * member's page (/coach/members/:memberId) alike (decision 0128): back to `back` with a toast.
 */
export function attentionIntentHandlers(staff: SessionUser, back: string) {
  return {
    [DISMISS_INTENT]: async (form: FormBody) => {
      const { memberName } = await dismissAttention(staff, { memberId: form.memberId, reason: form.reason, occurrence: form.occurrence });
      return redirectWithToast(back, { type: "success", title: "Dismissed", description: `${memberName}: back when it is true again.` });
    },
    [SNOOZE_INTENT]: async (form: FormBody) => {
      const { memberName, snoozedDays } = await dismissAttention(staff, { memberId: form.memberId, reason: form.reason, occurrence: form.occurrence, days: form.days });
      return redirectWithToast(back, { type: "success", title: "Snoozed", description: `${memberName}: hidden for ${snoozedDays === 1 ? "1 day" : `${snoozedDays} days`}.` });
    },
    [RETRY_PAYMENT_INTENT]: async (form: FormBody) => {
      const { retried, description } = await retryFailedPayment(staff, form.paymentId);
      const said = retried ? `GoCardless will collect ${description} again; it clears here once the bank confirms it.` : `${description} is being retried already.`;
      return redirectWithToast(back, { type: "success", title: retried ? "Payment retried" : "Already retried", description: said });
    },
  };
}

/** A refused dismiss or snooze goes back to the list with these titles (the buttons have no fields to mark). */
export const attentionRefusalTitles = { [DISMISS_INTENT]: "Could not dismiss", [SNOOZE_INTENT]: "Could not snooze", [RETRY_PAYMENT_INTENT]: "Could not retry the payment" };
