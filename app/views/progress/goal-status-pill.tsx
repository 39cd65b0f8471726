import { cn } from "~/components/ui/cn";
import { goalStatusLabels, type GoalStatus } from "~/modules/progress/progress.schema";

// Dark text on a light tint: each pair passes AA (about 8:1 or better).
const colours: Record<GoalStatus, string> = {
  not_started: "bg-blue-100 text-blue-900 ring-blue-300",
  in_progress: "bg-orange-100 text-orange-900 ring-orange-300",
  completed: "bg-green-100 text-green-900 ring-green-300",
};

/** Goal status pill: not started blue, in progress orange, completed green. */
export function GoalStatusPill({ status }: { status: GoalStatus }) {
  return <span className={cn("inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1", colours[status])}>{goalStatusLabels[status]}</span>;
}
