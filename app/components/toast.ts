/**
 * Toasts raised in the browser: `toast.success(title, { description })` and `toast.error(…)`
 * add one to the list the Toaster shows (toaster.tsx). At most three at a time, the oldest
 * leaving first (decision 0099).
 */
import type { Toast } from "~/lib/toast";

export interface ShownToast extends Toast {
  id: number;
}

const MAX_SHOWN = 3;
let shown: readonly ShownToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly ShownToast[]): void {
  shown = next;
  for (const listener of listeners) listener();
}

function show(type: Toast["type"], title: string, options: { description?: string } = {}): void {
  set([...shown, { id: nextId++, type, title, description: options.description }].slice(-MAX_SHOWN));
}

export const toast = {
  success: (title: string, options?: { description?: string }) => show("success", title, options),
  error: (title: string, options?: { description?: string }) => show("error", title, options),
};

export function dismissToast(id: number): void {
  set(shown.filter((t) => t.id !== id));
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const shownToasts = (): readonly ShownToast[] => shown;
