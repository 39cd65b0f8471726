import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { formatLongDate } from "~/lib/dates";
import { attendanceLabels, attendanceMarks, DOORS_OPEN_MINUTES } from "~/modules/classes/classes.schema";
import { formatClassTime } from "~/lib/class-time";
import { CoachField, ConfirmButton, refusalOf, useRefusalToast, type Result } from "./class-parts";
import { FrontDesk, type DeskChoices } from "./front-desk";

interface Person {
  bookingId: string;
  memberId: string;
  name: string;
  email: string;
  status: string;
  counts: { attended: number; noShow: number; lateCancelled: number };
}

interface Roster {
  id: string;
  typeName: string;
  date: string;
  time: string;
  timeZone: string;
  durationMinutes: number;
  capacity: number;
  location: string;
  coachId: string;
  coachName: string;
  cancelled: boolean;
  changed: boolean;
  extra: boolean;
  started: boolean;
  doorsOpen: boolean;
  booked: Person[];
  lateCancelled: Person[];
  offered: Array<Person & { expires: { date: string; time: string } | null }>;
  waiting: Person[];
  releasedWithClass: Person[];
}

const countsText = (p: Person) => `Attended ${p.counts.attended} · No-shows ${p.counts.noShow} · Late cancels ${p.counts.lateCancelled}`;

/** Attended, no-show or late cancel for one booked member: the current mark is the pressed button. */
function AttendanceForm({ person }: { person: Person }) {
  return (
    <Form method="post" aria-label={`Attendance of ${person.name}`} className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="mark-attendance" />
      <input type="hidden" name="bookingId" value={person.bookingId} />
      {attendanceMarks.map((mark) => (
        <Button key={mark} type="submit" name="mark" value={mark} variant={person.status === mark ? "primary" : "secondary"} aria-pressed={person.status === mark}>
          {attendanceLabels[mark]}
        </Button>
      ))}
    </Form>
  );
}

function PeopleList({ heading, people, empty, detail, marks }: { heading: string; people: Person[]; empty: string; detail?: (p: Person, index: number) => string; marks?: boolean }) {
  const id = `roster-${heading.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-lg font-bold">
        {heading} ({people.length})
      </h3>
      {people.length === 0 ? <p className="mt-2 text-zinc-700">{empty}</p> : null}
      <ol className="mt-2 divide-y divide-zinc-200 rounded-lg border border-zinc-200 empty:hidden">
        {people.map((p, i) => (
          <li key={p.bookingId} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <a href={`/coach/members/${encodeURIComponent(p.memberId)}`} className="font-semibold text-brand-strong underline-offset-2 hover:underline">
                {p.name}
              </a>
              <p className="text-sm text-zinc-700">
                {detail ? `${detail(p, i)} · ` : ""}
                {countsText(p)}
              </p>
            </div>
            {marks ? <AttendanceForm person={p} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One class for staff: details, one-off change and cancel, and the roster with attendance. */
export function ClassRoster({ roster, coaches, desk, result }: { roster: Roster; coaches: Array<{ id: string; name: string }>; desk: DeskChoices; result: Result }) {
  const refused = refusalOf(result, "change-class");
  useRefusalToast(refused, "Failed to change class");
  const values = refused?.values ?? {};
  const errors = refused?.fieldErrors ?? {};
  const value = (name: string, fallback: string) => (typeof values[name] === "string" ? (values[name] as string) : fallback);
  const changeable = !roster.started && !roster.cancelled;
  const taken = roster.booked.length + roster.offered.length;
  return (
    <div className="mt-8">
      <h2 className="text-2xl font-bold uppercase">
        {roster.typeName}: {formatLongDate(roster.date)}, {formatClassTime(roster.time)}
      </h2>
      <p className="mt-2 text-zinc-700">
        {roster.durationMinutes} min · {roster.coachName ? `Coach: ${roster.coachName}` : "No coach set"} · {roster.location || "No room"} · {taken} of {roster.capacity} spots taken · times in {roster.timeZone}
        {roster.extra ? " · Extra class" : roster.changed ? " · Changed for this date" : ""}
      </p>
      {roster.cancelled ? (
        <p role="status" className="mt-4 rounded-md bg-zinc-100 p-4 font-semibold">
          This class is cancelled. Its members were e-mailed once; nothing is promoted.
        </p>
      ) : null}
      {roster.started && !roster.cancelled ? <p className="mt-4 text-zinc-700">The class has started: mark each booked member at the door. Its time, coach and room can no longer change.</p> : null}
      {!roster.doorsOpen && !roster.cancelled ? <p className="mt-4 text-zinc-700">Attendance can be marked from {DOORS_OPEN_MINUTES} minutes before the class starts.</p> : null}
      {roster.doorsOpen && !roster.cancelled && roster.booked.some((p) => p.status === "booked") ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="mark-all-attended" />
          <Button type="submit">Mark everyone attended</Button>
        </Form>
      ) : null}

      <PeopleList heading="Booked" people={roster.booked} empty="Nobody has booked yet." marks={roster.doorsOpen && !roster.cancelled} />
      <PeopleList heading="Late cancels" people={roster.lateCancelled} empty="Nobody has cancelled late." marks={roster.doorsOpen && !roster.cancelled} />
      <PeopleList
        heading="Offers pending"
        people={roster.offered}
        empty="No offers are waiting for an answer."
        detail={(p) => {
          const expires = roster.offered.find((o) => o.bookingId === p.bookingId)?.expires;
          return expires ? `Offer open until ${formatLongDate(expires.date)}, ${formatClassTime(expires.time)}` : "Offered";
        }}
      />
      <PeopleList heading="Waitlist" people={roster.waiting} empty="Nobody is waiting." detail={(_, i) => `Number ${i + 1}`} />
      {roster.cancelled ? <PeopleList heading="Released with the class" people={roster.releasedWithClass} empty="Nobody was booked or waiting." /> : null}

      {changeable ? <FrontDesk choices={desk} holders={[...roster.booked, ...roster.offered, ...roster.waiting]} result={result} /> : null}
      {changeable ? (
        <section aria-labelledby="change-heading" className="mt-12 max-w-3xl border-t border-zinc-200 pt-8">
          <h2 id="change-heading" className="text-2xl font-bold uppercase">
            Change this class
          </h2>
          <p className="mt-1 text-sm text-zinc-700">For this date only: the weekly timetable stays as it is, and booked members are e-mailed.</p>
          <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Change this class">
            <input type="hidden" name="intent" value="change-class" />
            <TextField id="change-date" label="Date" name="date" type="date" defaultValue={value("date", roster.date)} error={errors.date} required />
            <TextField id="change-time" label="Start time" name="time" type="time" defaultValue={value("time", roster.time)} error={errors.time} required />
            <CoachField id="change-coach" coaches={coaches} defaultValue={value("coachId", roster.coachId)} error={errors.coachId} />
            <TextField id="change-location" label="Room" name="location" defaultValue={value("location", roster.location)} error={errors.location} maxLength={80} />
            <div>
              <Button type="submit">Save changes</Button>
            </div>
          </Form>
          <div className="mt-8">
            <ConfirmButton
              label="Cancel class"
              title="Cancel this class?"
              text={`Every booked, offered and waiting member (${taken + roster.waiting.length}) is e-mailed once and their places are released. This cannot be undone.`}
              intent="cancel-class"
              confirm="Cancel class"
            />
          </div>
        </section>
      ) : null}
    </div>
  );
}
