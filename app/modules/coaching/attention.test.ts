// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { attentionAction, attentionReasons } from "./attention";

describe("attentionAction", () => {
  it("sends each reason to where the coach acts on it, the ids encoded", () => {
    const actions = Object.fromEntries(attentionReasons.map((reason) => [reason, attentionAction(reason, "m/1", "ck 2")]));
    expect(actions).toEqual({
      unanswered_message: { href: "/coach/members/m%2F1/messages", label: "Reply" },
      payment_failed: { href: "/coach/members/m%2F1", label: "Open member" },
      mandate_cancelled: { href: "/coach/members/m%2F1", label: "Open member" },
      checkin_waiting: { href: "/coach/members/m%2F1/check-ins/ck%202", label: "Review check-in" },
      session_cancelled: { href: "/schedule", label: "Open schedule" },
      missed_workouts: { href: "/members/m%2F1/training", label: "Review training" },
      compliance_drop: { href: "/members/m%2F1/training", label: "Review training" },
      weight_away: { href: "/members/m%2F1/progress", label: "Review progress" },
      checkin_overdue: { href: "/coach/members/m%2F1/messages", label: "Message" },
      no_sign_in: { href: "/coach/members/m%2F1/messages", label: "Message" },
    });
  });
});
