import type { SessionUser } from "~/auth/session.server";
import { todayForSite } from "~/modules/settings/settings.server";
import type { FormContext } from "./progress.schema";

/** What the progress forms are checked against: the member's unit (it comes with the sign-in) and today. */
export async function formContextFor(actor: Pick<SessionUser, "weightUnit">): Promise<FormContext> {
  return { unit: actor.weightUnit, today: await todayForSite() };
}
