import type { Route } from "./+types/members.progress";
import { memberOf, signedInUser } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { pageTitle } from "~/lib/meta";
import type { FormBody } from "~/lib/request-body.server";
import { parseSearchParams } from "~/lib/search-params";
import { keepFormWhenUnanswered } from "~/lib/unanswered-save";
import { deleteEntry, logBodyComposition, logMeasurements, logWorkout, updateEntry } from "~/modules/progress/progress-entries.server";
import { deleteGoal, setGoal, updateGoal } from "~/modules/progress/progress-goals.server";
import { getProgressOverview } from "~/modules/progress/progress-overview.server";
import { isProgressIntent, progressIntents, type ProgressIntent } from "~/modules/progress/progress-types";
import { progressQuery } from "~/modules/progress/progress.schema";
import { setOwnWeightUnit } from "~/modules/users/profile.server";
import { INVALID_ENTRY_TYPE, savedToast, saveNeverAnswered, SIGN_IN_REQUIRED, unitToast } from "~/views/progress/progress-answers";
import { ProgressSection } from "~/views/progress/progress-section";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Member Area", matches) }, { name: "robots", content: "noindex" }];

/** The member's Progress screen; ?range= picks the charts' period. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { overview: await getProgressOverview(memberOf(context), parseSearchParams(request, progressQuery)) };
}

type Handler = (form: FormBody) => Promise<object>;

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

/** Each progress form's save, with the spec's success toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  if (!user) return runAction(request, signInRequired);
  const saved = (intent: Exclude<ProgressIntent, "set-unit">, save: (form: FormBody) => Promise<unknown>) => async (form: FormBody) => {
    await save(form);
    return { toast: savedToast(intent) };
  };
  const handlers: Record<ProgressIntent, Handler> = {
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
  // An intent outside the list is the spec's 'Invalid entry type', not runAction's 'Unknown action'.
  return runAction(request, (form) => (isProgressIntent(form.intent) ? handlers[form.intent](form) : invalidEntryType()));
}

/** Every progress form is a save: one that never got an answer keeps its values (decision 0023). */
const unanswered = Object.fromEntries(progressIntents.map((intent) => [intent, { ...saveNeverAnswered, intent }]));

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnanswered(request, serverAction, unanswered);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Progress" failure="Failed to load progress data: Please try again later" />;
}

export default function MemberProgressPage({ loaderData }: Route.ComponentProps) {
  return <ProgressSection overview={loaderData.overview} />;
}
