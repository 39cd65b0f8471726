import { data } from "react-router";
import type { Route } from "./+types/members.progress";
import { getSessionUser, type SessionUser } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { pageTitle } from "~/lib/meta";
import type { FormBody } from "~/lib/request-body.server";
import { parseSearchParams } from "~/lib/search-params";
import { answerUnansweredSave } from "~/lib/unanswered-save";
import { deleteEntry, logBodyComposition, logMeasurements, logWorkout, updateEntry } from "~/modules/progress/progress-entries.server";
import { deleteGoal, setGoal, updateGoal } from "~/modules/progress/progress-goals.server";
import { getProgressOverview } from "~/modules/progress/progress-overview.server";
import { isProgressIntent, type ProgressIntent } from "~/modules/progress/progress-types";
import { progressQuery } from "~/modules/progress/progress.schema";
import { setOwnWeightUnit } from "~/modules/users/profile.server";
import { AccessRequired } from "~/views/members/access-required";
import { INVALID_ENTRY_TYPE, savedToast, saveNeverAnswered, SIGN_IN_REQUIRED, unitToast } from "~/views/progress/progress-answers";
import { ProgressSection } from "~/views/progress/progress-section";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Member Area", matches) }, { name: "robots", content: "noindex" }];

/** The member's Progress screen; ?range= picks the charts' period. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    return data({ signedIn: false as const, signInHref: `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}` }, { status: 401 });
  }
  return { signedIn: true as const, overview: await getProgressOverview(user, parseSearchParams(request, progressQuery)) };
}

type Handler = (form: FormBody) => Promise<object>;

/** Each progress form's save, with the spec's success toast. */
function progressHandlers(user: SessionUser): Record<ProgressIntent, Handler> {
  const saved = (intent: Exclude<ProgressIntent, "set-unit">, save: (form: FormBody) => Promise<unknown>) => async (form: FormBody) => {
    await save(form);
    return { toast: savedToast(intent) };
  };
  return {
    "log-body": saved("log-body", (form) => logBodyComposition(user, form)),
    "log-measurements": saved("log-measurements", (form) => logMeasurements(user, form)),
    "log-workout": saved("log-workout", (form) => logWorkout(user, form)),
    "set-goal": saved("set-goal", (form) => setGoal(user, form)),
    "update-goal": saved("update-goal", (form) => updateGoal(user, form.id, form)),
    "update-entry": saved("update-entry", (form) => updateEntry(user, form.id, form)),
    "delete-entry": saved("delete-entry", (form) => deleteEntry(user, form.id)),
    "delete-goal": saved("delete-goal", (form) => deleteGoal(user, form.id)),
    // The unit is the member's profile: the users module keeps it.
    "set-unit": async (form) => ({ toast: unitToast((await setOwnWeightUnit(user, { unit: form.unit })).unit) }),
  };
}

/**
 * A save whose session has ended (signed out elsewhere, expired) answers 401 and stores
 * nothing: the dialog stays open and filled, and the member signs in again in the page
 * (decision 0023).
 */
async function signInRequired(): Promise<never> {
  throw new AppError(401, SIGN_IN_REQUIRED.description, { title: SIGN_IN_REQUIRED.title });
}

async function invalidEntryType(): Promise<never> {
  throw new AppError(400, INVALID_ENTRY_TYPE.description, { title: INVALID_ENTRY_TYPE.title });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return runAction(request, signInRequired);
  const handlers = progressHandlers(user);
  return runAction(request, (form) => (isProgressIntent(form.intent) ? handlers[form.intent](form) : invalidEntryType()));
}

/** A save that never got an answer keeps its dialog open and filled, with the spec's failure toast. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerUnansweredSave(serverAction, saveNeverAnswered);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Progress" failure="Failed to load progress data: Please try again later" />;
}

export default function MemberProgressPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <AccessRequired signInHref={loaderData.signInHref} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <ProgressSection overview={loaderData.overview} />
    </div>
  );
}
