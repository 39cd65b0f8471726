import { AppError } from "~/lib/app-error";
import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { preparedOnce } from "~/db/prepared.server";
import { user } from "~/db/schema/auth";
import { trainingSession } from "~/db/schema/training-sessions";
import { recordAudit } from "~/auth/audit.server";
import { getLogger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { formatLongDate } from "~/lib/dates";
import { toZonedParts, zonedToUtc } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { coverSession, lockMember, resettleSession, returnSessionCredit } from "./session-credits.server";
import { trainingSessionFormSchema, type TrainingSessionStatus } from "./training-sessions.schema";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

export const TRAINING_SESSION_NOT_FOUND = "Session not found";
export const ONLY_SCHEDULED = "Only scheduled sessions can be cancelled.";
export const ALREADY_TAKEN_PLACE = "This session has already taken place.";
export const NOT_A_MEMBER = "Please choose a member from the list";

/** One session as pages show it: the start in the site's time zone, plus the UTC instant. */
export interface TrainingSessionView {
  id: string;
  memberId: string;
  /** ISO instant (UTC). */
  startsAt: string;
  /** yyyy-mm-dd in the site's time zone. */
  date: string;
  /** HH:mm in the site's time zone. */
  time: string;
  durationMinutes: number;
  type: string;
  location: string;
  description: string;
  status: TrainingSessionStatus;
  /** Scheduled and not yet started: the member may cancel it. */
  cancellable: boolean;
}

export interface StaffTrainingSessionView extends TrainingSessionView {
  memberName: string;
  memberEmail: string;
}

const columns = {
  id: trainingSession.id,
  memberId: trainingSession.memberId,
  startsAt: trainingSession.startsAt,
  durationMinutes: trainingSession.durationMinutes,
  type: trainingSession.type,
  location: trainingSession.location,
  description: trainingSession.description,
  status: trainingSession.status,
};

type Row = { [K in keyof typeof columns]: (typeof trainingSession.$inferSelect)[K] };

function toView(row: Row, timeZone: string, now: Date): TrainingSessionView {
  const { date, time } = toZonedParts(row.startsAt, timeZone);
  return {
    id: row.id,
    memberId: row.memberId,
    startsAt: row.startsAt.toISOString(),
    date,
    time,
    durationMinutes: row.durationMinutes,
    type: row.type,
    location: row.location,
    description: row.description,
    status: row.status,
    cancellable: row.status === "scheduled" && row.startsAt.getTime() > now.getTime(),
  };
}

async function siteTimeZone(): Promise<string> {
  return (await getSiteSettings()).timeZone;
}

const memberName = (u: { name: string; email: string }) => u.name.trim() || u.email;

// ---------------------------------------------------------------- staff

/** Members (not staff, not deactivated) a session can be scheduled for, by name. */
export async function listMembersForScheduling(actor: Actor) {
  ensureCan(actor, "trainingSessions", "create");
  const rows = await getDb()
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.role, "member"), eq(user.banned, false)))
    .orderBy(asc(user.name), asc(user.email));
  return rows.map((r) => ({ id: r.id, name: memberName(r), email: r.email }));
}

async function requireSchedulableMember(memberId: string) {
  const [member] = await getDb()
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.id, memberId), eq(user.role, "member"), eq(user.banned, false)));
  if (!member) throw new AppError(400, NOT_A_MEMBER);
  return member;
}

/** Schedules a session. Throws a ZodError for invalid input, AppError for an unknown member. */
export async function createTrainingSession(actor: Actor, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "trainingSessions", "create");
  const form = trainingSessionFormSchema.parse(input);
  const member = await requireSchedulableMember(form.memberId);
  const timeZone = await siteTimeZone();
  const id = crypto.randomUUID();
  const cancelled = form.status === "cancelled";
  const startsAt = zonedToUtc(form.date, form.time, timeZone);
  const now = new Date();
  await getDb().transaction(async (tx) => {
    await lockMember(tx, member.id);
    await tx.insert(trainingSession).values({
      id,
      memberId: member.id,
      startsAt,
      durationMinutes: form.duration,
      type: form.type,
      location: form.location,
      description: form.description,
      status: form.status,
      cancelledAt: cancelled ? now : null,
      cancelledById: cancelled ? actor.id : null,
      createdById: actor.id,
    });
    if (!cancelled) await coverSession(tx, { id, memberId: member.id, startsAt }, timeZone, now);
  });
  await recordAudit({
    action: "session.created",
    actor,
    target: { type: "training_session", id },
    summary: `Scheduled ${form.type} for ${memberName(member)} on ${form.date} at ${form.time}`,
  });
  return { id };
}

