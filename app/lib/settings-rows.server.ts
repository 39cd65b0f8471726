import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { onChange } from "./change-notices.server";
import { KeptReads } from "./kept-reads.server";
import { readOncePerRequest } from "./request-scope.server";

/**
 * The settings rows read on every page (the business details; the security rules staff
 * pages check), kept by key until the notice of a committed change to that row, in every
 * process (decision 0145), 60 s at most. Saved settings apply at the next request.
 */
const keptRows = new KeptReads<unknown>({ maxAgeMs: 60_000, maxEntries: 100 });
onChange(["site_settings"], (key) => keptRows.clear(key === null ? undefined : (kept) => kept === key));

/** The stored value of the site_settings row `key` as saved (unchecked), or undefined. */
export function readSettingsRow(key: string): Promise<unknown> {
  return readOncePerRequest(`settings-row ${key}`, () =>
    keptRows.read(key, async () => {
      const [row] = await getDb().select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, key));
      return row?.value;
    }),
  );
}
