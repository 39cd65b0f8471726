import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { cn } from "~/components/ui/cn";
import type { ProgressOverview } from "~/modules/progress/progress-types";
import { PROGRESS_PATH } from "./progress-links";
import { failureToast, type ProgressActionData } from "./progress-answers";

/**
 * lbs or kg; measurements follow (inches or cm). Used in the Progress section and in
 * Settings; it posts intent "set-unit" to /members/progress, whose action saves it in the
 * member's profile; the page it sits on then reloads with the new unit.
 */
export function UnitSwitch({ unit }: { unit: ProgressOverview["unit"] }) {
  const fetcher = useFetcher<ProgressActionData>();
  const handled = useRef<ProgressActionData | null>(null);
  // Two switches may share a page (or a test renders several): each needs its own label id.
  const labelId = useId();
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) toast.success(result.toast.title, { description: result.toast.description });
    else toast.error(failureToast(result).title, { description: failureToast(result).description });
  }, [fetcher.state, fetcher.data]);
  const pending = fetcher.formData?.get("unit");
  const shown = typeof pending === "string" ? pending : unit;
  return (
    <fetcher.Form method="post" action={PROGRESS_PATH} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-unit" />
      <span id={labelId} className="text-sm font-semibold text-zinc-800">
        Units:
      </span>
      <div role="group" aria-labelledby={labelId} className="inline-flex rounded-md ring-1 ring-zinc-300">
        {(["lbs", "kg"] as const).map((u) => (
          <button
            key={u}
            type="submit"
            name="unit"
            value={u}
            aria-pressed={shown === u}
            disabled={fetcher.state !== "idle"}
            className={cn("min-h-10 px-3 text-sm font-semibold first:rounded-l-md last:rounded-r-md", shown === u ? "bg-zinc-900 text-white" : "bg-white text-zinc-800 hover:bg-zinc-100")}
          >
            {u}
          </button>
        ))}
      </div>
    </fetcher.Form>
  );
}
