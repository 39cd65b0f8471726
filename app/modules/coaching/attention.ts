/**
 * The reasons a member needs the coach, most urgent first (the order of the 'Needs
 * attention' list), with what a coach reads and the link to act. Safe in the browser.
 */
export const attentionReasons = ["unanswered_message", "payment_failed", "mandate_cancelled", "checkin_waiting", "session_cancelled", "missed_workouts", "compliance_drop", "weight_away", "checkin_overdue", "no_sign_in"] as const;
export type AttentionReason = (typeof attentionReasons)[number];

export const attentionLabels: Record<AttentionReason, string> = {
  unanswered_message: "Unanswered message",
  payment_failed: "Payment failed",
  mandate_cancelled: "Mandate cancelled",
  checkin_waiting: "Check-in waiting for review",
  session_cancelled: "Cancelled a session",
  missed_workouts: "Missed planned workouts this week",
  compliance_drop: "Compliance below the previous four weeks",
  weight_away: "Weight moving away from the goal",
  checkin_overdue: "Check-in overdue",
  no_sign_in: "No sign-in for 7 days",
};

/** Snooze lengths offered, in days. */
export const snoozeDays = [1, 3, 7] as const;

export const attentionRank = (reason: AttentionReason) => attentionReasons.indexOf(reason);

/**
 * Where the coach acts on a reason, and the button's words: worked out where the list is
 * shown, from the reason, the member and the occurrence (a waiting check-in's occurrence is
 * its id), so a page's data carries neither (decision 0183).
 */
export function attentionAction(reason: AttentionReason, memberId: string, occurrence: string): { href: string; label: string } {
  const member = `/coach/members/${encodeURIComponent(memberId)}`;
  const training = { href: `/members/${encodeURIComponent(memberId)}/training`, label: "Review training" };
  const message = { href: `${member}/messages`, label: "Message" };
  // The member's page: their reasons, with 'Retry payment' beside a failed one.
  const billing = { href: member, label: "Open member" };
  switch (reason) {
    case "unanswered_message":
      return { href: `${member}/messages`, label: "Reply" };
    case "checkin_waiting":
      return { href: `${member}/check-ins/${encodeURIComponent(occurrence)}`, label: "Review check-in" };
    case "session_cancelled":
      return { href: "/schedule", label: "Open schedule" };
    case "missed_workouts":
    case "compliance_drop":
      return training;
    case "weight_away":
      return { href: `/members/${encodeURIComponent(memberId)}/progress`, label: "Review progress" };
    case "checkin_overdue":
    case "no_sign_in":
      return message;
    case "payment_failed":
    case "mandate_cancelled":
      return billing;
  }
}
