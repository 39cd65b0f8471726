import crypto from "node:crypto";
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { user } from "~/db/schema/auth";
import { contactSubmission } from "~/db/schema/contacts";
import { getEnv } from "~/lib/env.server";
import { defineJob, enqueueJob } from "~/lib/jobs.server";
import { sendMail } from "~/lib/mail.server";
import { addressKey } from "~/lib/client-ip.server";
import { consumeLimit, type LimitResult } from "~/lib/rate-limit.server";
import { recordAudit } from "~/auth/audit.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { fitnessLevels, HONEYPOT_FIELD, intakeSchema, type SubmissionStatus } from "./contacts.schema";
import { containing } from "~/lib/like";

/** Applications per client address per hour. */
export const INTAKE_LIMIT = { window: 60 * 60, max: 5 } as const;
export const INBOX_PAGE_SIZE = 25;

type Actor = Pick<SessionUser, "id" | "role" | "email">;

export function consumeIntakeLimit(clientIp: string): Promise<LimitResult> {
  return consumeLimit(`intake:${addressKey(clientIp)}`, INTAKE_LIMIT);
}

/**
 * The public application form (spec section 7): automated spam that fills the hidden
 * field gets the same answer as a person and nothing is stored; one connection may send
 * INTAKE_LIMIT applications an hour (429 with the wait); invalid answers are a 400 naming
 * the fields, with the form-wide message when an answer concerns no one field.
 */
