import { useEffect, useRef } from "react";

/** A native <dialog> shown as a modal while `open` (focus kept inside, Escape closes it) and closed otherwise: give it the returned ref. */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
