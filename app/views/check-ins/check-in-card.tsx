import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatLongDate } from "~/lib/dates";
import type { CheckInDue } from "~/modules/check-ins/check-in-week";
import { DashboardCard } from "~/views/training-sessions/session-cards";

/** The dashboard's request for this week's check-in: shown from the check-in day until it is sent. */
export function CheckInCard({ status }: { status: { state: CheckInDue; weekOf: string } }) {
  if (status.state === "sent") return null;
  return (
    <DashboardCard id="check-in-title" title="Weekly check-in" icon={<ClipboardCheck className="size-5 text-brand" aria-hidden="true" />}>
      <div className="space-y-3">
        <p className="text-zinc-700">
          {status.state === "overdue" ? `Your check-in for the week of ${formatLongDate(status.weekOf)} is overdue.` : "This week's check-in is due today."}
        </p>
        <Link to="/members/check-ins" className={buttonClass("primary", "w-full sm:w-auto")}>
          Send this week's check-in
        </Link>
      </div>
    </DashboardCard>
  );
}
