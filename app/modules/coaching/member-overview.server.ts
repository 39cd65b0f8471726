import { and, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { preparedOnce } from "~/db/prepared.server";
import { lastSignIn } from "~/db/schema/attention";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { progressPhoto } from "~/db/schema/progress-photos";
import { AppError } from "~/lib/app-error";
import { optionalNumber } from "~/lib/number-field";
import { roundForDisplay, weightFromKg, weightToKg, type WeightUnit } from "~/lib/units";
import { valueRule } from "~/modules/progress/progress.schema";
import { getMemberCheckInSummary } from "~/modules/check-ins/check-in-review.server";
import { getConversationSummary } from "~/modules/messages/messages.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";
import { getMemberTrainingSummary } from "~/modules/workouts/coach-review.server";
import { memberAttention } from "./attention.server";

/**
 * The one page per member for staff (/coach/members/:memberId): who they are and what
 * they aim for, their current program and compliance, recent workouts, check-ins, photos,
 * progress and the conversation, each a summary with the link to the full screen, and
 * what needs the coach now.
 */

type Actor = Pick<SessionUser, "id" | "role" | "weightUnit" | "name" | "email">;

/** Items of each summary. */
const SHOWN = { goals: 3, checkIns: 4, workouts: 5 } as const;

/** The latest weight's value or day, for the row of the member's user. */
const latestWeight = (column: typeof progressEntry.value | typeof progressEntry.recordedOn) =>
  sql`(select ${column} from ${progressEntry} where ${progressEntry.userId} = ${user.id} and ${progressEntry.kind} = 'weight' order by ${progressEntry.recordedOn} desc, ${progressEntry.createdAt} desc limit 1)`;

/** The member's own rows, the photo count and the latest weight in one statement (each statement has a fixed cost), prepared once (decision 0184). */
const memberAboutQuery = preparedOnce((db) =>
  db
    .select({
      createdAt: user.createdAt,
      bio: profile.bio,
      location: profile.location,
      interests: profile.interests,
      experience: profile.experience,
      goals: profile.goals,
      checkInDay: profile.checkInDay,
      goalWeightKg: profile.goalWeightKg,
      lastSignIn: lastSignIn.at,
      photoCount: sql<number>`(select count(*)::int from ${progressPhoto} where ${progressPhoto.userId} = ${user.id})`,
      latestPhoto: sql<string | null>`(select max(${progressPhoto.takenOn})::text from ${progressPhoto} where ${progressPhoto.userId} = ${user.id})`,
      weightKg: latestWeight(progressEntry.value).mapWith(progressEntry.value),
      weighedOn: latestWeight(progressEntry.recordedOn).mapWith(progressEntry.recordedOn),
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .leftJoin(lastSignIn, eq(lastSignIn.userId, user.id))
    .where(eq(user.id, sql.placeholder("memberId")))
    .prepare("member_overview_about"),
);

const openGoalsQuery = preparedOnce((db) =>
  db
    .select({ id: fitnessGoal.id, title: fitnessGoal.title, status: fitnessGoal.status, targetDate: fitnessGoal.targetDate })
    .from(fitnessGoal)
    .where(and(eq(fitnessGoal.userId, sql.placeholder("memberId")), ne(fitnessGoal.status, "completed")))
    .orderBy(desc(fitnessGoal.createdAt))
    .limit(sql.placeholder("limit"))
    .prepare("member_overview_goals"),
);

export async function getMemberOverview(actor: Actor, memberId: string) {
  ensureCan(actor, "coaching", "view");
  const member = await requireMemberAccount(memberId);
  const [[about], goals, checkIns, talk, training, attention] = await Promise.all([
    memberAboutQuery().execute({ memberId: member.id }),
    openGoalsQuery().execute({ memberId: member.id, limit: SHOWN.goals }),
    getMemberCheckInSummary(actor, member.id, SHOWN.checkIns),
    getConversationSummary(actor, member.id),
    getMemberTrainingSummary(actor, member.id, SHOWN.workouts),
    memberAttention(actor, member.id),
  ]);
  const unit = actor.weightUnit;
  const shown = (kg: number | null | undefined) => (kg === null || kg === undefined ? null : roundForDisplay(weightFromKg(kg, unit)));
  return {
    member: { id: member.id, name: member.name || member.email, email: member.email },
    unit,
    profile: {
      bio: about?.bio ?? "",
      location: about?.location ?? "",
      interests: about?.interests ?? "",
      experience: about?.experience ?? "",
      goals: about?.goals ?? "",
      memberSince: about?.createdAt.toISOString() ?? null,
      lastSignIn: about?.lastSignIn?.toISOString() ?? null,
      checkInDay: about?.checkInDay ?? 0,
    },
    goals,
    goalWeight: shown(about?.goalWeightKg),
    latestWeight: about?.weightKg != null && about.weighedOn ? { value: shown(about.weightKg)!, recordedOn: about.weighedOn } : null,
    program: training.program ? { ...training.program, compliance: training.program.compliance.slice(-4) } : null,
    otherPrograms: training.otherPrograms,
    workouts: training.workouts,
    checkIns: { thisWeek: checkIns.status.state, total: checkIns.total, latest: checkIns.latest.map((c) => ({ id: c.id, weekOf: c.weekOf, reviewed: c.reviewed, path: c.path })) },
    photos: about && about.photoCount > 0 ? { total: about.photoCount, latest: about.latestPhoto } : null,
    conversation: talk.lastMessage ? { lastMessageAt: talk.lastMessage.sentAt, awaitingTeam: talk.awaitingTeam, unread: talk.unread } : null,
    attention,
  };
}

export type MemberOverview = Awaited<ReturnType<typeof getMemberOverview>>;

function goalWeightSchema(unit: WeightUnit) {
  return z.object({ goalWeight: optionalNumber({ ...valueRule("weight", unit), label: "Goal weight" }) });
}

/** Sets (or, left blank, clears) the member's goal weight, typed in the coach's unit. */
export async function setGoalWeight(actor: Actor, memberId: string, input: unknown): Promise<{ memberName: string; goalWeight: number | null }> {
  ensureCan(actor, "coaching", "view");
  const parsed = goalWeightSchema(actor.weightUnit).safeParse(input);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? "Invalid request", { fieldErrors: { goalWeight: parsed.error.issues[0]?.message ?? "" } });
  const member = await requireMemberAccount(memberId);
  const value = parsed.data.goalWeight;
  const kg = value === undefined ? null : weightToKg(value, actor.weightUnit);
  await getDb()
    .insert(profile)
    .values({ userId: member.id, goalWeightKg: kg })
    .onConflictDoUpdate({ target: profile.userId, set: { goalWeightKg: kg, updatedAt: new Date() } });
  return { memberName: member.name || member.email, goalWeight: value ?? null };
}
