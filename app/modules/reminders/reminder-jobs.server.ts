/**
 * The reminder e-mails on the job store (decision 0088). A sweep every quarter of an hour
 * (`reminders.plan`) enqueues each reminder falling due soon, or due already and not yet
 * too late, as its own job (`reminders.send`) at its exact time, keyed by member, kind and
 * occurrence: however many processes sweep, or however often, one job per occurrence. The
 * job decides when it runs, from the data of that moment: the session still booked at that
 * time, a workout planned that day and not yet done, a check-in not yet sent, the reminder
 * still on; in the member's quiet hours it is put off to their end. A job later than its
 * kind's deadline is skipped (the store's staleAt).
 */
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { checkIn } from "~/db/schema/check-ins";
import { profile } from "~/db/schema/profiles";
import { program, programBlock, programDay, programWeek } from "~/db/schema/programs";
import { reminderSettings } from "~/db/schema/reminders";
import { trainingSession } from "~/db/schema/training-sessions";
import { workout } from "~/db/schema/workouts";
import { getBusinessName } from "~/lib/business-name.server";
import { formatLongDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { defineJob, defineRecurringJob, enqueueJob, enqueueJobs, type Repeat } from "~/lib/jobs.server";
import { sendMail } from "~/lib/mail.server";
import { addDays, toZonedParts, weekdayOf, zonedToUtc } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { CLASS_NOTICE_MS, CLASS_TOO_LATE_MS, classRemindersDue, composeClassReminder } from "./class-reminders.server";
import { quietHoursEnd } from "./quiet-hours";
import { remindersOf, unsubscribeHeaders } from "./reminder-settings.server";
import { KIND_LABELS, type ReminderKind } from "./reminders.schema";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A session's reminder: this long before it starts. */
export const SESSION_NOTICE_MS = 24 * HOUR;
/** Past these, a reminder is too late to matter: skipped (a session's: 12 hours before it starts). */
export const TOO_LATE_MS = { session: 12 * HOUR, workout: 4 * HOUR, "check-in": 12 * HOUR, class: CLASS_TOO_LATE_MS } as const;
/** The sweep's period, and how far ahead it enqueues (more than a period: a reminder is waiting at its time). */
const SWEEP_EVERY_MS = 15 * MINUTE;
const LOOKAHEAD_MS = 30 * MINUTE;

const reminderPayload = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("session"), memberId: z.string(), sessionId: z.string(), startsAt: z.iso.datetime() }),
  z.object({ kind: z.literal("workout"), memberId: z.string(), date: z.iso.date(), dueAt: z.iso.datetime() }),
  z.object({ kind: z.literal("check-in"), memberId: z.string(), date: z.iso.date(), dueAt: z.iso.datetime() }),
  z.object({ kind: z.literal("class"), memberId: z.string(), bookingId: z.string(), startsAt: z.iso.datetime() }),
]);
export type ReminderPayload = z.infer<typeof reminderPayload>;

function scheduleOf(p: ReminderPayload): { key: string; dueAt: Date; staleAt: Date } {
  const dueAt = p.kind === "session" ? new Date(new Date(p.startsAt).getTime() - SESSION_NOTICE_MS) : p.kind === "class" ? new Date(new Date(p.startsAt).getTime() - CLASS_NOTICE_MS) : new Date(p.dueAt);
  // A moved session or class is another occurrence (its start is in the key): the reminder follows it.
  const key =
    p.kind === "session" ? `reminder:session:${p.sessionId}@${p.startsAt}` : p.kind === "class" ? `reminder:class:${p.bookingId}@${p.startsAt}` : `reminder:${p.kind}:${p.memberId}:${p.date}`;
  return { key, dueAt, staleAt: new Date(dueAt.getTime() + TOO_LATE_MS[p.kind]) };
}

export const sendReminderJob = defineJob({
  kind: "reminders.send",
  payload: reminderPayload,
  retryDelayMs: () => 5 * MINUTE,
  run: (payload, { now }) => sendReminder(payload, now).then(() => undefined),
});

