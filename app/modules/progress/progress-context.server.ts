import { todayForSite } from "~/modules/settings/settings.server";
import { weightUnitOf } from "~/modules/users/profile.server";
import type { FormContext } from "./progress.schema";

/** What the progress forms are checked against: the member's unit and today. */
export async function formContextFor(userId: string): Promise<FormContext> {
  const [unit, today] = await Promise.all([weightUnitOf(userId), todayForSite()]);
  return { unit, today };
}
