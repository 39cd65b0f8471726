import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { cn } from "~/components/ui/cn";

interface ProgressDialogProps {
  title: string;
  /** While true: the overlay shows, Escape and the close button do nothing. */
  saving: boolean;
  /** Called once the dialog has closed (Escape, the close button or `dialogRef.current.close()`). */
  onClosed: () => void;
  dialogRef?: RefObject<HTMLDialogElement | null>;
  /** Shown above the form (outside it): the 'sign in again' notice. */
  notice?: ReactNode;
  size?: "md" | "sm";
  children: ReactNode;
}

/**
 * The progress forms' modal: a native <dialog> opened with showModal(), so focus moves
 * in and stays in, and Escape closes it, except while saving. The caller returns
 * focus to the button that opened it.
 */
export function ProgressDialog({ title, saving, onClosed, dialogRef, notice, size = "md", children }: ProgressDialogProps) {
  const ownRef = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? ownRef;
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    // showModal() focuses the first focusable element, the close button; the first
    // field (or a marked element) is where a person wants to start.
    dialog.querySelector<HTMLElement>("[data-autofocus], form input:not([type=hidden]), form select, form textarea")?.focus();
  }, [ref]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-busy={saving || undefined}
      onCancel={(event) => {
        if (saving) event.preventDefault();
      }}
      onClose={onClosed}
      className={cn(
        "m-auto max-h-[90vh] overflow-y-auto rounded-xl bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60",
        size === "md" ? "w-[min(36rem,calc(100vw-2rem))]" : "w-[min(28rem,calc(100vw-2rem))]",
      )}
    >
      <div className="relative p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold uppercase">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            disabled={saving}
            className="rounded-md p-2 text-zinc-600 hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {notice}
        {children}
        {saving ? (
          <div role="status" className="absolute inset-0 flex items-center justify-center gap-3 rounded-xl bg-white/90 text-lg font-semibold text-zinc-900">
            <span className="size-6 animate-spin rounded-full border-2 border-zinc-300 border-t-brand" aria-hidden="true" />
            Saving data, please wait...
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
