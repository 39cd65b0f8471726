/** The spec's 'Loading...' spinner, announced to screen readers. */
export function Spinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-zinc-700">
      <span className="size-6 animate-spin rounded-full border-2 border-zinc-300 border-t-brand" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
