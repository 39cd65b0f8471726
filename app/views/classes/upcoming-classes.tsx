import { useEffect } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatClassTime } from "~/lib/class-time";
import { formatLongDate } from "~/lib/dates";
import type { UpcomingClassView } from "~/modules/classes/class-listing.server";

/** Who is looking: a member books here; anyone else is shown the way to ask (the spec's 'Book' to /contact). */
export type Viewer = "member" | "visitor" | "staff";

export const CLASS_INTENTS = ["book", "cancel", "confirm", "decline"] as const;
export type ClassIntent = (typeof CLASS_INTENTS)[number];

export interface ClassRefusal {
  intent: string | null;
  classId: string | null;
  title: string | null;
  message: string;
}

const spots = (n: number) => (n === 0 ? "Full" : `${n} ${n === 1 ? "spot" : "spots"} left`);

function placeText(c: UpcomingClassView): string | null {
  const mine = c.mine;
  if (!mine) return null;
  if (mine.status === "booked") return "Booked";
  if (mine.status === "waitlisted") return `On the waitlist (${mine.position})`;
  if (mine.status === "offered" && mine.offerDeadline) return `A place is yours if you confirm by ${formatClassTime(mine.offerDeadline.time)}`;
  return null;
}

function ActionButton({ c, intent, label, busyText, variant = "primary" }: { c: UpcomingClassView; intent: ClassIntent; label: string; busyText: string; variant?: "primary" | "secondary" }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData?.get("classId") === c.id;
  return (
    <Form method="post" action="/services/group-classes" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="classId" value={c.id} />
      <Button type="submit" variant={variant} busy={busy} busyText={busyText} aria-label={`${label}: ${c.className} on ${formatLongDate(c.date)} at ${formatClassTime(c.time)}`} className="min-h-11 px-4">
        {label}
      </Button>
    </Form>
  );
}

function MemberActions({ c }: { c: UpcomingClassView }) {
  if (c.cancelled) return null;
  const status = c.mine?.status;
  if (status === "offered")
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <ActionButton c={c} intent="confirm" label="Confirm" busyText="Confirming..." />
        <ActionButton c={c} intent="decline" label="Decline" busyText="Declining..." variant="secondary" />
      </div>
    );
  if (status === "booked") return <ActionButton c={c} intent="cancel" label={c.insideCutoff ? "Late cancel" : "Cancel"} busyText="Cancelling..." variant="secondary" />;
  if (status === "waitlisted") return <ActionButton c={c} intent="cancel" label="Leave waitlist" busyText="Leaving..." variant="secondary" />;
  return c.spotsLeft > 0 && c.waiting === 0 ? <ActionButton c={c} intent="book" label="Book" busyText="Booking..." /> : <ActionButton c={c} intent="book" label="Join waitlist" busyText="Joining..." />;
}

/** The classes of the coming days, by date, each with its spots left and what the viewer can do. */
export function UpcomingClasses({ classes, viewer, timeZone, refusal }: { classes: UpcomingClassView[]; viewer: Viewer; timeZone: string; refusal?: ClassRefusal }) {
  useEffect(() => {
    if (refusal) toast.error(refusal.title ?? "Could not change your booking", { description: refusal.message });
  }, [refusal]);
  // A timetable 'Book' (or a link from the calendar) names one class: focus moves to it, so its buttons come next.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.startsWith("#class-")) document.getElementById(decodeURIComponent(hash.slice(1)))?.focus();
  }, [hash]);
  if (classes.length === 0) return <p className="rounded-xl border border-dashed border-zinc-300 p-6 text-center text-zinc-700">No classes in the coming days.</p>;
  const byDate = new Map<string, UpcomingClassView[]>();
  for (const c of classes) byDate.set(c.date, [...(byDate.get(c.date) ?? []), c]);
  return (
    <div className="space-y-6">
      <p className="text-sm text-zinc-600">Times are shown in {timeZone.replace(/_/g, " ")} time.</p>
      {[...byDate].map(([date, list]) => (
        <section key={date} aria-labelledby={`classes-${date}`}>
          <h3 id={`classes-${date}`} className="text-lg font-bold">
            {formatLongDate(date)}
          </h3>
          <ul className="mt-2 divide-y divide-zinc-200 rounded-2xl border border-zinc-200">
            {list.map((c) => {
              const place = placeText(c);
              return (
                <li
                  key={c.id}
                  id={`class-${c.id}`}
                  tabIndex={-1}
                  aria-label={`${c.className} at ${formatClassTime(c.time)}`}
                  className={cn("flex scroll-mt-24 flex-wrap items-center justify-between gap-3 px-4 py-3 focus:outline-2 focus:outline-brand", c.mine && "bg-red-50/50")}
                >
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {formatClassTime(c.time)} · {c.className}
                    </p>
                    <p className="text-sm text-zinc-700">
                      {c.durationMinutes} min{c.coachName ? ` · with ${c.coachName}` : ""}
                      {c.location ? ` · ${c.location}` : ""} ·{" "}
                      {c.cancelled ? <strong>Cancelled</strong> : <span>{spots(c.spotsLeft)}{c.waiting > 0 ? `, ${c.waiting} waiting` : ""}</span>}
                    </p>
                    {place ? <p className="mt-1 text-sm font-semibold text-brand-strong">{place}</p> : null}
                    {refusal?.classId === c.id ? (
                      <p role="alert" className="mt-1 text-sm font-medium text-brand">
                        {refusal.message}
                      </p>
                    ) : null}
                  </div>
                  {viewer === "member" ? (
                    <MemberActions c={c} />
                  ) : viewer === "visitor" && !c.cancelled ? (
                    <Link to="/contact" aria-label={`Book ${c.className} on ${formatLongDate(c.date)} at ${formatClassTime(c.time)}`} className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-strong">
                      Book
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
