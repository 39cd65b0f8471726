import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import type { PublicPackage } from "~/modules/billing/product-labels";

/** One package with its price; the popular one stands out, labelled 'Most Popular' (or the given badge). */
export function PackageCard({ pkg, action, popularLabel = "Most Popular" }: { pkg: PublicPackage; action: ReactNode; popularLabel?: string }) {
  return (
    <article
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white p-8 text-zinc-900 shadow-sm",
        pkg.popular ? "border-brand ring-2 ring-brand lg:-translate-y-2" : "border-zinc-200",
      )}
    >
      {pkg.popular ? (
        <p className="absolute -top-3 left-8 rounded-full bg-brand px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">{popularLabel}</p>
      ) : null}
      <h3 className="text-2xl font-bold uppercase">{pkg.name}</h3>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="font-display text-5xl font-bold">{pkg.price}</span>
        <span className="text-zinc-600">{pkg.period}</span>
      </p>
      <p className="mt-4 text-zinc-700">{pkg.description}</p>
      <ul className="mt-6 flex-1 space-y-3">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {pkg.note ? <p className="mt-6 text-sm text-zinc-600">{pkg.note}</p> : null}
      <div className="mt-8">{action}</div>
    </article>
  );
}

/** The packages of a page, side by side from large screens up; without any, where to ask instead. */
export function PackageList({ packages, action, popularLabel }: { packages: PublicPackage[]; action: (pkg: PublicPackage) => ReactNode; popularLabel?: string }) {
  if (packages.length === 0) return <p className="text-zinc-700">Ask us about packages and prices: we'll reply within 24 hours.</p>;
  return (
    <ul className="grid gap-8 pt-3 lg:grid-cols-3">
      {packages.map((pkg) => (
        <li key={pkg.id} className="grid">
          <PackageCard pkg={pkg} popularLabel={popularLabel} action={action(pkg)} />
        </li>
      ))}
    </ul>
  );
}
