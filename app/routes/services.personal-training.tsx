import { Link } from "react-router";
import type { Route } from "./+types/services.personal-training";
import { buttonClass } from "~/components/ui/button";
import { seo, siteFromMatches } from "~/lib/seo";
import { CtaBand } from "~/views/marketing/cta-band";
import { CheckList, FeatureGrid } from "~/views/marketing/feature-grid";
import { siteImage } from "~/modules/marketing/images";
import { PackageList } from "~/views/marketing/package-card";
import { PageHero } from "~/views/marketing/page-hero";
import { Section } from "~/views/marketing/section";
import { listPublicPackages } from "~/modules/billing/products.server";
import { personalTrainingBenefits, personalTrainingFeatures } from "~/modules/marketing/services-content";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seo({
    title: `Personal Training | ${site.siteName}`,
    description:
      "One-to-one personal training built around your goals and schedule, from a coach with over 5 years of experience. Choose the block of sessions that suits you.",
    path: "/services/personal-training",
    ...site,
  });
};

/** The packages of this page, as the administrator set them in /admin/billing. */
export async function loader() {
  return { packages: await listPublicPackages("personal-training") };
}

export default function PersonalTraining({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Personal Training"
        intro="One-to-one coaching from a coach with over 5 years of experience, built around your body, your goals and your schedule."
        image={siteImage("personal-training")}
        actions={
          <Link to="/contact" className={buttonClass("primary")}>
            Book a Session
          </Link>
        }
      />

      <Section title="Why Personal Training?" eyebrow="Benefits" intro="Every session is planned for you and coached by someone watching every rep.">
        <CheckList items={personalTrainingBenefits} className="md:grid-cols-2 md:gap-x-12" />
      </Section>

      <Section title="What You Get" eyebrow="Features" tone="muted">
        <FeatureGrid items={personalTrainingFeatures} tone="muted" />
      </Section>

      <Section title="Personal Training Packages" eyebrow="Packages" intro="Choose a block of sessions. Not sure which one? Ask us and we'll help you decide.">
        <PackageList
          packages={loaderData.packages} popularLabel="Most Popular"
          action={(pkg) => (
            <Link to="/contact" className={buttonClass(pkg.popular ? "primary" : "secondary", "w-full")}>
              Choose {pkg.name}
            </Link>
          )}
        />
      </Section>

      <CtaBand title="Ready to Train One-to-One?" text="Tell us about your goals and we'll reply within 24 hours.">
        <Link to="/contact" className={buttonClass("light")}>
          Book Your First Session
        </Link>
        <Link to="/about" className={buttonClass("inverse")}>
          Meet Your Coach
        </Link>
      </CtaBand>
    </>
  );
}
