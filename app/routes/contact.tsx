import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import type { Route } from "./+types/contact";
import { getClientIp } from "~/lib/client-ip.server";
import { runAction } from "~/lib/action.server";
import { keepFormWhenUnanswered, NO_INTENT } from "~/lib/unanswered-save";
import { seo, siteFromMatches } from "~/lib/seo";
import { applyForCoaching } from "~/modules/contacts/contacts.server";
import { IntakeForm, type IntakeActionData } from "~/views/contacts/intake-form";
import { PageHero } from "~/views/marketing/page-hero";
import { getSiteSettings } from "~/modules/settings/settings.server";

const HASH_SCROLL_DELAY_MS = 100;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seo({
    title: `Contact & Apply for Coaching | ${site.siteName}`,
    description: "Get in touch and apply for coaching: tell us about your goals, experience and availability. We reply within 24 hours.",
    path: "/contact",
    ...site,
  });
};

/** A refused application's Retry-After (set by the action) is sent with the response. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const out = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

export async function loader() {
  const { phone, email, address } = await getSiteSettings();
  return { phone, email, address };
}

export function action({ request }: Route.ActionArgs) {
  return runAction(request, (form) => applyForCoaching(form, getClientIp(request)));
}

/**
 * An application that never got an answer from the action (the connection dropped, the
 * server or a proxy in front of it failed) keeps the form filled and shows the spec's
 * 'Something went wrong. Please try again.' (an answer without a message), where the
 * router would otherwise replace the page with the error screen.
 */
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnanswered(request, serverAction, { [NO_INTENT]: { ok: false, status: 503, intent: null, error: null, title: null, fieldErrors: {}, values: {} } });
}

/** /contact#contactForm scrolls smoothly to the form after 100 ms (as the spec says). */
function useHashScroll() {
  const location = useLocation();
  useEffect(() => {
    if (location.hash !== "#contactForm") return;
    const timer = setTimeout(() => document.getElementById("contactForm")?.scrollIntoView({ behavior: "smooth", block: "start" }), HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.hash, location.key]);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  useHashScroll();
  const details = [
    loaderData.phone ? { icon: Phone, label: "Phone", value: loaderData.phone, href: `tel:${loaderData.phone.replace(/\s+/g, "")}` } : null,
    loaderData.email ? { icon: Mail, label: "Email", value: loaderData.email, href: `mailto:${loaderData.email}` } : null,
    loaderData.address ? { icon: MapPin, label: "Address", value: loaderData.address } : null,
  ].filter((d) => d !== null);
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get In Touch"
        intro={<p>Ready to train with relentless intensity? Tell us about yourself and your goals below. We reply to every application within 24 hours.</p>}
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-6">
          <h2 className="text-2xl font-bold uppercase">How it works</h2>
          <ol className="list-decimal space-y-3 pl-5 text-zinc-700">
            <li>Send your application: it takes about five minutes.</li>
            <li>We read it and reply within 24 hours.</li>
            <li>We agree your plan, and you get your member login.</li>
          </ol>
          <p className="flex items-center gap-2 text-zinc-700">
            <Clock className="size-5 text-brand" aria-hidden="true" /> Reply within 24 hours
          </p>
          {details.length > 0 ? (
            <ul className="space-y-3">
              {details.map(({ icon: Icon, label, value, href }) => (
                <li key={label} className="flex items-start gap-3">
                  <Icon className="mt-0.5 size-5 text-brand" aria-hidden="true" />
                  <span>
                    <span className="sr-only">{label}: </span>
                    {href ? (
                      <a href={href} className="font-semibold underline underline-offset-2">
                        {value}
                      </a>
                    ) : (
                      <span className="whitespace-pre-line">{value}</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </aside>
        <section id="contactForm" aria-labelledby="contact-form-title" className="scroll-mt-24 rounded-2xl border border-zinc-200 p-6 shadow-sm sm:p-8">
          <h2 id="contact-form-title" className="mb-2 text-2xl font-bold uppercase">
            Apply for Coaching
          </h2>
          <p className="mb-8 text-zinc-700">All fields are required unless marked optional.</p>
          <IntakeForm serverData={actionData as IntakeActionData | undefined} />
        </section>
      </div>
    </>
  );
}