export async function applyForCoaching(form: Record<string, unknown>, clientIp: string): Promise<void> {
  const { [HONEYPOT_FIELD]: honeypot, ...answers } = form;
  if (typeof honeypot === "string" && honeypot.trim() !== "") return;
  const limit = await consumeIntakeLimit(clientIp);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfter / 60);
    throw new AppError(429, `Too many applications from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, { retryAfter: limit.retryAfter });
  }
  const parsed = intakeSchema.safeParse(answers);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    const formErrors: string[] = [];
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field !== undefined) fieldErrors[String(field)] ??= issue.message;
      else formErrors.push(issue.message);
    }
    throw new AppError(400, formErrors[0] ?? "Please check the highlighted answers.", { fieldErrors });
  }
  await submitApplication(parsed.data);
}

/** Stores an application (validated here, whatever the caller checked), and the coach's e-mail about it as a job. */
export async function submitApplication(input: unknown): Promise<{ id: string }> {
  const data = intakeSchema.parse(input);
  const id = crypto.randomUUID();
  await getDb().transaction(async (tx) => {
    await tx.insert(contactSubmission).values({
      id,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      phone: data.phone,
      age: data.age,
      gender: data.gender,
      fitnessLevel: data.currentFitnessLevel,
      goals: data.goals,
      medicalConditions: data.medicalConditions,
      injuries: data.injuries,
      preferredTrainingTime: data.preferredTrainingTime,
      preferredTrainingLocation: data.preferredTrainingLocation,
      experience: data.experience,
      expectations: data.expectations,
      referralSource: data.referralSource,
      termsAcceptedAt: new Date(),
    });
    // In the same transaction: an application is never stored without its e-mail to come, nor the other way round.
    await enqueueJob(tx, notifyCoachJob, { submissionId: id });
  });
  await recordAudit({ action: "contact.submitted", target: { type: "contact_submission", id }, summary: `Application from ${data.firstName} ${data.lastName}` });
  return { id };
}

async function notificationRecipients(): Promise<string[]> {
  const settings = await getSiteSettings();
  if (settings.notificationEmail) return [settings.notificationEmail];
  const admins = await getDb().select({ email: user.email }).from(user).where(and(eq(user.role, "admin"), eq(user.banned, false)));
  return admins.map((a) => a.email);
}

const levelLabel = (value: string) => fitnessLevels.find((l) => l.value === value)?.label ?? value;

/**
 * E-mails the coach a summary and a link to the inbox. Health answers stay in the inbox.
 * Throws when it cannot (the job retries); an application already notified, or deleted
 * meanwhile, is left alone.
 */
async function notifyCoach(id: string): Promise<void> {
  const db = getDb();
  const [row] = await db.select().from(contactSubmission).where(eq(contactSubmission.id, id));
  if (!row || row.notifiedAt) return;
  const to = await notificationRecipients();
  if (to.length === 0) throw new Error("No notification address: set one in the site settings or add an administrator");
  const link = `${getEnv().BASE_URL}/admin/contacts?open=${row.id}`;
  const healthProvided = row.medicalConditions || row.injuries ? "Provided: read them in the inbox." : "None given.";
  await sendMail({
    to,
    subject: `New coaching application: ${row.firstName} ${row.lastName}`,
    text: [
      `${row.firstName} ${row.lastName} has applied for coaching.`,
      "",
      `E-mail: ${row.email}`,
      `Phone: ${row.phone}`,
      `Age: ${row.age}`,
      `Fitness level: ${levelLabel(row.fitnessLevel)}`,
      `Goals: ${row.goals.join(", ")}`,
      `Preferred time: ${row.preferredTrainingTime}`,
      `Preferred location: ${row.preferredTrainingLocation}`,
      `Heard about us: ${row.referralSource}`,
      `Medical conditions and injuries: ${healthProvided}`,
      "",
      `Open the application: ${link}`,
    ].join("\n"),
  });
  await db.update(contactSubmission).set({ notifiedAt: new Date() }).where(eq(contactSubmission.id, id));
}

/** The coach's e-mail about an application: sent at once, and if that fails every 5 minutes, 5 tries in all. */
export const notifyCoachJob = defineJob({
  kind: "contacts.notify-coach",
  payload: z.object({ submissionId: z.string() }),
  maxAttempts: 5,
  retryDelayMs: () => 5 * 60_000,
  run: ({ submissionId }) => notifyCoach(submissionId),
});

export interface InboxQuery {
  status?: SubmissionStatus;
  search?: string;
  page?: number;
}

/** The inbox: counts per status, and one page of submissions newest first. */
export async function listSubmissions(actor: Actor, query: InboxQuery = {}) {
  ensureCan(actor, "contactSubmissions", "list");
  const db = getDb();
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(contactSubmission.status, query.status));
  const search = query.search?.trim();
  if (search) {
    const pattern = containing(search);
    filters.push(
      or(
        ilike(contactSubmission.email, pattern),
        ilike(sql`${contactSubmission.firstName} || ' ' || ${contactSubmission.lastName}`, pattern),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [statusCounts, [filtered]] = await Promise.all([
    db.select({ status: contactSubmission.status, n: count() }).from(contactSubmission).groupBy(contactSubmission.status),
    db.select({ n: count() }).from(contactSubmission).where(where),
  ]);
  const total = filtered?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const items = await db
    .select({
      id: contactSubmission.id,
      firstName: contactSubmission.firstName,
      lastName: contactSubmission.lastName,
      email: contactSubmission.email,
      phone: contactSubmission.phone,
      goals: contactSubmission.goals,
      fitnessLevel: contactSubmission.fitnessLevel,
      status: contactSubmission.status,
      createdAt: contactSubmission.createdAt,
    })
    .from(contactSubmission)
    .where(where)
    .orderBy(desc(contactSubmission.createdAt), desc(contactSubmission.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  const counts = { total: 0, new: 0, read: 0, responded: 0 };
  for (const c of statusCounts) {
    counts[c.status] = c.n;
    counts.total += c.n;
  }
  return { items, counts, total, page, pageCount };
}

/** Every answer of one submission (administrators only). */
export async function getSubmission(actor: Actor, id: string) {
  ensureCan(actor, "contactSubmissions", "read");
  const [row] = await getDb().select().from(contactSubmission).where(eq(contactSubmission.id, id));
  return row ?? null;
}

/** A submission another administrator already deleted. */
export const SUBMISSION_GONE = "That contact submission no longer exists.";
const submissionGone = () => new AppError(404, SUBMISSION_GONE);

/** Opening a new submission marks it read; read and responded ones stay as they are. */
export async function markSubmissionRead(actor: Actor, id: string): Promise<SubmissionStatus> {
  ensureCan(actor, "contactSubmissions", "update");
  const db = getDb();
  await db
    .update(contactSubmission)
    .set({ status: "read", updatedAt: new Date() })
    .where(and(eq(contactSubmission.id, id), eq(contactSubmission.status, "new")));
  const [row] = await db.select({ status: contactSubmission.status }).from(contactSubmission).where(eq(contactSubmission.id, id));
  if (!row) throw submissionGone();
  return row.status;
}

export async function markSubmissionResponded(actor: Actor, id: string): Promise<void> {
  ensureCan(actor, "contactSubmissions", "update");
  const updated = await getDb()
    .update(contactSubmission)
    .set({ status: "responded", updatedAt: new Date() })
    .where(eq(contactSubmission.id, id))
    .returning({ id: contactSubmission.id });
  if (updated.length === 0) throw submissionGone();
  await recordAudit({ action: "contact.status_changed", actor, target: { type: "contact_submission", id }, summary: "Marked an application as responded" });
}

export async function deleteSubmission(actor: Actor, id: string): Promise<void> {
  ensureCan(actor, "contactSubmissions", "delete");
  const deleted = await getDb().delete(contactSubmission).where(eq(contactSubmission.id, id)).returning({ id: contactSubmission.id });
  if (deleted.length === 0) throw submissionGone();
  await recordAudit({ action: "contact.deleted", actor, target: { type: "contact_submission", id }, summary: "Deleted an application" });
}
