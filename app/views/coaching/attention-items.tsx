import { useId } from "react";
import { AreaLink } from "~/components/routed-area";
import { attentionAction, attentionLabels, snoozeDays } from "~/modules/coaching/attention";
import type { AttentionItem } from "~/modules/coaching/attention.server";

export const DISMISS_INTENT = "dismiss-attention";
export const SNOOZE_INTENT = "snooze-attention";
export const RETRY_PAYMENT_INTENT = "retry-payment";

const snoozeLabel = (days: number) => (days === 7 ? "1 week" : days === 1 ? "1 day" : `${days} days`);
/** The same three options under every reason: made once, as React may reuse an element. */
const snoozeOptions = snoozeDays.map((days) => (
  <option key={days} value={days}>
    {snoozeLabel(days)}
  </option>
));

/**
 * One member's reasons: what and why, the link to act, and dismiss or snooze (back when true again later).
 * Inside a RoutedArea: its links and forms are plain ones (decision 0183).
 */
export function AttentionItems({ memberId, memberName, items }: { memberId: string; memberName: string; items: readonly AttentionItem[] }) {
  // React's short id for the list, and the reason's place in it: each reason's label is named by five attributes.
  const listId = useId();
  return (
    <ul className="divide-y divide-zinc-200">
      {items.map((item, index) => {
        const labelId = `${listId}${index}`;
        const action = attentionAction(item.reason, memberId, item.occurrence);
        return (
          <li key={`${item.reason}-${item.occurrence}`} className="attention-reason">
            <p id={labelId} className="font-semibold">
              {attentionLabels[item.reason]}
              <span className="sr-only">{` (${memberName})`}</span>
            </p>
            <p className="text-sm text-zinc-700">{item.detail}</p>
            <div className="attention-actions">
              {item.retryPaymentId ? (
                <form method="post">
                  <input type="hidden" name="paymentId" value={item.retryPaymentId} />
                  <button type="submit" name="intent" value={RETRY_PAYMENT_INTENT} className="btn btn-primary" aria-describedby={labelId}>
                    Retry payment
                  </button>
                </form>
              ) : null}
              <AreaLink href={action.href} className={item.retryPaymentId ? "btn btn-secondary" : "btn btn-primary"} aria-describedby={labelId}>
                {action.label}
              </AreaLink>
              {/* One form for both: Dismiss leaves the days unread. */}
              <form method="post" className="attention-actions">
                <input type="hidden" name="memberId" value={memberId} />
                <input type="hidden" name="reason" value={item.reason} />
                <input type="hidden" name="occurrence" value={item.occurrence} />
                <select name="days" defaultValue="1" aria-label="Snooze for" className="attention-days">
                  {snoozeOptions}
                </select>
                <button type="submit" name="intent" value={SNOOZE_INTENT} className="btn btn-secondary" aria-describedby={labelId}>
                  Snooze
                </button>
                <button type="submit" name="intent" value={DISMISS_INTENT} className="btn btn-ghost" aria-describedby={labelId}>
                  Dismiss
                </button>
              </form>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
