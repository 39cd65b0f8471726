import { and, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { can } from "~/auth/permissions";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDatabase, getDb } from "~/db/client.server";
import { CHANGES_CHANNEL, isHearingChanges, onChange } from "~/lib/change-notices.server";
import { KeptReads } from "~/lib/kept-reads.server";
import { readOncePerRequest, sharesReads } from "~/lib/request-scope.server";
import { attentionDismissal } from "~/db/schema/attention";
import { user } from "~/db/schema/auth";
import { AppError } from "~/lib/app-error";
import { formatShortDate, formatUsDate } from "~/lib/dates";
import { defineRecurringJob, everyDayAt } from "~/lib/jobs.server";
import { todayIn } from "~/lib/time-zone";
import { formatValue, weightFromKg, type WeightUnit } from "~/lib/units";
import { formatMoney } from "~/modules/billing/money";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";
import { attentionRank, attentionReasons, snoozeDays, type AttentionReason } from "./attention";
import { readAttentionRows, type AttentionClock, type AttentionRow } from "./attention-rules.server";

/**
 * The staff's 'Needs attention' list (/coach) and each member's reasons (the member
 * page): the rules (attention-rules.server.ts) read in one statement, the members sorted
 * most urgent first, and a coach's dismissal or snooze of one reason (decision 0064).
 */

type Actor = Pick<SessionUser, "id" | "role" | "weightUnit">;

/** Members per page of the list. */
export const ATTENTION_PAGE_SIZE = 25;

/** A reason as a page sends it: its label and where the coach acts on it are worked out where it is shown (`attentionLabels`, `attentionAction`). */
export interface AttentionItem {
  reason: AttentionReason;
  occurrence: string;
  /** What is behind it, in a sentence ('Missed 2 of 3 planned workouts'). */
  detail: string;
  /** A failed direct-debit payment not retried since: the 'Retry payment' button's payment. */
  retryPaymentId?: string;
}

export interface MemberAttention {
  memberId: string;
  name: string;
  email: string;
  items: AttentionItem[];
}

/** The notice (on the database's changes channel) of a staff member's write in another process: forget the kept reasons. */
const ATTENTION_NOTICE = "attention";

const formatWeight = (kg: number, unit: WeightUnit) => `${formatValue(weightFromKg(kg, unit))} ${unit}`;

async function clockNow(now = new Date()): Promise<AttentionClock> {
  const { timeZone } = await getSiteSettings();
  return { today: todayIn(timeZone, now), now, timeZone };
}

function describe(row: AttentionRow, actor: Actor, timeZone: string): AttentionItem {
  const d = row.detail;
  const base = { reason: row.reason, occurrence: row.occurrence };
  switch (row.reason) {
    case "unanswered_message":
      return { ...base, detail: `Waiting since ${formatUsDate(new Date(row.sinceMs), timeZone)}` };
    case "checkin_waiting":
      return { ...base, detail: `Week of ${formatShortDate(String(d.weekOf))}` };
    case "session_cancelled":
      return { ...base, detail: `${String(d.sessionType)} on ${formatUsDate(new Date(Number(d.startsAt)), timeZone)}` };
    case "missed_workouts":
      return { ...base, detail: `Missed ${d.missed} of ${d.planned} planned workouts` };
    case "compliance_drop":
      return { ...base, detail: `${d.rate}% this week against ${d.previousRate}% before` };
    case "weight_away":
      return { ...base, detail: `${formatWeight(Number(d.firstKg), actor.weightUnit)} → ${formatWeight(Number(d.latestKg), actor.weightUnit)}, goal ${formatWeight(Number(d.goalKg), actor.weightUnit)}` };
    case "checkin_overdue":
      return { ...base, detail: `Due ${formatShortDate(String(d.weekOf))}` };
    case "payment_failed":
      return {
        ...base,
        detail: `${formatMoney(Number(d.amountMinor), String(d.currency))} for ${String(d.description)} ${d.status === "charged_back" ? "charged back" : "failed"}${d.retried ? "; retried, waiting for the bank" : ""}`,
        ...(d.status === "failed" && !d.retried ? { retryPaymentId: String(d.paymentId) } : {}),
      };
    case "mandate_cancelled":
      return { ...base, detail: `The direct debit for ${String(d.planName)} was ${d.status === "expired" ? "expired" : d.status === "failed" ? "refused by the bank" : "cancelled"}` };
    case "no_sign_in":
      return { ...base, detail: d.lastSignIn === null ? "Never signed in" : `Last signed in ${formatUsDate(new Date(Number(d.lastSignIn)), timeZone)}` };
  }
}

