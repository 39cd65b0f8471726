import { X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";

interface ModalDialogProps {
  /** The heading's id, which names the dialog. */
  titleId: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A native modal dialog for the content manager: mounted open, it becomes modal at once
 * (focus moves in and stays inside, Escape closes it). Without JavaScript the server
 * renders it open in the page flow, so its forms and links still work.
 */
export function ModalDialog({ titleId, title, onClose, children, className }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      // Switching the server-rendered (non-modal) dialog to modal closes it once; that
      // close event arrives after showModal() and must not close it for good.
      onClose={() => {
        if (!ref.current?.open) onClose();
      }}
      className={cn("m-auto max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-zinc-900 shadow-2xl", className)}
    >
      <div className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold uppercase">
            {title}
          </h2>
          <button type="button" onClick={() => ref.current?.close()} className="rounded-md p-2 text-zinc-600 hover:bg-zinc-100" aria-label="Close">
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