/** Enqueues reminders in one statement; a key taken (by another sweep or process) is left out. */
function enqueueReminders(payloads: ReminderPayload[]): Promise<string[]> {
  return enqueueJobs(
    getDb(),
    sendReminderJob,
    payloads.map((payload) => {
      const { key, dueAt, staleAt } = scheduleOf(payload);
      return { payload, key, runAt: dueAt, staleAt };
    }),
  );
}

// ---------------------------------------------------------------- the sweep

const quarterHours: Repeat = { next: (after) => new Date(Math.floor(after.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS + SWEEP_EVERY_MS) };

/** Members who may be reminded: members, not deactivated. */
const remindable = and(eq(user.role, "member"), eq(user.banned, false));

/** The local dates around `now` whose morning falls in the sweep's window. */
function mornings(now: Date, timeZone: string, hour: number, kind: "workout" | "check-in"): Array<{ date: string; dueAt: Date }> {
  const today = toZonedParts(now, timeZone).date;
  const time = `${String(hour).padStart(2, "0")}:00`;
  return [-1, 0, 1]
    .map((d) => addDays(today, d))
    .map((date) => ({ date, dueAt: zonedToUtc(date, time, timeZone) }))
    .filter(({ dueAt }) => dueAt.getTime() + TOO_LATE_MS[kind] > now.getTime() && dueAt.getTime() <= now.getTime() + LOOKAHEAD_MS);
}

/**
 * Enqueues every reminder due by `now` + the look-ahead and not yet too late: sessions and
 * booked classes by their start (the starts indexes), today's workout for those who asked for it (the partial
 * index), the check-in on each member's check-in day. Returns how many jobs are new.
 */
export async function planReminders(now: Date): Promise<number> {
  const db = getDb();
  const { timeZone: siteZone } = await getSiteSettings();
  const [sessions, workoutMembers, checkInMembers, classes] = await Promise.all([
    db
      .select({ id: trainingSession.id, memberId: trainingSession.memberId, startsAt: trainingSession.startsAt })
      .from(trainingSession)
      .innerJoin(user, eq(user.id, trainingSession.memberId))
      .leftJoin(reminderSettings, eq(reminderSettings.userId, trainingSession.memberId))
      .where(
        and(
          eq(trainingSession.status, "scheduled"),
          gt(trainingSession.startsAt, new Date(now.getTime() + SESSION_NOTICE_MS - TOO_LATE_MS.session)),
          lte(trainingSession.startsAt, new Date(now.getTime() + SESSION_NOTICE_MS + LOOKAHEAD_MS)),
          remindable,
          sql`coalesce(${reminderSettings.sessionTomorrow}, true)`,
        ),
      ),
    db
      .select({ id: user.id, hour: reminderSettings.morningHour, zone: reminderSettings.timeZone })
      .from(reminderSettings)
      .innerJoin(user, eq(user.id, reminderSettings.userId))
      .where(and(sql`${reminderSettings.todaysWorkout}`, remindable, sql`exists (select 1 from ${program} where ${program.memberId} = ${user.id} and ${program.archivedAt} is null and ${program.startDate} is not null)`)),
    db
      .select({ id: user.id, hour: reminderSettings.morningHour, zone: reminderSettings.timeZone, day: profile.checkInDay })
      .from(user)
      .leftJoin(reminderSettings, eq(reminderSettings.userId, user.id))
      .leftJoin(profile, eq(profile.userId, user.id))
      .where(and(remindable, sql`coalesce(${reminderSettings.checkInDue}, true)`)),
    classRemindersDue(now, LOOKAHEAD_MS),
  ]);
  const payloads: ReminderPayload[] = [...sessions.map((s) => ({ kind: "session" as const, memberId: s.memberId, sessionId: s.id, startsAt: s.startsAt.toISOString() })), ...classes];
  for (const m of workoutMembers) {
    for (const { date, dueAt } of mornings(now, m.zone ?? siteZone, m.hour, "workout")) payloads.push({ kind: "workout", memberId: m.id, date, dueAt: dueAt.toISOString() });
  }
  for (const m of checkInMembers) {
    for (const { date, dueAt } of mornings(now, m.zone ?? siteZone, m.hour ?? 7, "check-in")) {
      if (weekdayOf(date) === (m.day ?? 0)) payloads.push({ kind: "check-in", memberId: m.id, date, dueAt: dueAt.toISOString() });
    }
  }
  return (await enqueueReminders(payloads)).length;
}

export const planRemindersJob = defineRecurringJob({
  kind: "reminders.plan",
  repeat: quarterHours,
  maxAttempts: 1,
  run: async (_payload, { now }) => {
    await planReminders(now);
  },
});

// ---------------------------------------------------------------- at send time

export type ReminderGate = { send: true } | { send: false; reason: "off" } | { send: false; reason: "quiet"; until: Date };

/** Whether a member's e-mail of this kind goes now: off in their Settings, put off by their quiet hours, or sent. */
export async function reminderGate(memberId: string, kind: ReminderKind, now: Date): Promise<ReminderGate> {
  const r = await remindersOf(memberId);
  if (!r.on[kind]) return { send: false, reason: "off" };
  const until = quietHoursEnd(now, r.timeZone, r.quietFrom, r.quietTo);
  return until ? { send: false, reason: "quiet", until } : { send: true };
}

/** The e-mail's last lines: why it came, the one-click unsubscribe of its kind, and Settings. */
export function reminderFooter(kind: ReminderKind, unsubscribeUrl: string, businessName: string): string[] {
  return [
    "",
    "--",
    `You get this e-mail because '${KIND_LABELS[kind]}' is on in your e-mail reminders.`,
    `Unsubscribe from these e-mails: ${unsubscribeUrl}`,
    `Choose your reminders and quiet hours in Settings: ${getEnv().BASE_URL}/members/settings`,
    businessName,
  ];
}

interface Recipient {
  email: string;
  name: string;
}

type Composed = { subject: string; lines: string[] } | null;

const hello = (to: Recipient) => `Hello ${to.name.trim() || to.email},`;

/** What `date` is from `today`: 'today', 'tomorrow' or its long form. */
function dayWord(date: string, today: string): string {
  if (date === today) return "today";
  if (date === addDays(today, 1)) return "tomorrow";
  return `on ${formatLongDate(date)}`;
}

async function composeSession(p: Extract<ReminderPayload, { kind: "session" }>, to: Recipient, now: Date): Promise<Composed> {
  const [s] = await getDb().select().from(trainingSession).where(and(eq(trainingSession.id, p.sessionId), eq(trainingSession.memberId, p.memberId)));
  // Cancelled, or moved (the sweep enqueues the new time's reminder), or deleted: nothing to tell.
  if (!s || s.status !== "scheduled" || s.startsAt.toISOString() !== p.startsAt) return null;
  const { timeZone } = await getSiteSettings();
  const { date, time } = toZonedParts(s.startsAt, timeZone);
  const when = dayWord(date, toZonedParts(now, timeZone).date);
  return {
    subject: `Reminder: your ${s.type} session ${when} at ${time}`,
    lines: [
      hello(to),
      "",
      `Your training session is ${when}:`,
      "",
      `  ${s.type}`,
      `  ${formatLongDate(date)} at ${time} (${s.durationMinutes} minutes)`,
      ...(s.location ? [`  ${s.location}`] : []),
      ...(s.description ? ["", s.description] : []),
      "",
      "See your schedule:",
      `${getEnv().BASE_URL}/members/schedule`,
    ],
  };
}

/** The member's program day planned on `date` (their newest copy started by then), with its exercise count; null on a rest day. */
async function plannedDay(memberId: string, date: string) {
  const db = getDb();
  const [copy] = await db
    .select({ id: program.id, startDate: program.startDate })
    .from(program)
    .where(and(eq(program.memberId, memberId), isNull(program.archivedAt), isNotNull(program.startDate), lte(program.startDate, date)))
    .orderBy(desc(program.startDate), desc(program.createdAt))
    .limit(1);
  if (!copy?.startDate) return null;
  const days = Math.round((Date.parse(date) - Date.parse(copy.startDate)) / (24 * HOUR));
  const [day] = await db
    .select({ id: programDay.id, title: programDay.title })
    .from(programDay)
    .innerJoin(programWeek, eq(programWeek.id, programDay.weekId))
    .where(and(eq(programWeek.programId, copy.id), eq(programWeek.position, Math.floor(days / 7)), eq(programDay.dayIndex, days % 7)))
    .orderBy(asc(programDay.id))
    .limit(1);
  if (!day) return null;
  const [[blocks], [done]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(programBlock).where(eq(programBlock.dayId, day.id)),
    db.select({ id: workout.id }).from(workout).where(and(eq(workout.programDayId, day.id), eq(workout.userId, memberId), isNotNull(workout.finishedAt))).limit(1),
  ]);
  return { title: day.title, exercises: blocks?.n ?? 0, done: Boolean(done) };
}

