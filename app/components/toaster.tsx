import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import type { Toast } from "~/lib/toast";

/** Shows toasts raised in the browser and the one a server redirect carried. */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  useEffect(() => {
    if (!serverToast) return;
    const show = serverToast.type === "error" ? toast.error : toast.success;
    // Defer so the toaster has mounted after a full page load.
    const timer = setTimeout(() => show(serverToast.title, { description: serverToast.description }), 0);
    return () => clearTimeout(timer);
  }, [serverToast]);
  // Bottom right: at the top they covered the header's user menu and sign-in buttons.
  return <Sonner position="bottom-right" richColors closeButton />;
}
