import { Link } from "react-router";
import type { Route } from "./+types/members.check-ins.$checkInId";
import { memberOf, signedInUser } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { formatLongDate } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { getOwnCheckIn } from "~/modules/check-ins/check-ins.server";
import { CheckInAnswers, CheckInReply, CheckInStatusBadge } from "~/views/check-ins/check-in-details";
import { CheckInForm } from "~/views/check-ins/check-in-form";
import { CheckInPhotos } from "~/views/check-ins/check-in-photos";
import { checkInFormLimits, checkInIntentHandlers } from "./members.check-ins.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Check-in", matches) }, { name: "robots", content: "noindex" }];

/** One of the member's own check-ins with the coach's reply; another member's is 'Check-in not found'. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return getOwnCheckIn(memberOf(context), params.checkInId);
}

/** Editing the check-in until it is reviewed. */
export function action({ request, params, context }: Route.ActionArgs) {
  return runAction(request, checkInIntentHandlers(signedInUser(context), params.checkInId), checkInFormLimits);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Check-in" failure="Failed to load the check-in. Please reload the page." />;
}

export default function MemberCheckIn({ loaderData: { checkIn, unit, photos }, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="check-in-title" className="max-w-2xl space-y-6">
      <p>
        <Link to="/members/check-ins" className="font-semibold text-brand underline-offset-2 hover:underline">
          All check-ins
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="check-in-title" className="text-2xl font-bold">
          {`Check-in: week of ${formatLongDate(checkIn.weekOf)}`}
        </h2>
        <CheckInStatusBadge reviewed={checkIn.reviewed} />
      </div>
      <p className="text-sm text-zinc-600">{`Sent ${formatLongDate(checkIn.sentOn)}`}</p>
      <CheckInReply checkIn={checkIn} />
      <CheckInAnswers checkIn={checkIn} unit={unit} />
      <CheckInPhotos photos={photos} label="Photos of this check-in" />
      {checkIn.reviewed ? null : (
        <section aria-labelledby="check-in-form-title" className="space-y-4 rounded-xl border border-zinc-200 p-4 sm:p-6">
          <h3 id="check-in-form-title" className="text-xl font-bold">
            Change your check-in
          </h3>
          <p className="text-zinc-700">You can change it until your coach reviews it.</p>
          <CheckInForm unit={unit} initial={checkIn} result={actionData} submitLabel="Update check-in" />
        </section>
      )}
    </section>
  );
}
