import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { registerMemberApp } from "./offline-app";

/** Chromium's install prompt (not in the DOM's types). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
}

// Listened for as this module loads (with the member area's code), before React hydrates:
// the browser offers the prompt once per page, possibly early.
let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offered = null;
    changed();
  });
}
const subscribe = (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener));

/** The member area registers the service worker (decision 0092): it is the app, with its offline workouts. */
export function useMemberServiceWorker(): void {
  useEffect(registerMemberApp, []);
}

type Platform = "installed" | "ios" | "other";

function platform(): Platform {
  const standalone = window.matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  if (standalone) return "installed";
  const ios = /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  return ios ? "ios" : "other";
}

/**
 * 'Install' where the browser offers it (Chromium's prompt); on an iPhone or iPad, how to
 * add it from Safari's Share menu; nothing once installed or where neither applies.
 */
export function InstallApp() {
  const prompt = useSyncExternalStore(
    subscribe,
    () => offered,
    () => null,
  );
  const [where, setWhere] = useState<Platform>("installed");
  useEffect(() => setWhere(platform()), []);
  if (where === "installed") return null;
  if (prompt)
    return (
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        onClick={() => {
          offered = null;
          changed();
          void prompt.prompt();
        }}
      >
        Install
      </Button>
    );
  if (where === "ios") return <p className="text-sm text-zinc-700">To install this app on your iPhone or iPad: tap Share, then Add to Home Screen.</p>;
  return null;
}
