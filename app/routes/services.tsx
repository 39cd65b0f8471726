import { ArrowRight, Landmark } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/services";
import { buttonClass } from "~/components/ui/button";
import { seo, siteFromMatches } from "~/lib/seo";
import { CtaBand } from "~/views/marketing/cta-band";
import { PackageList } from "~/views/marketing/package-card";
import { PageHero } from "~/views/marketing/page-hero";
import { Section } from "~/views/marketing/section";
import { listPublicPackages } from "~/modules/billing/products.server";
import { serviceLinks } from "~/modules/marketing/services-content";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seo({
    title: `Services & Packages | ${site.siteName}`,
    description:
      "Online coaching, group classes or one-to-one personal training, paid securely by Direct Debit. Compare our coaching packages and start your journey today.",
    path: "/services",
    ...site,
  });
};

/** The packages of this page, as the administrator set them in /admin/billing. */
export async function loader() {
  return { packages: await listPublicPackages("services") };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { packages } = loaderData;
  const weekly = packages.length > 0 && packages.every((p) => p.period === "/week");
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Services & Packages"
        intro="Coaching for every budget and schedule: online, in a group or one-to-one. Pick a package, tell us your goals, and we'll take it from there."
        actions={
          <a href="#packages" className={buttonClass("primary")}>
            Compare Packages
          </a>
        }
      />

      <Section id="packages" title="Weekly Packages" eyebrow="Pricing" intro={`Choose the level of coaching that suits you.${weekly ? " Every price is per week." : ""}`}>
        <PackageList
          packages={packages}
          action={(pkg) => (
            <Link to="/contact#contactForm" className={buttonClass(pkg.popular ? "primary" : "secondary", "w-full")}>
              Get Started<span className="sr-only"> with {pkg.name}</span>
            </Link>
          )}
        />
        <p className="mt-10 inline-flex items-center gap-3 rounded-full border border-zinc-200 bg-zinc-50 px-5 py-3 font-semibold text-zinc-800">
          <Landmark className="size-5 text-brand" aria-hidden="true" />
          Secure payments via Direct Debit
        </p>
      </Section>

      <Section title="Explore Our Services" eyebrow="Services" tone="muted" intro="Find out more about each way to train with us.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {serviceLinks.map(({ to, title, text }) => (
            <li key={to}>
              <Link to={to} className="group flex h-full flex-col rounded-2xl border border-zinc-200 bg-white p-6 transition-colors hover:border-brand">
                <h3 className="text-xl font-bold uppercase">{title}</h3>
                <p className="mt-2 flex-1 text-zinc-700">{text}</p>
                <span className="mt-4 inline-flex items-center gap-1 font-semibold text-brand">
                  Learn more<span className="sr-only"> about {title}</span>
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand title="Ready to Start?" text="Tell us about your goals and we'll reply within 24 hours.">
        <Link to="/contact#contactForm" className={buttonClass("light")}>
          Start Your Journey
        </Link>
      </CtaBand>
    </>
  );
}
