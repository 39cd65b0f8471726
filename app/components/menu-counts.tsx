/**
 * Counts the signed-in user's menu shows (the root loader reads them): members who need the
 * coach (staff), unread messages (everyone; counted up to 100), members waiting for their
 * account to be deleted (administrators).
 */
export interface MenuCounts {
  attention: number | null;
  messages: number | null;
  deletionRequests: number | null;
}

export const noMenuCounts: MenuCounts = { attention: null, messages: null, deletionRequests: null };

/**
 * A small count beside a menu entry; nothing when there is nothing to count. `label`
 * completes it for screen readers; without one it is for the eye only (on the menu's
 * button, whose name stays the user's name: the entries inside say the counts).
 */
export function CountBadge({ count, label }: { count: number | null; label?: string }) {
  if (!count) return null;
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-brand px-2 text-xs font-bold text-white" aria-hidden={label ? undefined : true}>
      {count > 99 ? "99+" : count}
      {label ? <span className="sr-only"> {label}</span> : null}
    </span>
  );
}
