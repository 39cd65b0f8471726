import { X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { cn } from "~/components/ui/cn";
import { statusLabels, type TrainingSessionStatus } from "~/modules/training-sessions/training-sessions.schema";

const colours: Record<TrainingSessionStatus, string> = {
  scheduled: "bg-blue-100 text-blue-900 ring-blue-300",
  completed: "bg-green-100 text-green-900 ring-green-300",
  cancelled: "bg-zinc-100 text-zinc-800 ring-zinc-300",
};

/** Session status pill: scheduled blue, completed green, cancelled grey. */
export function SessionStatusBadge({ status }: { status: TrainingSessionStatus }) {
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1", colours[status])}>{statusLabels[status]}</span>;
}

/**
 * A modal <dialog> opened from the URL. Rendered on the server it is a plain open
 * dialog (usable without JavaScript); once hydrated it becomes modal, so focus moves
 * in, the page behind is inert and Escape closes it. `focusKey` changes when the
 * content changes: focus then moves to the element marked data-autofocus. Closing
 * (Escape or the Close link) goes to `closeHref`.
 */
export function Modal({
  labelledBy,
  closeHref,
  focusKey,
  children,
  className,
}: {
  labelledBy: string;
  closeHref: string;
  focusKey: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { key } = useLocation();

  // Open (modal) at every arrival at its URL: also when the same dialog is asked for again
  // while its close was still loading (Escape, then the same link at once), which keeps
  // this element mounted but closed.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
  }, [key]);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [focusKey]);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={labelledBy}
      // Turning the server-rendered dialog modal closes it once; only a real close leaves.
      onClose={() => {
        if (!ref.current?.open) void navigate(closeHref, { preventScrollReset: true });
      }}
      className={cn("m-auto max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-zinc-900 shadow-2xl", className)}
    >
      <div className="relative p-6 sm:p-8">
        <Link to={closeHref} preventScrollReset className="absolute top-4 right-4 rounded-md p-2 text-zinc-600 hover:bg-zinc-100" aria-label="Close">
          <X className="size-5" aria-hidden="true" />
        </Link>
        {children}
      </div>
    </dialog>
  );
}
