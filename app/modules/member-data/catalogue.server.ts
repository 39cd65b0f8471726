/**
 * The catalogue of a member's data (decision 0080): for every table of the schema, how its
 * rows relate to a member (a column holding their id, a parent row that is theirs, their
 * e-mail, a mention in a key or payload) or why it holds nothing of theirs. Export and
 * erasure both read it, so a new table is classified once, here; the catalogue's test scans
 * every column of every table of the live schema for a member's id and e-mail and fails on
 * a table with a hit that is not covered, or on a table nobody classified.
 */
import { getTableName, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { article } from "~/db/schema/articles";
import { attentionDismissal, lastSignIn } from "~/db/schema/attention";
import { auditLog } from "~/db/schema/audit";
import { billingEvent, billingProduct, memberPlan, billingPayment, billingRefund } from "~/db/schema/billing";
import { account, rateLimit, session, user, verification } from "~/db/schema/auth";
import { calendarFeed } from "~/db/schema/calendar-feeds";
import { checkIn } from "~/db/schema/check-ins";
import { classBooking, classSlot, classType, groupClass } from "~/db/schema/classes";
import { contactSubmission } from "~/db/schema/contacts";
import { nutritionDocument } from "~/db/schema/documents";
import { exercise } from "~/db/schema/exercises";
import { invitation } from "~/db/schema/invitations";
import { job } from "~/db/schema/jobs";
import { contentItem } from "~/db/schema/library";
import { requestLimit, signInThrottle } from "~/db/schema/limits";
import { accountDeletionRequest, dataExport, erasureReport } from "~/db/schema/member-data";
import { conversation, conversationRead, message } from "~/db/schema/messages";
import { profile } from "~/db/schema/profiles";
import { program, programAssignment, programBlock, programDay, programWeek } from "~/db/schema/programs";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { progressPhoto } from "~/db/schema/progress-photos";
import { reminderSettings } from "~/db/schema/reminders";
import { siteSetting } from "~/db/schema/settings";
import { trainingSession } from "~/db/schema/training-sessions";
import { twoFactor, twoFactorBackupCode, twoFactorChallenge } from "~/db/schema/two-factor";
import { upload } from "~/db/schema/uploads";
import { setLog, workout, workoutComment, workoutExercise } from "~/db/schema/workouts";
import { billingData } from "./catalogue-billing.server";
import { rowCount } from "./row-count";

/** The member as the catalogue finds them: their id, their e-mail (lower case, as accounts store it) and full name. */
export interface Member {
  id: string;
  email: string;
  name: string;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface PersonalTable {
  table: PgTable;
  /** What its rows are, in words a coach reads ("Workout sets"): the erasure report names them so. */
  kind: string;
  /**
   * Rows the site keeps for its own working (the job queue, sign-in limits, links waiting to be
   * used): erased with the member, but not their data, so their archive leaves them out.
   */
  internal?: true;
  /** How its rows relate to the member, in words: the archive's README and the erasure report say it. */
  how: string;
  /** The member's rows: a condition on the table. Export reads them; erasure deletes them. */
  rows: (m: Member) => SQL;
  /** Columns left out of the export: secrets (password hashes, tokens) that would only be a risk in a file. */
  omit?: readonly string[];
  /** Columns holding a client's address: the export leaves one out when it says nothing (unknown, all zeros). */
  addresses?: readonly string[];
  /**
   * What erasure does instead of deleting the rows: 'on-request' (applications: only when the
   * administrator asks), or a statement that removes the member from rows others share.
   */
  erase?: "on-request" | ((tx: Tx, m: Member) => Promise<number>);
  /**
   * Erasure keeps these rows without the person (its `erase` takes them off), for this reason
   * in words: the law makes the coach keep them. The report says so beside the count.
   */
  keeps?: string;
  /** Stored files of these rows: a query over the member's rows answering `key`. */
  files?: (m: Member) => SQL;
}

export interface NotPersonalTable {
  table: PgTable;
  /** Why no row of it is about a member. */
  notPersonal: string;
}

export type CatalogueEntry = PersonalTable | NotPersonalTable;

export const isPersonal = (entry: CatalogueEntry): entry is PersonalTable => "rows" in entry;

const mentions = (text: SQL, m: Member) => sql`(position(${m.id} in ${text}) > 0 or position(${m.email} in lower(${text})) > 0)`;
/** Full names of at least this many characters are looked for in free text (a shorter one would match other words). */
const MIN_NAME_LENGTH = 5;
const namedIn = (text: SQL, m: Member) => (m.name.trim().length >= MIN_NAME_LENGTH ? sql`position(${m.name.trim().toLowerCase()} in lower(${text})) > 0` : sql`false`);
const ownWorkouts = (m: Member) => sql`(select ${workout.id} from ${workout} where ${workout.userId} = ${m.id})`;
const ownPrograms = (m: Member) => sql`(select ${program.id} from ${program} where ${program.memberId} = ${m.id})`;
const sameEmail = (column: PgColumn, m: Member) => sql`lower(${column}) = ${m.email}`;

/**
 * In erasure order: rows before the rows they hang from (so each table's count is its own,
 * not a cascade's), the account itself last.
 */
export const catalogue: readonly CatalogueEntry[] = [
  // First: some entries name the member only through rows below (their sessions, invitations, applications).
  {
    table: auditLog,
    kind: "Activity log entries",
    how: "the activity log's entries by or about the member",
    rows: (m) => sql`${auditLog.actorId} = ${m.id} or ${auditLog.targetId} = ${m.id} or lower(${auditLog.actorEmail}) = ${m.email}
      or position(${m.email} in lower(${auditLog.summary})) > 0 or ${namedIn(sql`${auditLog.summary}`, m)}
      or ${auditLog.targetId} in (select ${trainingSession.id} from ${trainingSession} where ${trainingSession.memberId} = ${m.id})
      or ${auditLog.targetId} in (select ${program.id} from ${program} where ${program.memberId} = ${m.id})
      or ${auditLog.targetId} in (select ${memberPlan.id} from ${memberPlan} where ${memberPlan.memberId} = ${m.id})
      or ${auditLog.targetId} in (select ${billingPayment.id} from ${billingPayment} where ${billingPayment.memberId} = ${m.id})
      or ${auditLog.targetId} in (select ${billingRefund.id} from ${billingRefund} join ${billingPayment} on ${billingPayment.id} = ${billingRefund.paymentId} where ${billingPayment.memberId} = ${m.id})
      or ${auditLog.targetId} in (select ${invitation.id} from ${invitation} where ${invitation.userId} = ${m.id} or ${sameEmail(invitation.email, m)})
      or ${auditLog.targetId} in (select ${contactSubmission.id} from ${contactSubmission} where ${contactSubmission.invitedUserId} = ${m.id} or ${sameEmail(contactSubmission.email, m)})`,
    // An entry about the member may be a staff member's act: their address is not the member's to take.
    omit: ["ip"],
  },
  // Training: sets and comments hang from the member's workouts, workouts from their program copies.
  { table: setLog, kind: "Workout sets", how: "every set the member logged (user_id)", rows: (m) => sql`${setLog.userId} = ${m.id}` },
  {
    table: workoutComment,
    kind: "Coach's comments on workouts",
    how: "the coach's comments on the member's workouts (they go with the workout)",
    rows: (m) => sql`${workoutComment.workoutId} in ${ownWorkouts(m)}`,
  },
  { table: workoutExercise, kind: "Workout exercises", how: "the exercises of the member's workouts", rows: (m) => sql`${workoutExercise.workoutId} in ${ownWorkouts(m)}` },
  { table: workout, kind: "Workouts", how: "the member's workouts (user_id)", rows: (m) => sql`${workout.userId} = ${m.id}` },
  { table: programBlock, kind: "Program exercises", how: "the exercises of the member's program copies", rows: (m) => sql`${programBlock.dayId} in (select ${programDay.id} from ${programDay} where ${programDay.programId} in ${ownPrograms(m)})` },
  { table: programDay, kind: "Program days", how: "the days of the member's program copies", rows: (m) => sql`${programDay.programId} in ${ownPrograms(m)}` },
  { table: programWeek, kind: "Program weeks", how: "the weeks of the member's program copies", rows: (m) => sql`${programWeek.programId} in ${ownPrograms(m)}` },
  { table: program, kind: "Programs", how: "the member's program copies (member_id)", rows: (m) => sql`${program.memberId} = ${m.id}` },
  // The conversation goes whole: the coach's messages in it were written to this member only.
  {
    table: message,
    kind: "Messages",
    how: "every message of the member's conversation with the coaching team, both sides",
    rows: (m) => sql`${message.memberId} = ${m.id}`,
    files: (m) => sql`select v->>'key' as key from ${message}, jsonb_array_elements(${message.image}->'variants') v where ${message.memberId} = ${m.id} and ${message.image} is not null`,
  },
  {
    table: conversationRead,
    kind: "Read markers of the conversation",
    how: "how far each reader has read the member's conversation",
    rows: (m) => sql`${conversationRead.memberId} = ${m.id} or ${conversationRead.readerId} = ${m.id}`,
  },
  { table: conversation, kind: "Conversation", how: "the member's conversation (member_id)", rows: (m) => sql`${conversation.memberId} = ${m.id}` },
  {
    table: progressPhoto,
    kind: "Progress photos",
    how: "the member's progress photos (user_id); the image files are in photos/",
    rows: (m) => sql`${progressPhoto.userId} = ${m.id}`,
    files: (m) => sql`select v->>'key' as key from ${progressPhoto}, jsonb_array_elements(${progressPhoto.variants}) v where ${progressPhoto.userId} = ${m.id}`,
  },
  { table: checkIn, kind: "Check-ins", how: "the member's weekly check-ins and the coach's replies (user_id)", rows: (m) => sql`${checkIn.userId} = ${m.id}` },
  { table: progressEntry, kind: "Progress entries", how: "every number the member logged: weight, body fat, measurements, lifts (user_id)", rows: (m) => sql`${progressEntry.userId} = ${m.id}` },
  { table: fitnessGoal, kind: "Goals", how: "the member's goals (user_id)", rows: (m) => sql`${fitnessGoal.userId} = ${m.id}` },
  { table: classBooking, kind: "Class bookings", how: "the member's group class bookings, waitlist places and attendance (member_id)", rows: (m) => sql`${classBooking.memberId} = ${m.id}` },
  { table: trainingSession, kind: "Training sessions", how: "the one-to-one sessions scheduled for the member (member_id)", rows: (m) => sql`${trainingSession.memberId} = ${m.id}` },
  // Billing: what the law makes the coach keep stays without the person (decision 0143).
  ...billingData,
  { table: attentionDismissal, kind: "Dismissed 'needs attention' reasons", how: "the coach's dismissed or snoozed 'needs attention' reasons about the member", rows: (m) => sql`${attentionDismissal.memberId} = ${m.id}` },
  { table: lastSignIn, kind: "Last sign-in", how: "when the member last signed in", rows: (m) => sql`${lastSignIn.userId} = ${m.id}` },
  {
    table: dataExport,
    kind: "Data exports",
    how: "the member's data exports (member_id, or recipient_id when they asked); the archives themselves are not in this file",
    rows: (m) => sql`${dataExport.memberId} = ${m.id} or ${dataExport.recipientId} = ${m.id}`,
    omit: ["token_hash", "storage_key"],
    files: (m) => sql`select ${dataExport.storageKey} as key from ${dataExport} where (${dataExport.memberId} = ${m.id} or ${dataExport.recipientId} = ${m.id}) and ${dataExport.storageKey} is not null`,
  },
  { table: accountDeletionRequest, kind: "Account deletion request", how: "the member's request to delete their account", rows: (m) => sql`${accountDeletionRequest.userId} = ${m.id}` },
  // Security: sessions, sign-in records and second factor. Their secrets stay out of the archive.
  { table: twoFactorBackupCode, kind: "Two-factor backup codes", how: "the member's two-factor backup codes (hashes, left out)", rows: (m) => sql`${twoFactorBackupCode.userId} = ${m.id}`, omit: ["code_hash"] },
  { table: twoFactorChallenge, kind: "Sign-ins waiting for a second factor", internal: true, how: "a sign-in of the member waiting for its second factor", rows: (m) => sql`${twoFactorChallenge.userId} = ${m.id}`, omit: ["token_hash"] },
  { table: twoFactor, kind: "Two-factor set-up", how: "the member's authenticator set-up (the secret is left out)", rows: (m) => sql`${twoFactor.userId} = ${m.id}`, omit: ["secret"] },
  { table: calendarFeed, kind: "Calendar feed link", how: "the member's private calendar feed address (its hash is left out)", rows: (m) => sql`${calendarFeed.userId} = ${m.id}`, omit: ["token_hash"] },
  { table: session, kind: "Sign-in sessions", how: "the member's sign-in sessions: when, from which address and browser (tokens left out)", rows: (m) => sql`${session.userId} = ${m.id}`, omit: ["token"], addresses: ["ip_address"] },
  {
    table: account,
    kind: "Sign-in method",
    how: "the member's sign-in method (the password hash is left out)",
    rows: (m) => sql`${account.userId} = ${m.id}`,
    omit: ["password", "access_token", "refresh_token", "id_token"],
  },
  {
    table: verification,
    kind: "Password reset links",
    internal: true,
    how: "a password reset link waiting for the member (its value is their id; the hashed link is left out)",
    rows: (m) => sql`${verification.value} = ${m.id} or lower(${verification.identifier}) = ${m.email}`,
    omit: ["identifier"],
  },
  {
    table: signInThrottle,
    kind: "Failed sign-in counts",
    internal: true,
    how: "failed sign-ins counted against the member's e-mail, and the addresses that tried it",
    rows: (m) => sql`${signInThrottle.key} = ${`account:${m.email}`} or ${m.email} = any(${signInThrottle.accounts})`,
    // An address's row also counts other people's e-mails: only the member's goes.
    erase: async (tx, m) => {
      const own = await tx.execute(sql`delete from ${signInThrottle} where ${signInThrottle.key} = ${`account:${m.email}`} returning 1`);
      const shared = await tx.execute(
        sql`update ${signInThrottle} set accounts = array_remove(${signInThrottle.accounts}, ${m.email}) where ${m.email} = any(${signInThrottle.accounts}) returning 1`,
      );
      return rowCount(own) + rowCount(shared);
    },
  },
  {
    table: requestLimit,
    kind: "Request limits",
    internal: true,
    how: "request limits keyed by the member's e-mail or id (password reset requests, wrong two-factor codes)",
    rows: (m) => mentions(sql`${requestLimit.key}`, m),
  },
  {
    table: job,
    kind: "Background work waiting",
    internal: true,
    how: "background work about the member waiting or kept for a look (e-mails to them, their program copies, their exports)",
    rows: (m) => mentions(sql`coalesce(${job.key}, '') || ${job.payload}::text`, m),
    omit: ["claim_token"],
  },
  {
    table: invitation,
    kind: "Invitations",
    how: "the invitations sent to the member's e-mail or that made their account",
    rows: (m) => sql`${invitation.userId} = ${m.id} or ${sameEmail(invitation.email, m)}`,
    omit: ["token_hash"],
  },
  {
    table: contactSubmission,
    kind: "Applications",
    how: "applications sent from the member's e-mail or turned into their invitation (erased only when the administrator asks)",
    rows: (m) => sql`${contactSubmission.invitedUserId} = ${m.id} or ${sameEmail(contactSubmission.email, m)}`,
    erase: "on-request",
  },
  { table: profile, kind: "Profile", how: "the member's profile: bio, location, interests, experience, goals, units, check-in day", rows: (m) => sql`${profile.userId} = ${m.id}` },
  { table: reminderSettings, kind: "Reminder settings", how: "the member's e-mail reminders: which kinds, the morning hour, quiet hours, time zone", rows: (m) => sql`${reminderSettings.userId} = ${m.id}` },
  { table: user, kind: "Account", how: "the member's account: name, e-mail, role", rows: (m) => sql`${user.id} = ${m.id}` },

  // Nothing of a member's. Columns naming staff authors are set to nobody when such an account goes (ON DELETE SET NULL).
  { table: article, notPersonal: "articles, written by staff (author_id names staff)" },
  { table: contentItem, notPersonal: "videos, meal plans and schedules of the content manager, written by staff" },
  { table: nutritionDocument, notPersonal: "nutrition documents staff publish" },
  { table: exercise, notPersonal: "the exercise library, shipped or added by staff" },
  { table: upload, notPersonal: "public images and documents staff uploaded (private photos are in progress_photos and messages)" },
  { table: programAssignment, notPersonal: "one 'Assign' of a coach's program: its source, date and member count, not who" },
  { table: classType, notPersonal: "the group class types staff offer" },
  { table: classSlot, notPersonal: "the weekly group class timetable (coach_id names staff)" },
  { table: groupClass, notPersonal: "group classes on their dates (coach_id names staff); who booked is in class_bookings" },
  { table: siteSetting, notPersonal: "site-wide settings" },
  { table: rateLimit, notPersonal: "better-auth's request counters, keyed by client address and path, kept a minute" },
  { table: billingProduct, notPersonal: "the packages and packs the coach sells, with their prices (a member's purchase is copied into member_plans)" },
  { table: billingEvent, notPersonal: "the provider's webhook events: its resources' ids and our own references, never a name, e-mail or bank detail" },
  { table: erasureReport, notPersonal: "what an erasure removed, counted per table, naming no one erased" },
];

const kinds = new Map(catalogue.filter(isPersonal).map((entry) => [getTableName(entry.table), entry.kind]));

/**
 * What a table's rows are, in words (an erasure report stores table names); a table no
 * longer in the catalogue by its name, with its underscores as spaces.
 */
export function kindOfTable(name: string): string {
  return kinds.get(name) ?? name.replaceAll("_", " ");
}

/** The SQL name of a table. */
export const tableName = (table: PgTable) => getTableName(table);

/** The table's primary key columns, for a stable order of its rows. */
export function primaryKeyOf(table: PgTable): string[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary).map((c) => c.name);
  return single.length > 0 ? single : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []);
}

