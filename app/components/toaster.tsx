import { X } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Toast } from "~/lib/toast";
import { cn } from "./ui/cn";
import { dismissToast, shownToasts, subscribeToToasts, toast, type ShownToast } from "./toast";

/** How long a toast stays: an error longer, as it asks the person to act. Paused while pointed at or focused. */
const SHOWN_MS = { success: 5000, error: 8000 } as const;
const NONE: readonly ShownToast[] = [];

function ToastItem({ item, paused }: { item: ShownToast; paused: boolean }) {
  const [left, setLeft] = useState<number>(SHOWN_MS[item.type]);
  const startedAt = useRef(0);
  useEffect(() => {
    if (paused) return;
    startedAt.current = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), left);
    return () => {
      clearTimeout(timer);
      setLeft((ms) => Math.max(0, ms - (Date.now() - startedAt.current)));
    };
  }, [paused, item.id, left]);
  return (
    <div
      role="status"
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 text-sm shadow-lg",
        item.type === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800",
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{item.title}</p>
        {item.description ? <p className="mt-0.5">{item.description}</p> : null}
      </div>
      <button type="button" onClick={() => dismissToast(item.id)} aria-label="Close notification" className="-m-1 rounded p-1 hover:bg-black/5">
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * Shows toasts raised in the browser and the one a server redirect carried, at the bottom
 * right (at the top they covered the header's user menu and sign-in buttons). Each is a
 * status message screen readers announce; the list pauses while the pointer or the focus
 * is in it, so nobody has to read against a clock (decision 0099).
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const items = useSyncExternalStore(subscribeToToasts, shownToasts, () => NONE);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (serverToast) toast[serverToast.type](serverToast.title, { description: serverToast.description });
  }, [serverToast]);
  return (
    <section
      aria-label="Notifications"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      className="pointer-events-none fixed bottom-4 right-4 z-[60] w-[min(24rem,calc(100vw-2rem))]"
    >
      <div className="flex flex-col gap-2">
        {items.map((item) => (
          <ToastItem key={item.id} item={item} paused={hovered || focused} />
        ))}
      </div>
    </section>
  );
}
