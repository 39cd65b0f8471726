import { Lock } from "lucide-react";

/** The spec's 'Members Only' badge, laid over an article's image. */
export function MembersOnlyBadge({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full bg-zinc-950 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white ${className}`}>
      <Lock className="size-3.5" aria-hidden="true" /> Members Only
    </span>
  );
}

/** Drafts are visible to trainers and admins only, and always marked. */
export function DraftBadge({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full border border-amber-700 bg-amber-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900 ${className}`}>
      Draft
    </span>
  );
}