/** One session for the staff edit form, or null. */
export async function getTrainingSession(actor: Actor, id: string): Promise<StaffTrainingSessionView | null> {
  ensureCan(actor, "trainingSessions", "listAll");
  const [row] = await getDb()
    .select({ ...columns, memberName: user.name, memberEmail: user.email })
    .from(trainingSession)
    .innerJoin(user, eq(user.id, trainingSession.memberId))
    .where(eq(trainingSession.id, id));
  if (!row) return null;
  return { ...toView(row, await siteTimeZone(), new Date()), memberName: memberName({ name: row.memberName, email: row.memberEmail }), memberEmail: row.memberEmail };
}

/** Changes any field of a session. Moving it to or from 'cancelled' records or clears who cancelled it. */
export async function updateTrainingSession(actor: Actor, id: string, input: unknown): Promise<void> {
  ensureCan(actor, "trainingSessions", "update");
  const form = trainingSessionFormSchema.parse(input);
  const member = await requireSchedulableMember(form.memberId);
  const timeZone = await siteTimeZone();
  const startsAt = zonedToUtc(form.date, form.time, timeZone);
  const now = new Date();
  const existing = await getDb().transaction(async (tx) => {
    const [before] = await tx.select({ status: trainingSession.status, memberId: trainingSession.memberId }).from(trainingSession).where(eq(trainingSession.id, id)).for("update");
    if (!before) throw new AppError(404, TRAINING_SESSION_NOT_FOUND);
    const cancellation =
      form.status === "cancelled" && before.status !== "cancelled"
        ? { cancelledAt: now, cancelledById: actor.id }
        : form.status !== "cancelled"
          ? { cancelledAt: null, cancelledById: null }
          : {};
    await tx
      .update(trainingSession)
      .set({
        memberId: member.id,
        startsAt,
        durationMinutes: form.duration,
        type: form.type,
        location: form.location,
        description: form.description,
        status: form.status,
        ...cancellation,
        revision: sql`${trainingSession.revision} + 1`,
        updatedAt: now,
      })
      .where(eq(trainingSession.id, id));
    await resettleSession(tx, { id, startsAt }, before, { memberId: member.id, status: form.status }, timeZone, now);
    return before;
  });
  await recordAudit({
    action: form.status === "cancelled" && existing.status !== "cancelled" ? "session.cancelled" : "session.updated",
    actor,
    target: { type: "training_session", id },
    summary: `Updated ${form.type} for ${memberName(member)} on ${form.date} at ${form.time} (${form.status})`,
  });
}

/** Staff cancel a scheduled session (past or future). */
export async function cancelTrainingSessionAsStaff(actor: Actor, id: string): Promise<void> {
  ensureCan(actor, "trainingSessions", "cancelAny");
  const now = new Date();
  const existing = await getDb().transaction(async (tx) => {
    const [row] = await tx.select({ status: trainingSession.status, type: trainingSession.type }).from(trainingSession).where(eq(trainingSession.id, id)).for("update");
    if (!row) throw new AppError(404, TRAINING_SESSION_NOT_FOUND);
    if (row.status !== "scheduled") throw new AppError(409, ONLY_SCHEDULED);
    await tx
      .update(trainingSession)
      .set({ status: "cancelled", cancelledAt: now, cancelledById: actor.id, revision: sql`${trainingSession.revision} + 1`, updatedAt: now })
      .where(eq(trainingSession.id, id));
    await returnSessionCredit(tx, id, now);
    return row;
  });
  await recordAudit({ action: "session.cancelled", actor, target: { type: "training_session", id }, summary: `Cancelled ${existing.type} (staff)` });
}

export interface TrainingSessionRange {
  /** Inclusive start (UTC instant). */
  from: Date;
  /** Exclusive end (UTC instant). */
  to: Date;
}

