import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { weightUnitOf } from "~/modules/users/profile.server";
import type { FormContext } from "./progress.schema";

/** Today in the site's time zone: the latest date an entry may carry. */
export async function todayForSite(): Promise<string> {
  return todayIn((await getSiteSettings()).timeZone);
}

/** What the progress forms are checked against: the member's unit and today. */
export async function formContextFor(userId: string): Promise<FormContext> {
  const [unit, today] = await Promise.all([weightUnitOf(userId), todayForSite()]);
  return { unit, today };
}
