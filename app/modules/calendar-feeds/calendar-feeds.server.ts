/**
 * Private calendar feeds (decision 0090): each person's secret address of an iCalendar
 * feed, for Google Calendar, Apple Calendar and Outlook to subscribe to. A member's feed
 * holds their training sessions and the workouts their program plans; a trainer's or an
 * administrator's holds every member's sessions (the staff's schedule rule). Only the
 * SHA-256 hash of the secret is stored: the address is shown once, when it is made, and
 * making a new one ends the old one at once.
 */
import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { can, toRole, type Role } from "~/auth/permissions";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { auditLog } from "~/db/schema/audit";
import { calendarFeed } from "~/db/schema/calendar-feeds";
import { program, programDay, programWeek } from "~/db/schema/programs";
import { trainingSession } from "~/db/schema/training-sessions";
import { AppError } from "~/lib/app-error";
import { formatUsDateTime } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { addDays, todayIn } from "~/lib/time-zone";
import { isCancelledInFeed, listFeedClassPlaces } from "~/modules/classes/own-bookings.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { programDayDate } from "~/modules/workouts/program-dates";
import { renderCalendar, type FeedSession, type FeedWorkout } from "./calendar-ics";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

export type FeedScope = "member" | "staff";

/** The feed's address: /calendar/<secret>.ics */
export const FEED_PATH = "/calendar";

/** What a feed covers: from 8 weeks back (a cancelled session stays that long, marked cancelled) to about 6 months ahead. */
export const FEED_DAYS_BACK = 56;
export const FEED_DAYS_AHEAD = 183;
/** Size caps: a member's sessions, the staff's every session, planned workouts, a member's program copies read. */
export const MAX_MEMBER_SESSIONS = 500;
export const MAX_STAFF_SESSIONS = 3000;
export const MAX_WORKOUTS = 500;
const MAX_PROGRAMS = 8;

/** 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[\w-]{43}$/;

const DAY_MS = 86_400_000;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Staff see every member's sessions; everyone else, their own (the training sessions' rule). */
export function scopeOf(role: Role): FeedScope {
  return can(role, "trainingSessions", "listAll") ? "staff" : "member";
}

export function feedUrl(token: string): string {
  return `${getEnv().BASE_URL}${FEED_PATH}/${token}.ics`;
}

export interface CalendarFeedState {
  scope: FeedScope;
  /** When the working address was made, in the site's time zone; null when there is none (never made, or made for another role). */
  createdOn: string | null;
}

export async function calendarFeedState(actor: Actor, timeZone: string): Promise<CalendarFeedState> {
  const scope = scopeOf(actor.role);
  const [row] = await getDb().select({ scope: calendarFeed.scope, createdAt: calendarFeed.createdAt }).from(calendarFeed).where(eq(calendarFeed.userId, actor.id));
  return { scope, createdOn: row?.scope === scope ? formatUsDateTime(row.createdAt, timeZone) : null };
}

/** Addresses one person may make in a day (decision 0116): each ends the last and writes an activity line. */
export const FEEDS_PER_DAY = 5;
export const TOO_MANY_FEEDS = `You can make a new calendar address ${FEEDS_PER_DAY} times a day. Please try again tomorrow.`;

/**
 * Makes the person's feed address, replacing any earlier one in the same statement (the old
 * address stops working at once), and says so in the activity log: an address that reads
 * someone's diary is worth knowing about. At most FEEDS_PER_DAY a day, counted from those
 * activity lines under a lock on the person's row, so two taps at once cannot pass the count
 * together and the activity log grows by a few lines a day at most.
 */
