import { ensureCan, type SessionUser } from "~/auth/session.server";
import { DEFAULT_WEIGHT_UNIT, type WeightUnit } from "~/lib/units";
import { todayForSite } from "~/modules/settings/settings.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";
import { latestLifts, liftPriorBest, liftSeries } from "./progress-lifts.server";
import { firstGoalsAndOpenCount, goalsQuery, latestEntries, seriesQuery } from "./progress-queries.server";
import { HISTORY_LENGTH, rangeStart, shapeOverview, shapeSnapshot, SNAPSHOT_GOALS } from "./progress-stats";
import type { ProgressOverview, ProgressSnapshot, StaffProgressView } from "./progress-types";
import { bodyKinds, measurementSites, parseRange, type EntryKind, type ProgressRange } from "./progress.schema";

/**
 * What the Progress screens read: the member's own overview, the staff's read-only
 * view of one member, and the dashboard's snapshot. Body values and measurements come
 * from progress_entries, lifts from the set logs (progress-lifts.server.ts).
 */

type Actor = Pick<SessionUser, "id" | "role">;
/** The member acting on their own progress: the unit comes with the signed-in user. */
type Member = Pick<SessionUser, "id" | "role" | "weightUnit">;
type RangeOption = { range?: ProgressRange | string | null };

/** What progress_entries holds: body values and measurement sites (lifts are set logs). */
const entryKinds: readonly EntryKind[] = [...bodyKinds, ...measurementSites];

async function buildOverview(userId: string, unit: WeightUnit, range: ProgressRange): Promise<ProgressOverview> {
  const today = await todayForSite();
  const from = rangeStart(range, today);
  const [goals, latest, lifts, series, liftDays, priorBest] = await Promise.all([
    goalsQuery(userId),
    latestEntries(userId, entryKinds, HISTORY_LENGTH + 1),
    latestLifts(userId, HISTORY_LENGTH + 1),
    seriesQuery(userId, entryKinds, from),
    liftSeries(userId, from),
    from ? liftPriorBest(userId, from) : Promise.resolve([]),
  ]);
  return shapeOverview({ unit, range, today, goals, latest: [...latest, ...lifts], series: [...series, ...liftDays], priorBest });
}

/** Everything the Progress section shows, in the acting member's unit. */
export async function getProgressOverview(actor: Member, options: RangeOption = {}): Promise<ProgressOverview> {
  ensureCan(actor, "memberArea", "view");
  return buildOverview(actor.id, actor.weightUnit, parseRange(options.range));
}

/** A member's progress, read-only, for trainers and administrators; 404 when there is no such member. */
export async function getMemberProgressForStaff(actor: Actor, memberId: string, options: RangeOption = {}): Promise<StaffProgressView> {
  ensureCan(actor, "memberProgress", "viewAny");
  const { weightUnit: unit, ...member } = await requireMemberAccount(memberId);
  // In the member's own unit, as they see their progress.
  return { member, overview: await buildOverview(member.id, unit ?? DEFAULT_WEIGHT_UNIT, parseRange(options.range)) };
}

/** The dashboard's Progress Snapshot and the Recent Activity figures. */
export async function getProgressSnapshot(actor: Member): Promise<ProgressSnapshot> {
  ensureCan(actor, "memberArea", "view");
  // The newest entry of each body kind and site: the values and the last update date at once.
  const [latest, { goals, open }] = await Promise.all([latestEntries(actor.id, entryKinds, 1), firstGoalsAndOpenCount(actor.id, SNAPSHOT_GOALS)]);
  return shapeSnapshot(actor.weightUnit, latest, goals, open);
}
