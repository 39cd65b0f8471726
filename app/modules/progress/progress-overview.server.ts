import { eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { AppError } from "~/lib/app-error";
import { weightUnitOf } from "~/modules/users/profile.server";
import { todayForSite } from "./progress-context.server";
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
type RangeOption = { range?: ProgressRange | string | null };

/** What progress_entries holds: body values and measurement sites (lifts are set logs). */
const entryKinds: readonly EntryKind[] = [...bodyKinds, ...measurementSites];

async function buildOverview(userId: string, range: ProgressRange): Promise<ProgressOverview> {
  const [unit, today] = await Promise.all([weightUnitOf(userId), todayForSite()]);
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
export async function getProgressOverview(actor: Actor, options: RangeOption = {}): Promise<ProgressOverview> {
  ensureCan(actor, "memberArea", "view");
  return buildOverview(actor.id, parseRange(options.range));
}

/** A member's progress, read-only, for trainers and administrators; 404 when there is no such user. */
export async function getMemberProgressForStaff(actor: Actor, memberId: string, options: RangeOption = {}): Promise<StaffProgressView> {
  ensureCan(actor, "memberProgress", "viewAny");
  const [member] = await getDb().select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, memberId));
  if (!member) throw new AppError(404, "Member not found");
  return { member, overview: await buildOverview(member.id, parseRange(options.range)) };
}

/** The dashboard's Progress Snapshot and the Recent Activity figures. */
export async function getProgressSnapshot(actor: Actor): Promise<ProgressSnapshot> {
  ensureCan(actor, "memberArea", "view");
  // The newest entry of each body kind and site: the values and the last update date at once.
  const [unit, latest, { goals, open }] = await Promise.all([weightUnitOf(actor.id), latestEntries(actor.id, entryKinds, 1), firstGoalsAndOpenCount(actor.id, SNAPSHOT_GOALS)]);
  return shapeSnapshot(unit, latest, goals, open);
}
