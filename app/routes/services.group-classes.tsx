import { Link } from "react-router";
import type { Route } from "./+types/services.group-classes";
import { getSessionUser } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { runAction } from "~/lib/action.server";
import { seo, siteFromMatches } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { bookClass, cancelClassBooking, confirmClassOffer, declineClassOffer } from "~/modules/classes/bookings.server";
import { listClassTypeCards, listTimetable, listUpcomingClasses } from "~/modules/classes/class-listing.server";
import { describeOutcome } from "~/modules/classes/class-outcomes";
import { listPublicPackages } from "~/modules/billing/products.server";
import { groupClassBenefits } from "~/modules/marketing/services-content";
import { siteImage } from "~/modules/marketing/images";
import { UpcomingClasses, type ClassRefusal, type Viewer } from "~/views/classes/upcoming-classes";
import { ClassTypeCard, ScheduleTable } from "~/views/marketing/class-schedule";
import { CtaBand } from "~/views/marketing/cta-band";
import { FeatureGrid } from "~/views/marketing/feature-grid";
import { PackageList } from "~/views/marketing/package-card";
import { PageHero } from "~/views/marketing/page-hero";
import { Section } from "~/views/marketing/section";

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

/** The types, the timetable, the coming classes and the class packages; a member's own places too (a visitor's page is the shared cached copy). */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  const [types, timetable, upcoming, packages] = await Promise.all([listClassTypeCards(), listTimetable(), listUpcomingClasses(viewer), listPublicPackages("group-classes")]);
  const role: Viewer = !viewer ? "visitor" : viewer.role === "member" ? "member" : "staff";
  return { types, timetable, viewer: role, packages, ...upcoming };
}

const BACK = "/services/group-classes";

export async function action({ request }: Route.ActionArgs) {
  const viewer = await getSessionUser(request);
  const answer = (outcome: Parameters<typeof describeOutcome>[0], intent: Parameters<typeof describeOutcome>[1]) =>
    redirectWithToast(BACK, { type: "success", ...describeOutcome(outcome, intent) });
  return runAction(request, {
    book: async (form) => answer(await bookClass(viewer, form), "book"),
    cancel: async (form) => answer(await cancelClassBooking(viewer, form), "cancel"),
    decline: async (form) => answer(await declineClassOffer(viewer, form), "decline"),
    confirm: async (form) => answer(await confirmClassOffer(viewer, form), "confirm"),
  });
}

export default function GroupClasses({ loaderData, actionData }: Route.ComponentProps) {
  const { types, timetable, viewer, classes, timeZone, bookAheadDays, packages } = loaderData;
  const refusal: ClassRefusal | undefined =
    actionData && !actionData.ok
      ? { intent: actionData.intent, classId: typeof actionData.values.classId === "string" ? actionData.values.classId : null, title: actionData.title, message: actionData.error ?? Object.values(actionData.fieldErrors)[0] ?? "Please try again." }
      : undefined;
  // A member's 'Book' in the timetable leads to that row's next class in the list (the list itself when none is open).
  const nextClassHref = (slotId: string) => {
    const next = classes.find((c) => c.slotId === slotId && !c.cancelled);
    return next ? `#class-${next.id}` : "#upcoming";
  };
  const weeks = bookAheadDays % 7 === 0 ? `${bookAheadDays / 7 === 2 ? "Two" : bookAheadDays / 7} ${bookAheadDays === 7 ? "Week" : "Weeks"}` : `${bookAheadDays} Days`;
  const bookable = (
    <Section id="upcoming" title={`The Next ${weeks}`} eyebrow="Book a Class" tone="muted" intro={viewer === "member" ? "Book a place, join the waitlist of a full class, or cancel." : viewer === "staff" ? "Members book here; rosters are under Classes." : "Spots left in each class. Book to ask for your first class."}>
      <UpcomingClasses classes={classes} viewer={viewer} timeZone={timeZone} refusal={refusal} />
    </Section>
  );
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Group Classes"
        intro="Small-group training with a coach watching every rep: HIIT, strength, functional fitness and core, through the week."
        image={siteImage("group-classes")}
        actions={
          viewer === "member" ? (
            <a href="#upcoming" className={buttonClass("primary")}>
              Book a Class
            </a>
          ) : (
            <a href="#schedule" className={buttonClass("primary")}>
              See the Timetable
            </a>
          )
        }
      />

      {viewer === "member" ? bookable : null}

      <Section title="Why Train in a Group?" eyebrow="Benefits">
        <FeatureGrid items={groupClassBenefits} />
      </Section>

      <Section title="Class Types" eyebrow="Classes" tone="muted" intro={`${types.length === 4 ? "Four" : types.length} classes, each with a small group so the coach can coach you.`}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {types.map((c) => (
            <li key={c.name} className="grid">
              <ClassTypeCard classType={c} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="schedule" title="Weekly Schedule" eyebrow="Timetable" intro="Pick a class and book your place.">
        <ScheduleTable rows={viewer === "member" ? timetable.map((row) => ({ ...row, href: nextClassHref(row.id) })) : timetable} caption="Group class timetable" />
      </Section>

      {viewer === "member" ? null : bookable}

      {packages.length > 0 ? (
        <Section title="Class Packages" eyebrow="Packages" intro="Buy a block of classes or train as often as you like.">
          <PackageList
            packages={packages}
            action={(pkg) => (
              <Link to="/contact" className={buttonClass(pkg.popular ? "primary" : "secondary", "w-full")}>
                Choose {pkg.name}
              </Link>
            )}
          />
        </Section>
      ) : null}

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
