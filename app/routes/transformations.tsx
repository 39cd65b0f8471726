import { Link } from "react-router";
import type { Route } from "./+types/transformations";
import { buttonClass } from "~/components/ui/button";
import { Carousel } from "~/components/ui/carousel";
import { getEnv } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { DEFAULT_BUSINESS_NAME } from "~/lib/business-name";
import { ClientStoryCard } from "~/views/marketing/client-story-card";
import { CtaBand } from "~/views/marketing/cta-band";
import { PageHero } from "~/views/marketing/page-hero";
import { Section } from "~/views/marketing/section";
import { clientStories, EXAMPLE_STORIES_NOTE, storiesAreExamples } from "~/modules/marketing/transformations";
import { getSiteSettings } from "~/modules/settings/settings.server";

export async function loader() {
  const { businessName } = await getSiteSettings();
  return { origin: getEnv().BASE_URL, businessName };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: `Client Transformations | ${loaderData?.businessName ?? DEFAULT_BUSINESS_NAME}`,
    description:
      "What a coaching programme can look like: personal training, nutrition coaching, group classes and Warrior Prep, with the goals, the plan and the results that follow.",
    path: "/transformations",
    origin: loaderData?.origin ?? "",
    siteName: loaderData?.businessName,
  });

export default function Transformations() {
  return (
    <>
      <PageHero
        eyebrow="Transformations"
        title="Client Transformations"
        intro="Every transformation starts the same way: a goal, an honest starting point and a plan built around one person. Here is what that can look like."
        actions={
          <>
            <Link to="/contact#contactForm" className={buttonClass("primary")}>
              Start Your Transformation
            </Link>
            <Link to="/about" className={buttonClass("inverse")}>
              Meet Your Coach
            </Link>
          </>
        }
      />

      <Section title="Client Stories" eyebrow="Programmes in practice" tone="muted" intro="Four programmes, four different starting points, one approach: train hard, eat well and never settle.">
        <Carousel label="Client stories">
          {clientStories.map((story) => (
            <ClientStoryCard key={story.id} story={story} />
          ))}
        </Carousel>
        {storiesAreExamples ? <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-zinc-700">{EXAMPLE_STORIES_NOTE}</p> : null}
      </Section>

      <CtaBand title="Your story starts here" text="Tell us about your goals and we'll reply within 24 hours.">
        <Link to="/contact#contactForm" className={buttonClass("light")}>
          Apply for Coaching
        </Link>
        <Link to="/about" className={buttonClass("inverse")}>
          Read the Coach&apos;s Story
        </Link>
      </CtaBand>
    </>
  );
}