/** Every member's sessions in a range, with the member's name, earliest first. */
export async function listTrainingSessions(actor: Actor, query: TrainingSessionRange & { memberId?: string }): Promise<StaffTrainingSessionView[]> {
  ensureCan(actor, "trainingSessions", "listAll");
  const filters: SQL[] = [gte(trainingSession.startsAt, query.from), lt(trainingSession.startsAt, query.to)];
  if (query.memberId) filters.push(eq(trainingSession.memberId, query.memberId));
  const [rows, timeZone] = await Promise.all([
    getDb()
      .select({ ...columns, memberName: user.name, memberEmail: user.email })
      .from(trainingSession)
      .innerJoin(user, eq(user.id, trainingSession.memberId))
      .where(and(...filters))
      .orderBy(asc(trainingSession.startsAt), asc(trainingSession.id))
      .limit(2000),
    siteTimeZone(),
  ]);
  const now = new Date();
  return rows.map((r) => ({ ...toView(r, timeZone, now), memberName: memberName({ name: r.memberName, email: r.memberEmail }), memberEmail: r.memberEmail }));
}

/** Cancelled sessions, newest cancellation first: whose, who cancelled it and when. */
export async function listCancellations(actor: Actor, query: { memberId?: string; limit?: number } = {}) {
  ensureCan(actor, "trainingSessions", "listAll");
  const canceller = alias(user, "canceller");
  const filters: SQL[] = [eq(trainingSession.status, "cancelled")];
  if (query.memberId) filters.push(eq(trainingSession.memberId, query.memberId));
  const [rows, timeZone] = await Promise.all([
    getDb()
      .select({
        ...columns,
        cancelledAt: trainingSession.cancelledAt,
        memberName: user.name,
        memberEmail: user.email,
        cancellerId: canceller.id,
        cancellerName: canceller.name,
        cancellerEmail: canceller.email,
      })
      .from(trainingSession)
      .innerJoin(user, eq(user.id, trainingSession.memberId))
      .leftJoin(canceller, eq(canceller.id, trainingSession.cancelledById))
      .where(and(...filters))
      .orderBy(desc(trainingSession.cancelledAt), desc(trainingSession.startsAt))
      .limit(query.limit ?? 50),
    siteTimeZone(),
  ]);
  const now = new Date();
  return rows.map((r) => {
    const cancelled = r.cancelledAt ? toZonedParts(r.cancelledAt, timeZone) : null;
    return {
      ...toView(r, timeZone, now),
      memberName: memberName({ name: r.memberName, email: r.memberEmail }),
      cancelledBy: r.cancellerId ? (r.cancellerId === r.memberId ? "The member" : memberName({ name: r.cancellerName ?? "", email: r.cancellerEmail ?? "" })) : "Unknown",
      cancelledOn: cancelled ? `${formatLongDate(cancelled.date)}, ${cancelled.time}` : "Unknown",
    };
  });
}

// ---------------------------------------------------------------- member (always scoped by actor.id here)

/** The member's own sessions in a range, earliest first. */
export async function listOwnTrainingSessions(actor: Actor, range: TrainingSessionRange): Promise<TrainingSessionView[]> {
  ensureCan(actor, "memberArea", "view");
  const [rows, timeZone] = await Promise.all([
    getDb()
      .select(columns)
      .from(trainingSession)
      .where(and(eq(trainingSession.memberId, actor.id), gte(trainingSession.startsAt, range.from), lt(trainingSession.startsAt, range.to)))
      .orderBy(asc(trainingSession.startsAt), asc(trainingSession.id))
      .limit(1000),
    siteTimeZone(),
  ]);
  const now = new Date();
  return rows.map((r) => toView(r, timeZone, now));
}

/** One of the member's own sessions, or null (another member's session is not found either). */
export async function getOwnTrainingSession(actor: Actor, id: string): Promise<TrainingSessionView | null> {
  ensureCan(actor, "memberArea", "view");
  const [row] = await getDb()
    .select(columns)
    .from(trainingSession)
    .where(and(eq(trainingSession.id, id), eq(trainingSession.memberId, actor.id)));
  return row ? toView(row, await siteTimeZone(), new Date()) : null;
}

/** The member's next scheduled sessions that have not started, soonest first. */
const nextSessionsQuery = preparedOnce((db) =>
  db
    .select(columns)
    .from(trainingSession)
    .where(and(eq(trainingSession.memberId, sql.placeholder("memberId")), eq(trainingSession.status, "scheduled"), gt(trainingSession.startsAt, sql.placeholder("now"))))
    .orderBy(asc(trainingSession.startsAt), asc(trainingSession.id))
    .limit(sql.placeholder("limit"))
    .prepare("next_training_sessions"),
);
const sessionCountQuery = preparedOnce((db) =>
  db.select({ n: count() }).from(trainingSession).where(and(eq(trainingSession.memberId, sql.placeholder("memberId")), ne(trainingSession.status, "cancelled"))).prepare("training_session_count"),
);

