import { Link } from "react-router";
import type { Route } from "./+types/services.nutrition-coaching";
import { buttonClass } from "~/components/ui/button";
import { seo, siteFromMatches } from "~/lib/seo";
import { CtaBand } from "~/views/marketing/cta-band";
import { FeatureGrid } from "~/views/marketing/feature-grid";
import { siteImage } from "~/modules/marketing/images";
import { PackageList } from "~/views/marketing/package-card";
import { PageHero } from "~/views/marketing/page-hero";
import { Section } from "~/views/marketing/section";
import { listPublicPackages } from "~/modules/billing/products.server";
import { nutritionFeatures } from "~/modules/marketing/services-content";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seo({
    title: `Nutrition Coaching | ${site.siteName}`,
    description:
      "Nutrition coaching built around the food you enjoy: a personalised plan, clear guidance and regular check-ins. From a single consultation to 12 weeks.",
    path: "/services/nutrition-coaching",
    ...site,
  });
};

const results = [
  { value: "20-30 lbs", label: "average loss in 12 weeks" },
  { value: "95%", label: "of clients maintain their results" },
];

/** The packages of this page, as the administrator set them in /admin/billing. */
export async function loader() {
  return { packages: await listPublicPackages("nutrition-coaching") };
}

export default function NutritionCoaching({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Nutrition Coaching"
        intro="Eat for the results you train for. A plan built around the food you enjoy and the life you live, with a coach to keep you on track."
        image={siteImage("nutrition-coaching")}
        actions={
          <Link to="/contact" className={buttonClass("primary")}>
            Book a Consultation
          </Link>
        }
      />

      <Section title="What's Included" eyebrow="Features" intro="Practical coaching, not a diet sheet handed over and forgotten.">
        <FeatureGrid items={nutritionFeatures} />
        <dl className="mt-10 grid gap-6 sm:grid-cols-2">
          {results.map((r) => (
            <div key={r.label} className="flex flex-col-reverse gap-1 rounded-2xl bg-zinc-950 p-6 text-white">
              <dt className="text-zinc-300">{r.label}</dt>
              <dd className="font-display text-4xl font-bold text-brand-bright">{r.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="Nutrition Packages" eyebrow="Packages" tone="muted" intro="Start with a single consultation or commit to lasting change.">
        <PackageList
          packages={loaderData.packages} popularLabel="Popular"
          action={(pkg) => (
            <Link to="/contact" className={buttonClass(pkg.popular ? "primary" : "secondary", "w-full")}>
              Choose {pkg.name}
            </Link>
          )}
        />
      </Section>

      <CtaBand title="Eat for Your Goals" text="Tell us how you eat now and what you want to change. We'll reply within 24 hours.">
        <Link to="/contact" className={buttonClass("light")}>
          Start Nutrition Coaching
        </Link>
        <Link to="/services" className={buttonClass("inverse")}>
          View All Services
        </Link>
      </CtaBand>
    </>
  );
}