/**
 * Every member's reasons, kept by this process for ATTENTION_FRESH_MS (decision 0165): the
 * statement reads most of every member's activity (workouts, check-ins, messages, weights,
 * payments), and /coach, the staff menu's count (every staff page) and the member page all
 * want it; five coaches opening /coach at once share one read. How it is cleared:
 * - a staff member's write request (any POST … of a signed-in staff member: a dismissal, a
 *   reply, a reviewed check-in, a program assigned, a payment retried) clears it when it
 *   ends, before its answer leaves (app/root.tsx), so the person who changed something
 *   sees it at once; on PostgreSQL it also sends the notice `attention` that clears it in
 *   every other server process (change-notices.server.ts);
 * - a member's change (a workout finished, a message, a check-in) and a clock's (a snooze
 *   ending, a week turning) show within ATTENTION_FRESH_MS, as the menu's count did before
 *   (decisions 0064, 0145);
 * - a read that started before a clear is not kept nor shared after it; a write request
 *   reads afresh (the page it answers with shows its own change); nothing is kept while the
 *   process does not hear the database's notices (tests and scripts calling modules).
 */
export const ATTENTION_FRESH_MS = 5_000;
type Reasons = { clock: AttentionClock; rows: AttentionRow[] };
const keptReasons = new KeptReads<Reasons>({ maxAgeMs: ATTENTION_FRESH_MS, maxEntries: 1 });
/** The read under way (started after the last clear), shared by every request that wants it meanwhile. */
let reading: Promise<Reasons> | null = null;

/** Forgets the kept reasons in this process (a dismissal here, another process's staff write). */
function forgetReasons(): void {
  keptReasons.clear();
  reading = null;
}
onChange([ATTENTION_NOTICE], forgetReasons);

/**
 * After a write request by `writer` (app/root.tsx): a staff member's forgets the kept reasons here and,
 * on PostgreSQL, in the other server processes (their notice comes after the write's commit).
 */
