import { Link } from "react-router";
import type { Route } from "./+types/services.group-classes";
import { buttonClass } from "~/components/ui/button";
import { seo, siteFromMatches } from "~/lib/seo";
import { ClassTypeCard, ScheduleTable } from "~/views/marketing/class-schedule";
import { CtaBand } from "~/views/marketing/cta-band";
import { FeatureGrid } from "~/views/marketing/feature-grid";
import { siteImage } from "~/modules/marketing/images";
import { PageHero } from "~/views/marketing/page-hero";
import { Section } from "~/views/marketing/section";
import { classTypes, groupClassBenefits, groupClassSchedule } from "~/modules/marketing/services-content";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seo({
    title: `Group Classes | ${site.siteName}`,
    description:
      "Small-group HIIT, Strength & Conditioning, Functional Fitness and Core & Flexibility classes, coached every week. See the timetable and book your class.",
    path: "/services/group-classes",
    ...site,
  });
};

export default function GroupClasses() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Group Classes"
        intro="Small-group training with a coach watching every rep: HIIT, strength, functional fitness and core, through the week."
        image={siteImage("group-classes")}
        actions={
          <a href="#schedule" className={buttonClass("primary")}>
            See the Timetable
          </a>
        }
      />

      <Section title="Why Train in a Group?" eyebrow="Benefits">
        <FeatureGrid items={groupClassBenefits} />
      </Section>

      <Section title="Class Types" eyebrow="Classes" tone="muted" intro="Four classes, each with a small group so the coach can coach you.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {classTypes.map((c) => (
            <li key={c.name} className="grid">
              <ClassTypeCard classType={c} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="schedule" title="Weekly Schedule" eyebrow="Timetable" intro="Pick a class and book your place.">
        <ScheduleTable rows={groupClassSchedule} caption="Group class timetable" />
      </Section>

      <CtaBand title="Find Your Class" text="Tell us which class suits you and we'll reply within 24 hours.">
        <Link to="/contact" className={buttonClass("light")}>
          Book Your First Class
        </Link>
        <Link to="/services" className={buttonClass("inverse")}>
          View All Services
        </Link>
      </CtaBand>
    </>
  );
}
