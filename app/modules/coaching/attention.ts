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
