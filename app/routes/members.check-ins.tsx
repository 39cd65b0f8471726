import { z } from "zod";
import type { Route } from "./+types/members.check-ins";
import { memberOf, signedInUser } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { formatLongDate } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { pageNumber, parseSearchParams } from "~/lib/search-params";
import { getOwnCheckIns } from "~/modules/check-ins/check-ins.server";
import { CheckInReply } from "~/views/check-ins/check-in-details";
import { CheckInForm } from "~/views/check-ins/check-in-form";
import { CheckInList } from "~/views/check-ins/check-in-list";
import { checkInFormLimits, checkInIntentHandlers } from "./members.check-ins.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Check-ins", matches) }, { name: "robots", content: "noindex" }];

const query = z.object({ page: pageNumber });

/** This week's check-in (the form, from the check-in day until reviewed) and the member's check-ins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return getOwnCheckIns(memberOf(context), parseSearchParams(request, query));
}

export function action({ request, context }: Route.ActionArgs) {
  return runAction(request, checkInIntentHandlers(signedInUser(context)), checkInFormLimits);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Check-ins" failure="Failed to load your check-ins. Please reload the page." />;
}

export default function MemberCheckIns({ loaderData: d, actionData }: Route.ComponentProps) {
  const { status, current } = d;
  const editable = !current?.reviewed;
  return (
    <section aria-labelledby="check-ins-title" className="space-y-8">
      <h2 id="check-ins-title" className="text-2xl font-bold uppercase">
        Check-ins
      </h2>
      <section aria-labelledby="check-in-form-title" className="max-w-2xl space-y-4 rounded-xl border border-zinc-200 p-4 sm:p-6">
        <h3 id="check-in-form-title" className="text-xl font-bold">
          {`This week's check-in: week of ${formatLongDate(status.weekOf)}`}
        </h3>
        {current ? (
          <p className="text-zinc-700">{current.reviewed ? "Your coach has reviewed this check-in." : "Sent. You can change it until your coach reviews it."}</p>
        ) : (
          <p className="text-zinc-700">{status.state === "overdue" ? "Your check-in is overdue: send it now." : "Your check-in is due today."}</p>
        )}
        {current ? <CheckInReply checkIn={current} /> : null}
        {editable ? <CheckInForm key={current?.id ?? "new"} unit={d.unit} initial={current} result={actionData} submitLabel={current ? "Update check-in" : "Send check-in"} /> : null}
      </section>
      <section aria-labelledby="past-check-ins-title" className="space-y-4">
        <h3 id="past-check-ins-title" className="text-xl font-bold">
          Your check-ins
        </h3>
        <CheckInList
          list={d.list}
          page={d.page}
          pageCount={d.pageCount}
          href={(id) => `/members/check-ins/${encodeURIComponent(id)}`}
          pageHref={(page) => `/members/check-ins?page=${page}`}
          empty="No check-ins yet."
        />
      </section>
    </section>
  );
}
