import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";
import { formatLongDate, weekdayNames } from "~/lib/dates";
import type { MemberCheckIns } from "~/modules/check-ins/check-in-review.server";
import { StaffMemberNav } from "~/views/workouts/staff-member-nav";
import { CheckInList } from "./check-in-list";

export const SET_CHECK_IN_DAY_INTENT = "set-check-in-day";

export const coachMemberPath = (memberId: string) => `/coach/members/${encodeURIComponent(memberId)}`;

const stateText = { sent: "This week's check-in is sent.", due: "This week's check-in is due today.", overdue: "This week's check-in is overdue." } as const;

/** The member's check-in day, set by staff. */
function CheckInDayForm({ checkInDay, result }: { checkInDay: number; result: ActionData | undefined }) {
  const navigation = useNavigation();
  const failure = result && !result.ok && result.intent === SET_CHECK_IN_DAY_INTENT ? result : undefined;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Check-in day">
      <input type="hidden" name="intent" value={SET_CHECK_IN_DAY_INTENT} />
      <div className="min-w-48">
        <SelectField label="Check-in day" name="checkInDay" defaultValue={String(checkInDay)} error={failure?.fieldErrors.checkInDay ?? failure?.error ?? undefined}>
          {weekdayNames.map((name, day) => (
            <option key={name} value={day}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" busy={navigation.state === "submitting" && navigation.formData?.get("intent") === SET_CHECK_IN_DAY_INTENT} busyText="Saving...">
        Save check-in day
      </Button>
    </Form>
  );
}

/** A member's check-ins for staff: their check-in day, this week's state, every check-in a page at a time. */
export function StaffCheckIns({ data: d, result }: { data: MemberCheckIns; result: ActionData | undefined }) {
  const base = coachMemberPath(d.member.id);
  const name = d.member.name || d.member.email;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:px-6">
      <div>
        <p>
          <Link to={base} className="font-semibold text-brand underline-offset-2 hover:underline">
            {name}
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold uppercase">{`Check-ins: ${name}`}</h1>
        <StaffMemberNav memberId={d.member.id} />
      </div>
      <section aria-labelledby="this-week-title" className="space-y-3 rounded-xl border border-zinc-200 p-4 sm:p-6">
        <h2 id="this-week-title" className="text-xl font-bold">
          {`This week: week of ${formatLongDate(d.status.weekOf)}`}
        </h2>
        <p className="text-zinc-700">{stateText[d.status.state]}</p>
        <CheckInDayForm checkInDay={d.status.checkInDay} result={result} />
      </section>
      <section aria-labelledby="all-check-ins-title" className="space-y-4">
        <h2 id="all-check-ins-title" className="text-xl font-bold">
          {`All check-ins (${d.total})`}
        </h2>
        <CheckInList
          list={d.list}
          page={d.page}
          pageCount={d.pageCount}
          href={(id) => `${base}/check-ins/${encodeURIComponent(id)}`}
          pageHref={(page) => `${base}/check-ins?page=${page}`}
          empty="No check-ins yet."
        />
      </section>
    </div>
  );
}
