import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/services.warrior-prep";
import { buttonClass } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import { seo, siteFromMatches } from "~/lib/seo";
import { CtaBand } from "~/views/marketing/cta-band";
import { CheckList, FeatureGrid } from "~/views/marketing/feature-grid";
import { siteImage } from "~/modules/marketing/images";
import { PageHero } from "~/views/marketing/page-hero";
import { Section } from "~/views/marketing/section";
import { warriorExpectations, warriorPhotos, warriorPillars, warriorSchedule } from "~/modules/marketing/services-content";
import { SocialFacade } from "~/views/marketing/social-facade";
import { pickSocialProfile } from "~/modules/marketing/social";
import { getSiteSettings } from "~/modules/settings/settings.server";

export async function loader() {
  return { social: pickSocialProfile(await getSiteSettings()) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seo({
    title: `Warrior Prep | ${site.siteName}`,
    description:
      "Warrior Prep: a demanding team programme for strength, conditioning and mental toughness. Monday and Wednesday 7-8 PM, Saturday 9-10 AM.",
    path: "/services/warrior-prep",
    ...site,
  });
};

export default function WarriorPrep({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Warrior Prep"
        intro="A demanding team programme that builds strength, conditioning and mental toughness, ready for whatever challenge comes next."
        image={siteImage("warrior-prep")}
        actions={
          <Link to="/contact" className={buttonClass("primary")}>
            Join Warrior Prep
          </Link>
        }
      />

      <Section title="The Six Pillars" eyebrow="Programme" intro="Everything we do in Warrior Prep trains one of these.">
        <FeatureGrid items={warriorPillars} cols={3} />
      </Section>

      <Section title="Inside Warrior Prep" eyebrow="Gallery" tone="dark">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {warriorPhotos.map(({ image, caption }) => (
            <li key={image}>
              <figure className="overflow-hidden rounded-2xl bg-zinc-900">
                <Picture image={siteImage(image)} sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" />
                <figcaption className="px-4 py-3 text-zinc-200">{caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Weekly Schedule" eyebrow="When we train">
        <ul className="grid gap-6 sm:grid-cols-3">
          {warriorSchedule.map(({ day, time }) => (
            <li key={day} className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-zinc-50 p-6">
              <CalendarClock className="size-8 shrink-0 text-brand" aria-hidden="true" />
              <p className="flex flex-col">
                <span className="text-xl font-bold uppercase">{day}</span>{" "}
                <span className="text-lg text-zinc-700">{time}</span>
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="What to Expect" eyebrow="Before you join" tone="muted">
        <CheckList items={warriorExpectations} className="md:grid-cols-2 md:gap-x-12" />
      </Section>

      {loaderData.social ? (
        <Section title="Follow the Journey" eyebrow="Social">
          <SocialFacade profile={loaderData.social} subject="Warrior Prep" />
        </Section>
      ) : null}

      <CtaBand title="Ready to Answer the Call?" text="Tell us where you are now and what you're preparing for. We'll reply within 24 hours.">
        <Link to="/contact" className={buttonClass("light")}>
          Apply for Warrior Prep
        </Link>
      </CtaBand>
    </>
  );
}