async function composeWorkout(p: Extract<ReminderPayload, { kind: "workout" }>, to: Recipient): Promise<Composed> {
  const day = await plannedDay(p.memberId, p.date);
  // A rest day, or done already.
  if (!day || day.done) return null;
  const count = day.exercises === 1 ? "1 exercise" : `${day.exercises} exercises`;
  return {
    subject: `Today's workout: ${day.title}`,
    lines: [hello(to), "", `Today's workout (${formatLongDate(p.date)}): ${day.title}, ${count}.`, "", "Start it from your dashboard:", `${getEnv().BASE_URL}/members`],
  };
}

async function composeCheckIn(p: Extract<ReminderPayload, { kind: "check-in" }>, to: Recipient): Promise<Composed> {
  const [sent] = await getDb()
    .select({ id: checkIn.id })
    .from(checkIn)
    .where(and(eq(checkIn.userId, p.memberId), eq(checkIn.weekOf, p.date)));
  if (sent) return null;
  return {
    subject: "Your weekly check-in is due today",
    lines: [hello(to), "", `Your weekly check-in for ${formatLongDate(p.date)} is due today: how the week went, your weight and your photos, for your coach to review.`, "", "Send your check-in:", `${getEnv().BASE_URL}/members/check-ins`],
  };
}

