import { ArrowRight, Dumbbell, Salad, Shield, Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { useNonce } from "~/components/nonce";
import { buttonClass } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import { getEnv } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { DEFAULT_BUSINESS_NAME } from "~/lib/business-name";
import { CtaBand } from "~/views/marketing/cta-band";
import { siteImage } from "~/modules/marketing/images";
import { localBusinessJsonLd } from "~/modules/marketing/local-business";
import { Section } from "~/views/marketing/section";
import { getSiteSettings } from "~/modules/settings/settings.server";

export async function loader() {
  const settings = await getSiteSettings();
  const origin = getEnv().BASE_URL;
  return { origin, businessName: settings.businessName, jsonLd: localBusinessJsonLd(settings, origin) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: `${loaderData?.businessName ?? DEFAULT_BUSINESS_NAME} | Personal Training & Coaching`,
    description:
      "Train With Relentless Intensity: personal training, group classes, nutrition coaching and Warrior Prep. 300+ clients transformed. Apply for coaching today.",
    path: "/",
    origin: loaderData?.origin ?? "",
    siteName: loaderData?.businessName,
  });

const claims = [
  { value: "300+", label: "Clients Transformed" },
  { value: "100%", label: "Intensity Guarantee" },
  { value: "24/7", label: "Team Support" },
];

const services = [
  { to: "/services/personal-training", title: "Personal Training", text: "One-to-one sessions built around your body, your goals and your schedule.", icon: Dumbbell },
  { to: "/services/group-classes", title: "Group Classes", text: "Small groups, big energy: HIIT, strength, functional fitness and core.", icon: Users },
  { to: "/services/nutrition-coaching", title: "Nutrition Coaching", text: "Eat for the results you train for, with a plan you can keep.", icon: Salad },
  { to: "/services/warrior-prep", title: "Warrior Prep", text: "A demanding programme that builds body and mind for any challenge.", icon: Shield },
];

const results = [
  { value: "20-30 lbs", label: "average loss in 12 weeks" },
  { value: "95%", label: "of clients maintain their results" },
  { value: "5+ years", label: "of coaching experience" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <section className="relative overflow-hidden bg-zinc-950 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
          <div className="space-y-8">
            <p className="font-display text-sm font-semibold uppercase tracking-[0.3em] text-brand-bright">Personal training &amp; coaching</p>
            <h1 className="text-5xl font-bold uppercase leading-none sm:text-7xl">Train With Relentless Intensity</h1>
            <p className="max-w-xl text-lg text-zinc-300">
              Coaching for people who are done with half measures: training, nutrition and accountability that turn effort into results you can
              see.
            </p>
            <div className="flex flex-wrap gap-4">
              <Link to="/contact" className={buttonClass("primary")}>
                Ignite Your Transformation
              </Link>
              <Link to="/about" className={buttonClass("inverse")}>
                Meet Your Coach
              </Link>
            </div>
            <dl className="grid max-w-lg grid-cols-3 gap-4 border-t border-white/15 pt-8">
              {claims.map((c) => (
                <div key={c.label} className="flex flex-col-reverse gap-1">
                  <dt className="text-sm text-zinc-300">{c.label}</dt>
                  <dd className="font-display text-3xl font-bold text-white sm:text-4xl">{c.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="overflow-hidden rounded-2xl shadow-2xl shadow-black/50">
            <Picture image={siteImage("home-hero")} priority sizes="(min-width: 1024px) 45vw, 100vw" />
          </div>
        </div>
      </section>

      <Section title="How We Train" eyebrow="Services" intro="Four ways to work with us. Every one of them starts with an application and a conversation.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map(({ to, title, text, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="group flex h-full flex-col rounded-2xl border border-zinc-200 p-6 transition-colors hover:border-brand hover:bg-zinc-50">
                <Icon className="size-8 text-brand" aria-hidden="true" />
                <h3 className="mt-4 text-xl font-bold uppercase">{title}</h3>
                <p className="mt-2 flex-1 text-zinc-700">{text}</p>
                <span className="mt-4 inline-flex items-center gap-1 font-semibold text-brand">
                  Learn more <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-10">
          <Link to="/services" className={buttonClass("secondary")}>
            Compare packages
          </Link>
        </p>
      </Section>

      <Section title="Results That Last" eyebrow="Transformations" tone="dark" intro="Intensity is only worth it if the results stay.">
        <dl className="grid gap-6 sm:grid-cols-3">
          {results.map((r) => (
            <div key={r.label} className="flex flex-col-reverse gap-2 rounded-2xl border border-white/15 p-6">
              <dt className="text-zinc-300">{r.label}</dt>
              <dd className="font-display text-4xl font-bold text-brand-bright">{r.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-10">
          <Link to="/transformations" className={buttonClass("inverse")}>
            See client transformations
          </Link>
        </p>
      </Section>

      <CtaBand title="Ready to start?" text="Tell us about your goals and we'll reply within 24 hours.">
        <Link to="/contact#contactForm" className={buttonClass("light")}>
          Ignite Your Transformation
        </Link>
      </CtaBand>
    </>
  );
}
