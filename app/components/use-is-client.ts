import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False during SSR and hydration, true afterwards: what measures the DOM (charts) renders only in the browser. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