export async function issueCalendarFeed(actor: Actor): Promise<{ url: string }> {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${actor.id} for no key update`);
    const [today] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, actor.id), inArray(auditLog.action, ["calendar_feed.created", "calendar_feed.replaced"]), gt(auditLog.at, new Date(Date.now() - DAY_MS))));
    if ((today?.n ?? 0) >= FEEDS_PER_DAY) throw new AppError(429, TOO_MANY_FEEDS);
    const values = { tokenHash: hashToken(token), scope: scopeOf(actor.role), createdAt: new Date() };
    // xmax is set on a row the statement updated: an address replaced, not a first one.
    const [row] = await tx
      .insert(calendarFeed)
      .values({ userId: actor.id, ...values })
      .onConflictDoUpdate({ target: calendarFeed.userId, set: values })
      .returning({ replaced: sql<boolean>`xmax <> 0` });
    const replaced = row?.replaced === true;
    await recordAudit(
      {
        action: replaced ? "calendar_feed.replaced" : "calendar_feed.created",
        actor,
        target: { type: "user", id: actor.id },
        summary: replaced ? "Made a new calendar feed address (the old one stopped working)" : "Made a calendar feed address",
      },
      tx,
    );
  });
  return { url: feedUrl(token) };
}

const displayName = (u: { name: string; email: string }) => u.name.trim() || u.email;

/**
 * The feed of a secret, or null (404) when no working feed has it: unknown or replaced, its
 * owner deactivated, or their role changed since it was made (a member made a trainer).
 */
export async function readCalendarFeed(token: string, now: Date = new Date()): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [owner] = await getDb()
    .select({ id: user.id, role: user.role, banned: user.banned, scope: calendarFeed.scope })
    .from(calendarFeed)
    .innerJoin(user, eq(user.id, calendarFeed.userId))
    .where(eq(calendarFeed.tokenHash, hashToken(token)));
  if (!owner || owner.banned || scopeOf(toRole(owner.role)) !== owner.scope) return null;
  const settings = await getSiteSettings();
  const from = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * 86_400_000);
  const host = new URL(getEnv().BASE_URL).hostname;
  if (owner.scope === "staff") {
    return renderCalendar({ name: `${settings.businessName}: sessions`, host, now, sessions: await everySession(from, to), workouts: [] });
  }
  const today = todayIn(settings.timeZone, now);
  const [sessions, classes, workouts] = await Promise.all([
    ownSessions(owner.id, from, to, settings.coachName),
    ownClassPlaces(owner.id, from, to),
    plannedWorkouts(owner.id, addDays(today, -FEED_DAYS_BACK), addDays(today, FEED_DAYS_AHEAD)),
  ]);
  return renderCalendar({ name: `${settings.businessName}: training`, host, now, sessions: [...sessions, ...classes], workouts });
}

const sessionColumns = {
  id: trainingSession.id,
  startsAt: trainingSession.startsAt,
  durationMinutes: trainingSession.durationMinutes,
  type: trainingSession.type,
  location: trainingSession.location,
  description: trainingSession.description,
  status: trainingSession.status,
  revision: trainingSession.revision,
};

async function ownSessions(memberId: string, from: Date, to: Date, coachName: string): Promise<FeedSession[]> {
  const rows = await getDb()
    .select(sessionColumns)
    .from(trainingSession)
    .where(and(eq(trainingSession.memberId, memberId), gte(trainingSession.startsAt, from), lt(trainingSession.startsAt, to)))
    .orderBy(asc(trainingSession.startsAt), asc(trainingSession.id))
    .limit(MAX_MEMBER_SESSIONS);
  return rows.map((r) => ({
    ...r,
    summary: coachName ? `${r.type} with ${coachName}` : r.type,
    cancelled: r.status === "cancelled",
  }));
}

/**
 * The member's group classes: one event per class (UID class-<class id>), however often
 * they booked and cancelled it. SEQUENCE grows with the class's revision and with each of
 * the member's places in it: two per place, one more once it ended, so a re-booking after
 * a cancel (CANCELLED back to CONFIRMED) is always newer than the cancel.
 */
async function ownClassPlaces(memberId: string, from: Date, to: Date): Promise<FeedSession[]> {
  const places = await listFeedClassPlaces({ id: memberId, role: "member" }, { from, to }, MAX_MEMBER_SESSIONS);
  return places.map((p) => {
    const placeEnded = p.status === "cancelled" || p.status === "late_cancelled" || p.status === "offer_lapsed";
    return {
      kind: "class",
      id: p.classId,
      startsAt: new Date(p.startsAt),
      durationMinutes: p.durationMinutes,
      summary: `${p.className} (group class)`,
      location: p.location,
      description: p.status === "offered" ? "A place offered from the waitlist: confirm it on the Group Classes page." : "",
      cancelled: isCancelledInFeed(p),
      revision: p.revision + 2 * (p.placesInClass - 1) + (placeEnded ? 1 : 0),
    };
  });
}

async function everySession(from: Date, to: Date): Promise<FeedSession[]> {
  const rows = await getDb()
    .select({ ...sessionColumns, memberName: user.name, memberEmail: user.email })
    .from(trainingSession)
    .innerJoin(user, eq(user.id, trainingSession.memberId))
    .where(and(gte(trainingSession.startsAt, from), lt(trainingSession.startsAt, to)))
    .orderBy(asc(trainingSession.startsAt), asc(trainingSession.id))
    .limit(MAX_STAFF_SESSIONS);
  return rows.map((r) => ({
    ...r,
    summary: `${r.type}: ${displayName({ name: r.memberName, email: r.memberEmail })}`,
    cancelled: r.status === "cancelled",
  }));
}

/**
 * The days the member's program copies plan in [fromDate, toDate]. A copy is in force from
 * its start date until the next copy starts (the Workouts page's rule: the latest copy that
 * has started). SEQUENCE follows the copy's last edit (decision 0091).
 */
async function plannedWorkouts(memberId: string, fromDate: string, toDate: string): Promise<FeedWorkout[]> {
  const db = getDb();
  const copies = (
    await db
      .select({ id: program.id, name: program.name, startDate: program.startDate, createdAt: program.createdAt, updatedAt: program.updatedAt })
      .from(program)
      .where(and(eq(program.memberId, memberId), isNull(program.archivedAt), isNotNull(program.startDate), lte(program.startDate, toDate)))
      .orderBy(desc(program.startDate), desc(program.createdAt))
      .limit(MAX_PROGRAMS)
  ).reverse();
  if (copies.length === 0) return [];
  const ids = copies.map((c) => c.id);
  const days = await db
    .select({ id: programDay.id, programId: programDay.programId, dayIndex: programDay.dayIndex, title: programDay.title, week: programWeek.position })
    .from(programDay)
    .innerJoin(programWeek, eq(programWeek.id, programDay.weekId))
    // Both sides through their program index: without statistics (PGlite) a join may otherwise scan every week.
    .where(and(inArray(programDay.programId, ids), inArray(programWeek.programId, ids)));
  const workouts: FeedWorkout[] = [];
  copies.forEach((copy, i) => {
    const start = copy.startDate!;
    const until = copies[i + 1]?.startDate ?? null;
    const sequence = Math.max(0, Math.floor((copy.updatedAt.getTime() - copy.createdAt.getTime()) / 1000));
    for (const day of days) {
      if (day.programId !== copy.id) continue;
      const date = programDayDate(start, day.week, day.dayIndex);
      if (date < fromDate || date > toDate || (until !== null && date >= until)) continue;
      workouts.push({ dayId: day.id, date, summary: day.title, description: `Week ${day.week + 1} of ${copy.name}`, sequence });
    }
  });
  return workouts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).slice(0, MAX_WORKOUTS);
}