export async function getNextTrainingSessions(actor: Actor, limit = 3): Promise<TrainingSessionView[]> {
  ensureCan(actor, "memberArea", "view");
  const now = new Date();
  const [rows, timeZone] = await Promise.all([nextSessionsQuery().execute({ memberId: actor.id, now, limit: Math.max(1, Math.min(limit, 50)) }), siteTimeZone()]);
  return rows.map((r) => toView(r, timeZone, now));
}

/** How many sessions the member has, not counting cancelled ones (the dashboard's 'Recent Activity'); this and the next sessions are prepared (decision 0184). */
export async function countTrainingSessions(actor: Actor): Promise<number> {
  ensureCan(actor, "memberArea", "view");
  const [row] = await sessionCountQuery().execute({ memberId: actor.id });
  return row?.n ?? 0;
}

async function coachRecipients(): Promise<string[]> {
  const settings = await getSiteSettings();
  if (settings.notificationEmail) return [settings.notificationEmail];
  const admins = await getDb().select({ email: user.email }).from(user).where(and(eq(user.role, "admin"), eq(user.banned, false)));
  return admins.map((a) => a.email);
}

/**
 * The member cancels one of their own scheduled sessions that has not started. On
 * refusal (not theirs, not scheduled, already started) nothing changes and a
 * an AppError says why. The coach is e-mailed after the change is saved; a mail
 * failure is logged and does not undo or fail the cancellation.
 */
export async function cancelOwnTrainingSession(actor: Actor, id: string): Promise<{ mailed: boolean }> {
  ensureCan(actor, "memberArea", "view");
  const db = getDb();
  const now = new Date();
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(trainingSession)
      .set({ status: "cancelled", cancelledAt: now, cancelledById: actor.id, revision: sql`${trainingSession.revision} + 1`, updatedAt: now })
      .where(and(eq(trainingSession.id, id), eq(trainingSession.memberId, actor.id), eq(trainingSession.status, "scheduled"), gt(trainingSession.startsAt, now)))
      .returning(columns);
    if (row) await returnSessionCredit(tx, id, now);
    return row;
  });
  if (!cancelled) {
    // Nothing changed; say why, without telling one member about another's sessions.
    const [row] = await db
      .select({ status: trainingSession.status })
      .from(trainingSession)
      .where(and(eq(trainingSession.id, id), eq(trainingSession.memberId, actor.id)));
    if (!row) throw new AppError(404, TRAINING_SESSION_NOT_FOUND);
    if (row.status !== "scheduled") throw new AppError(409, ONLY_SCHEDULED);
    throw new AppError(409, ALREADY_TAKEN_PLACE);
  }
  const settings = await getSiteSettings();
  const { date, time } = toZonedParts(cancelled.startsAt, settings.timeZone);
  const [me] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, actor.id));
  const who = me ? memberName(me) : actor.email;
  const when = `${formatLongDate(date)} at ${time} (${settings.timeZone})`;
  await recordAudit({ action: "session.cancelled", actor, target: { type: "training_session", id }, summary: `${who} cancelled ${cancelled.type} on ${date} at ${time}` });
  try {
    const to = await coachRecipients();
    if (to.length === 0) throw new Error("No notification address: set one in the site settings or add an administrator");
    await sendMail({
      to,
      subject: `Session cancelled: ${who}, ${formatLongDate(date)} ${time}`,
      text: [
        `${who} (${me?.email ?? actor.email}) has cancelled a training session.`,
        "",
        `Session: ${cancelled.type}`,
        `When: ${when}`,
        `Duration: ${cancelled.durationMinutes} minutes`,
        cancelled.location ? `Location: ${cancelled.location}` : null,
      ]
        .filter((line) => line !== null)
        .join("\n"),
    });
    return { mailed: true };
  } catch (error) {
    getLogger().error({ sessionId: id, err: error instanceof Error ? error.message : String(error) }, "could not e-mail the coach about a cancelled session");
    return { mailed: false };
  }
}
