import { formatLongDate } from "~/lib/dates";
import type { Toast } from "~/lib/toast";

/** What a booking change did, as the page's toast says it (safe in the browser). */
export function describeOutcome(
  outcome: { status: string; position: number | null; className: string; date?: string; time?: string },
  intent: "book" | "cancel" | "decline" | "confirm",
): Pick<Toast, "title" | "description"> {
  const when = outcome.date && outcome.time ? ` on ${formatLongDate(outcome.date)} at ${outcome.time}` : "";
  if (intent === "book")
    return outcome.status === "booked"
      ? { title: "Class booked", description: `You're booked into ${outcome.className}${when}.` }
      : { title: "On the waitlist", description: `${outcome.className}${when} is full: you're number ${outcome.position} on the waitlist. We'll e-mail you if a place opens up.` };
  if (intent === "confirm") return { title: "Place confirmed", description: `You're booked into ${outcome.className}${when}.` };
  if (intent === "decline") return { title: "Place declined", description: `The place in ${outcome.className} goes to the next person waiting.` };
  if (outcome.status === "late_cancelled") return { title: "Late cancel", description: `Your place in ${outcome.className}${when} is cancelled. It was inside the cancellation cut-off, so it counts as a late cancel.` };
  return { title: "Booking cancelled", description: `Your place in ${outcome.className}${when} is cancelled.` };
}
