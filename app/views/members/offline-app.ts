/** The member's app offline (decision 0092), for the member area's React pages and the screens on a script of their own. */

/** Registers the service worker: the member area is the app, with its offline workouts. */
export function registerMemberApp(): void {
  if ("serviceWorker" in navigator) void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
}

/**
 * Has the worker keep `path`'s document (its query too: the page of a workout not started yet, decision 0112), so it reloads without a connection: a page loaded
 * under the worker was kept as it loaded; on the worker's first visit the page is fetched
 * again once the worker controls it.
 */
export function keepForOffline(path: string): void {
  const worker = navigator.serviceWorker;
  if (!worker) return;
  const keep = () => void (navigator.onLine ? fetch(path, { credentials: "same-origin", headers: { Accept: "text/html" } }).catch(() => undefined) : undefined);
  if (!worker.controller) {
    worker.addEventListener("controllerchange", keep, { once: true });
    return;
  }
  const loaded = performance.getEntriesByType("navigation")[0];
  const at = loaded ? new URL(loaded.name) : null;
  if (!at || at.pathname + at.search !== path) keep();
}
