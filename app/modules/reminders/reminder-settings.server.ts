/**
 * A member's e-mail reminders (decision 0087): their choices in Settings, read with the
 * defaults when they never saved, and the one-click unsubscribe of each kind through a
 * signed link (no sign-in: the link names the member and the kind, signed with the
 * server's secret).
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { reminderSettings } from "~/db/schema/reminders";
import { getAuthSecret } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { reminderSettingsSchema, UNSUBSCRIBE_KINDS, UNSUBSCRIBE_PATH, type ReminderKind, type ReminderSettingsView, type UnsubscribeKind } from "./reminders.schema";

type Actor = Pick<SessionUser, "id" | "role">;

const DEFAULTS = { sessionTomorrow: true, todaysWorkout: false, checkInDue: true, coachReply: true, classBooked: true, morningHour: 7, quietFrom: null, quietTo: null, timeZone: null };

/** The column each reminder kind is switched by. */
const COLUMN = { session: "sessionTomorrow", workout: "todaysWorkout", "check-in": "checkInDue", "coach-reply": "coachReply", class: "classBooked" } as const satisfies Record<ReminderKind, keyof typeof DEFAULTS>;

export interface MemberReminders {
  on: Record<ReminderKind, boolean>;
  morningHour: number;
  quietFrom: string | null;
  quietTo: string | null;
  /** The member's zone, else the site's. */
  timeZone: string;
}

/** A member's reminder choices, the defaults where they never saved. */
export async function remindersOf(memberId: string): Promise<MemberReminders> {
  const [[row], { timeZone: siteZone }] = await Promise.all([getDb().select().from(reminderSettings).where(eq(reminderSettings.userId, memberId)), getSiteSettings()]);
  const r = row ?? DEFAULTS;
  return {
    on: { session: r.sessionTomorrow, workout: r.todaysWorkout, "check-in": r.checkInDue, "coach-reply": r.coachReply, class: r.classBooked },
    morningHour: r.morningHour,
    quietFrom: r.quietFrom,
    quietTo: r.quietTo,
    timeZone: r.timeZone ?? siteZone,
  };
}

/** Settings' 'E-mail reminders' section. */
export async function getOwnReminderSettings(actor: Actor): Promise<ReminderSettingsView> {
  ensureCan(actor, "reminders", "manageOwn");
  const r = await remindersOf(actor.id);
  return { session: r.on.session, workout: r.on.workout, checkIn: r.on["check-in"], coachReply: r.on["coach-reply"], classBooked: r.on.class, morningHour: r.morningHour, quietFrom: r.quietFrom ?? "", quietTo: r.quietTo ?? "", timeZone: r.timeZone };
}

/** Saves the section: every field at once (a box not sent is off). Throws a ZodError with the fields' messages. */
export async function saveOwnReminderSettings(actor: Actor, input: unknown): Promise<void> {
  ensureCan(actor, "reminders", "manageOwn");
  const form = reminderSettingsSchema.parse(input);
  const values = {
    sessionTomorrow: form.session === "on",
    todaysWorkout: form.workout === "on",
    checkInDue: form.checkIn === "on",
    coachReply: form.coachReply === "on",
    classBooked: form.classBooked === "on",
    morningHour: form.morningHour,
    quietFrom: form.quietFrom || null,
    quietTo: form.quietTo || null,
    timeZone: form.timeZone,
    updatedAt: new Date(),
  };
  await getDb()
    .insert(reminderSettings)
    .values({ userId: actor.id, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
}

// ---------------------------------------------------------------- one-click unsubscribe

const signature = (memberId: string, kind: UnsubscribeKind) => crypto.createHmac("sha256", getAuthSecret()).update(`unsubscribe\n${memberId}\n${kind}`).digest("base64url");

/** The token of a member's link that turns off one kind of e-mail: their id, the kind and a signature. */
export function unsubscribeToken(memberId: string, kind: UnsubscribeKind): string {
  return `${Buffer.from(memberId).toString("base64url")}.${kind}.${signature(memberId, kind)}`;
}

/** The member and kind a token names, or null when it is not one the server signed. */
export function readUnsubscribeToken(token: string): { memberId: string; kind: UnsubscribeKind } | null {
  if (token.length > 300) return null;
  const [encoded, kind, given, ...rest] = token.split(".");
  if (!encoded || !given || rest.length > 0 || !UNSUBSCRIBE_KINDS.includes(kind as UnsubscribeKind)) return null;
  const memberId = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(signature(memberId, kind as UnsubscribeKind));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected) ? { memberId, kind: kind as UnsubscribeKind } : null;
}

/** The e-mail's unsubscribe link and its RFC 8058 one-click headers. */
export function unsubscribeHeaders(memberId: string, kind: UnsubscribeKind): { url: string; headers: Record<string, string> } {
  const url = `${getEnv().BASE_URL}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(memberId, kind))}`;
  return { url, headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

/** Whether a token names an account that still exists (the GET page asks before anything changes). */
export async function checkUnsubscribeToken(token: string): Promise<{ kind: UnsubscribeKind } | null> {
  const named = readUnsubscribeToken(token);
  if (!named) return null;
  const [found] = await getDb().select({ id: user.id }).from(user).where(eq(user.id, named.memberId));
  return found ? { kind: named.kind } : null;
}

/**
 * Turns off the kind the token names, at once and idempotently. Null (nothing changed) for a
 * token the server did not sign or whose account is gone; the account is locked while its
 * switch is written, so an erasure cannot remove it in between.
 */
export async function unsubscribeWithToken(token: string): Promise<{ kind: UnsubscribeKind } | null> {
  const named = readUnsubscribeToken(token);
  if (!named) return null;
  const { memberId, kind } = named;
  return getDb().transaction(async (tx) => {
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, memberId)).for("share");
    if (!found) return null;
    const now = new Date();
    if (kind === "messages") {
      await tx
        .insert(profile)
        .values({ userId: memberId, messageEmails: false, updatedAt: now })
        .onConflictDoUpdate({ target: profile.userId, set: { messageEmails: false, updatedAt: now } });
    } else {
      const off = { [COLUMN[kind]]: false, updatedAt: now };
      await tx
        .insert(reminderSettings)
        .values({ userId: memberId, ...off })
        .onConflictDoUpdate({ target: reminderSettings.userId, set: off });
    }
    return { kind };
  });
}
