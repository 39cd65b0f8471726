import { Suspense, useEffect, useId, useLayoutEffect, type ReactNode } from "react";

/**
 * `<html data-hydrated>` says the page answers clicks. React hydrates a part loaded on
 * demand (React.lazy) only once its code has arrived, after the rest of the page: until then
 * it is the server's markup, and a click on it is lost (the user menu's button did nothing
 * for a moment after the page was otherwise live). So the mark waits for the root and for
 * every part on demand that the server rendered into the first page.
 */
const waitingParts = new Set<string>();
let rootHydrated = false;

function markIfLive(): void {
  if (rootHydrated && waitingParts.size === 0) document.documentElement.dataset.hydrated = "";
}

/** Called once by the root layout: the page is hydrated but for its parts still on their way. */
export function useRootHydrated(): void {
  useEffect(() => {
    rootHydrated = true;
    markIfLive();
  }, []);
}

function Arrived({ id, children }: { id: string; children: ReactNode }) {
  useEffect(() => {
    waitingParts.delete(id);
    markIfLive();
  }, [id]);
  return children;
}

/** A part whose code loads on demand (a React.lazy component in `children`), shown as `fallback` until then. */
export function OnDemand({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const id = useId();
  // Counted while the first page hydrates (never after): layout effects all run before the
  // passive ones, so before the root's mark and before `Arrived` takes the part off again.
  useLayoutEffect(() => {
    if (!rootHydrated) waitingParts.add(id);
  }, [id]);
  return (
    <Suspense fallback={fallback}>
      <Arrived id={id}>{children}</Arrived>
    </Suspense>
  );
}
