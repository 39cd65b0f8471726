import { cn } from "~/components/ui/cn";

const colours: Record<string, string> = {
  new: "bg-blue-100 text-blue-900 ring-blue-300",
  read: "bg-orange-100 text-orange-900 ring-orange-300",
  responded: "bg-green-100 text-green-900 ring-green-300",
};

/** Status pill: new blue, read orange, responded green, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1", colours[status] ?? "bg-zinc-100 text-zinc-800 ring-zinc-300")}>
      {status}
    </span>
  );
}
