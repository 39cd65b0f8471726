import { useId, type ReactNode } from "react";
import { useModal } from "./use-modal";

/**
 * A modal question before an action that cannot be taken back: its title, what follows,
 * and `children` (the form whose buttons answer it, Cancel first so it has the focus).
 * Escape closes it too.
 */
export function ConfirmDialog({ open, onClose, title, text, children }: { open: boolean; onClose: () => void; title: ReactNode; text: ReactNode; children: ReactNode }) {
  const ref = useModal(open);
  const id = useId();
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-black/60"
    >
      <div className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-2xl font-bold uppercase">
          {title}
        </h2>
        <p id={`${id}-text`} className="text-zinc-700">
          {text}
        </p>
        {children}
      </div>
    </dialog>
  );
}