export async function forgetAttentionAfterWrite(writer: Pick<SessionUser, "role"> | null): Promise<void> {
  if (!isHearingChanges() || !writer || !can(writer.role, "coaching", "view")) return;
  forgetReasons();
  const database = getDatabase();
  if (database.kind === "postgres") await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${ATTENTION_NOTICE})`);
}

async function readReasons(now?: Date): Promise<Reasons> {
  const clock = await clockNow(now);
  return { clock, rows: await readAttentionRows(getDb(), clock) };
}

function sharedRead(): Promise<Reasons> {
  if (!reading) {
    const started = readReasons().finally(() => {
      if (reading === started) reading = null;
    });
    reading = started;
  }
  return reading;
}

/**
 * Every member's reasons now, or (a GET while this process hears the notices) as kept up to
 * ATTENTION_FRESH_MS ago. A page asks twice (the menu's count in the root loader, the list
 * on /coach): one read per request. A given `now` (tests) reads afresh.
 */
function everyReason(now?: Date): Promise<Reasons> {
  if (now || !sharesReads() || !isHearingChanges()) return readReasons(now);
  return readOncePerRequest("coaching:attention", () => keptReasons.read("every", sharedRead));
}

/** Most urgent first: the most urgent reason, then more reasons, then the longest waiting. */
function byUrgency(a: AttentionRow[], b: AttentionRow[]): number {
  const top = (rows: AttentionRow[]) => Math.min(...rows.map((r) => attentionRank(r.reason)));
  const oldest = (rows: AttentionRow[]) => Math.min(...rows.map((r) => r.sinceMs));
  return top(a) - top(b) || b.length - a.length || oldest(a) - oldest(b);
}

function sortItems(rows: AttentionRow[]): AttentionRow[] {
  return [...rows].sort((x, y) => attentionRank(x.reason) - attentionRank(y.reason) || x.sinceMs - y.sinceMs);
}

function groupByMember(rows: AttentionRow[]): Map<string, AttentionRow[]> {
  const groups = new Map<string, AttentionRow[]>();
  for (const row of rows) {
    const list = groups.get(row.memberId);
    if (list) list.push(row);
    else groups.set(row.memberId, [row]);
  }
  return groups;
}

/** Each member's reasons, most urgent member first: sorted once per read, kept with the rows it was sorted from. */
const sortedMembers = new WeakMap<Reasons, Array<[string, AttentionRow[]]>>();
function membersByUrgency(reasons: Reasons): Array<[string, AttentionRow[]]> {
  let sorted = sortedMembers.get(reasons);
  if (!sorted) {
    sorted = [...groupByMember(reasons.rows).entries()].sort(([, a], [, b]) => byUrgency(a, b));
    sortedMembers.set(reasons, sorted);
  }
  return sorted;
}

export interface AttentionPage {
  members: MemberAttention[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The pages of the list as shown, kept with the reasons they were made from: the names read
 * and the reasons described once per page and weight unit (the only thing of the viewer's a
 * description uses) for each read of the reasons, not once per request. They go with the
 * reasons they were made from (decision 0165), so a member's new name shows when a reason
 * would: at once after a staff write, within ATTENTION_FRESH_MS after the member's.
 */
const shownPages = new WeakMap<Reasons, Map<string, Promise<AttentionPage>>>();

async function attentionPage(reasons: Reasons, actor: Actor, page: number): Promise<AttentionPage> {
  const groups = membersByUrgency(reasons);
  const total = groups.length;
  const pageCount = Math.max(1, Math.ceil(total / ATTENTION_PAGE_SIZE));
  const shown = groups.slice((page - 1) * ATTENTION_PAGE_SIZE, page * ATTENTION_PAGE_SIZE);
  const names = shown.length
    ? await getDb()
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(
          inArray(
            user.id,
            shown.map(([id]) => id),
          ),
        )
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n]));
  const members: MemberAttention[] = shown.map(([memberId, rows]) => ({
    memberId,
    name: nameOf.get(memberId)?.name ?? "",
    email: nameOf.get(memberId)?.email ?? "",
    items: sortItems(rows).map((row) => describe(row, actor, reasons.clock.timeZone)),
  }));
  return { members, total, page, pageCount };
}

/** Every member who needs the coach, most urgent first, a page at a time. */
export async function listNeedsAttention(actor: Actor, options: { page: number; now?: Date }): Promise<AttentionPage> {
  ensureCan(actor, "coaching", "view");
  const reasons = await everyReason(options.now);
  // A page past the last is the last: at most every page in each unit is kept.
  const page = Math.min(options.page, Math.max(1, Math.ceil(membersByUrgency(reasons).length / ATTENTION_PAGE_SIZE)));
  let pages = shownPages.get(reasons);
  if (!pages) shownPages.set(reasons, (pages = new Map()));
  const key = `${page}:${actor.weightUnit}`;
  let shown = pages.get(key);
  if (!shown) {
    shown = attentionPage(reasons, actor, page);
    pages.set(key, shown);
    // A read that failed is not kept: the next request tries again.
    shown.catch(() => pages.delete(key));
  }
  return shown;
}

/** How many members need the coach (the staff menu's count). */
export async function countNeedsAttention(actor: Actor, now?: Date): Promise<number> {
  ensureCan(actor, "coaching", "view");
  const { rows } = await everyReason(now);
  return new Set(rows.map((r) => r.memberId)).size;
}

/** One member's reasons, most urgent first (the member page). */
export async function memberAttention(actor: Actor, memberId: string, now?: Date): Promise<AttentionItem[]> {
  ensureCan(actor, "coaching", "view");
  // Every member's reasons as kept (the menu's count reads them on the same page): the member's are the same rows.
  if (!now && sharesReads() && isHearingChanges()) {
    const { clock, rows } = await everyReason();
    return sortItems(rows.filter((row) => row.memberId === memberId)).map((row) => describe(row, actor, clock.timeZone));
  }
  const clock = await clockNow(now);
  return sortItems(await readAttentionRows(getDb(), clock, { memberId })).map((row) => describe(row, actor, clock.timeZone));
}

export const attentionFormSchema = z.object({
  memberId: z.string().trim().min(1).max(100),
  reason: z.enum(attentionReasons, { message: "Please choose a reason from the list" }),
  occurrence: z.string().trim().min(1).max(100),
  /** Absent: dismissed (until it is true again later); a number of days: snoozed. */
  days: z
    .enum(snoozeDays.map(String) as [string, ...string[]], { message: "Please choose how long to snooze" })
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v))),
});

export const NO_LONGER_APPLIES = "This no longer needs attention.";

/**
 * Dismisses (no `days`) or snoozes one reason of one member, for its current occurrence.
 * The reason must hold now: a stale page's button answers 409 and writes nothing. Done
 * twice (two coaches, two tabs), the second keeps the later choice.
 */
export async function dismissAttention(actor: Actor, input: unknown, now = new Date()): Promise<{ memberName: string; snoozedDays: number | null }> {
  ensureCan(actor, "coaching", "dismissAttention");
  const parsed = attentionFormSchema.safeParse(input);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? "Invalid request");
  const { memberId, reason, occurrence, days } = parsed.data;
  const member = await requireMemberAccount(memberId);
  const clock = await clockNow(now);
  const dismissed = await getDb().transaction(async (tx) => {
    // Dismissed and snoozed rows included: a snoozed reason may be dismissed or snoozed again.
    const current = await readAttentionRows(tx, clock, { memberId, includeDismissed: true });
    const holds = current.some((row) => row.reason === reason && row.occurrence === occurrence);
    if (!holds) throw new AppError(409, NO_LONGER_APPLIES);
    const until = days === undefined ? null : new Date(now.getTime() + days * 86_400_000);
    await tx
      .insert(attentionDismissal)
      .values({ memberId, reason, occurrence, until, byId: actor.id, createdAt: now })
      .onConflictDoUpdate({ target: [attentionDismissal.memberId, attentionDismissal.reason, attentionDismissal.occurrence], set: { until, byId: actor.id, createdAt: now } });
    return { memberName: member.name || member.email, snoozedDays: days ?? null };
  });
  forgetReasons();
  return dismissed;
}

/** Dismissals this old name occurrences long past (a week, a message answered): kept no longer. */
const DISMISSAL_KEEP_DAYS = 90;

/** Daily: forgets dismissals and snoozes of occurrences long past. */
export const pruneAttentionDismissalsJob = defineRecurringJob({
  kind: "coaching.prune-dismissals",
  repeat: everyDayAt(3, 30),
  run: async (_payload, { now }) => {
    await getDb()
      .delete(attentionDismissal)
      .where(and(lt(attentionDismissal.createdAt, new Date(now.getTime() - DISMISSAL_KEEP_DAYS * 86_400_000)), sql`${attentionDismissal.until} is null or ${attentionDismissal.until} < ${now.toISOString()}::timestamptz`));
  },
});