/**
 * Sends one reminder if it still holds at `now`. Returns what happened: sent, put off to
 * the end of the quiet hours (as a job of its own, with the same deadline), or nothing.
 */
export async function sendReminder(p: ReminderPayload, now: Date): Promise<"sent" | "deferred" | "none"> {
  const [to] = await getDb()
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(and(eq(user.id, p.memberId), remindable));
  if (!to) return "none";
  const gate = await reminderGate(p.memberId, p.kind, now);
  if (!gate.send) {
    if (gate.reason === "off") return "none";
    const { key, staleAt } = scheduleOf(p);
    if (gate.until >= staleAt) return "none";
    await enqueueJob(getDb(), sendReminderJob, p, { runAt: gate.until, staleAt, key: `${key}:after-quiet@${gate.until.toISOString()}` });
    return "deferred";
  }
  const mail =
    p.kind === "session"
      ? await composeSession(p, to, now)
      : p.kind === "class"
        ? await composeClassReminder(p, hello(to), dayWord, now)
        : p.kind === "workout"
          ? await composeWorkout(p, to)
          : await composeCheckIn(p, to);
  if (!mail) return "none";
  const { url, headers } = unsubscribeHeaders(p.memberId, p.kind);
  await sendMail({ to: to.email, subject: mail.subject, headers, text: [...mail.lines, ...reminderFooter(p.kind, url, await getBusinessName())].join("\n") });
  return "sent";
}
