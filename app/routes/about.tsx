import { ArrowDown } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { buttonClass } from "~/components/ui/button";
import { Carousel } from "~/components/ui/carousel";
import { Picture } from "~/components/ui/picture";
import { getEnv } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { DEFAULT_BUSINESS_NAME } from "~/lib/business-name";
import { CtaBand } from "~/views/marketing/cta-band";
import { siteImage } from "~/modules/marketing/images";
import { JourneyStageCard } from "~/views/marketing/journey-stage-card";
import { PageHero } from "~/views/marketing/page-hero";
import { Section } from "~/views/marketing/section";
import { journeyStages, principles, storyQuote, storyStats, storyTimeline, whoIAm } from "~/modules/marketing/story";
import { getSiteSettings } from "~/modules/settings/settings.server";

export async function loader() {
  const { businessName, coachName } = await getSiteSettings();
  return { origin: getEnv().BASE_URL, businessName, coachName };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: `About the Coach: From Ordinary to Extraordinary | ${loaderData?.businessName ?? DEFAULT_BUSINESS_NAME}`,
    description:
      "The coach's journey from ordinary to extraordinary: 35+ pounds of fat lost, 20+ pounds of muscle gained, and over 5 years of coaching others to do the same.",
    path: "/about",
    origin: loaderData?.origin ?? "",
    siteName: loaderData?.businessName,
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { coachName, businessName } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={coachName ? `${coachName}'s Journey` : "The Coach's Journey"}
        title="From Ordinary to Extraordinary"
        intro="How an ordinary person with an ordinary routine became a coach who helps others go further than they thought they could."
        actions={
          <a href="#journey" className={buttonClass("primary")}>
            Discover My Story <ArrowDown className="size-4" aria-hidden="true" />
          </a>
        }
      />

      <Section title="Who I Am" eyebrow="The coach">
        <div className="grid gap-12 lg:grid-cols-[1.4fr_1fr] lg:items-start">
          <div className="max-w-prose space-y-5 text-lg text-zinc-700">
            {whoIAm.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
            {storyStats.map((stat) => (
              <li key={stat.label} className="rounded-2xl border border-zinc-200 bg-zinc-50 p-6">
                <span className="block font-display text-5xl font-bold text-brand">{stat.value}</span>{" "}
                <span className="mt-1 block font-semibold uppercase tracking-wide text-zinc-800">{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="journey" title="My Journey" eyebrow="Four turning points" tone="muted" intro="Four years that changed everything, and the mission that came out of them.">
        {/* Both layouts are in the server HTML; CSS shows one, and display:none keeps the other away from assistive tech. */}
        <ol className="grid gap-6 md:hidden">
          {journeyStages.map((stage) => (
            <li key={stage.id}>
              <JourneyStageCard stage={stage} sizes="calc(100vw - 2rem)" />
            </li>
          ))}
        </ol>
        <div className="hidden md:block">
          <Carousel label="Journey stages" showCounter>
            {journeyStages.map((stage) => (
              <JourneyStageCard key={stage.id} stage={stage} sizes="(min-width: 1280px) 400px, (min-width: 1024px) 50vw, 100vw" />
            ))}
          </Carousel>
        </div>
      </Section>

      <Section title="From Then to Now" eyebrow="The timeline">
        <ol className="grid gap-8 md:grid-cols-3">
          {storyTimeline.map((step, index) => (
            <li key={step.title} className="relative border-l-4 border-brand pl-6 md:border-l-0 md:border-t-4 md:pl-0 md:pt-6">
              <p className="font-display text-sm font-semibold uppercase tracking-[0.2em] text-brand">
                Step {index + 1} · {step.label}
              </p>
              <h3 className="mt-2 text-2xl font-bold uppercase">{step.title}</h3>
              <p className="mt-2 text-zinc-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="In My Words" eyebrow="Why I coach" tone="dark">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <figure className="space-y-6">
            <blockquote className="border-l-4 border-brand-bright pl-6 font-display text-3xl font-semibold leading-snug sm:text-4xl">
              <p>&ldquo;{storyQuote}&rdquo;</p>
            </blockquote>
            <figcaption className="pl-7 text-lg text-zinc-300">
              &mdash; {coachName ? `${coachName}, founder of ${businessName}` : `Founder and head coach, ${businessName}`}
            </figcaption>
          </figure>
          <div className="overflow-hidden rounded-2xl shadow-2xl shadow-black/50">
            <Picture image={siteImage("coach")} sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw" />
          </div>
        </div>
      </Section>

      <Section title="My Philosophy" eyebrow="How I coach" intro="Three principles behind every programme I write.">
        <ul className="grid gap-6 md:grid-cols-3">
          {principles.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-2xl border border-zinc-200 p-8">
              <Icon className="size-10 text-brand" aria-hidden="true" />
              <h3 className="mt-4 text-2xl font-bold uppercase">{title}</h3>
              <p className="mt-2 text-zinc-700">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand title="Ready to write your own story?" text="Tell me where you are and where you want to be. I'll reply within 24 hours.">
        <Link to="/contact#contactForm" className={buttonClass("light")}>
          Begin Your Transformation
        </Link>
      </CtaBand>
    </>
  );
}
