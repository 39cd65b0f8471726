/**
 * An administrator erases a member (decision 0083): every row the catalogue finds for them
 * goes in one transaction under the lock on the user, with their files' keys handed to a
 * job that deletes them after the commit and retries until storage answers. The audit log
 * keeps one line naming who erased an account and when, never whose; the erasure report
 * counts what was removed per table, and what was kept without the person and why (billing
 * records the law makes the coach keep, decision 0143).
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { toRole } from "~/auth/permissions";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { user } from "~/db/schema/auth";
import { erasureReport } from "~/db/schema/member-data";
import { AppError } from "~/lib/app-error";
import { defineJob, enqueueJob } from "~/lib/jobs.server";
import { getStorage } from "~/lib/storage.server";
import { ADMIN_CHANGE_LOCK } from "~/modules/users/user-admin.server";
import { catalogue, isPersonal, kindOfTable, tableName, type Member } from "./catalogue.server";
import { cancelErasedMandatesJob, MAX_MANDATES_PER_JOB } from "~/modules/billing/erased-mandates.server";
import { billingStillRunning, liveMandateIds } from "./catalogue-billing.server";
import { rowCount } from "./row-count";
import { eraseSchema } from "./member-data.schema";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

export const ERASED_SUMMARY = "An account was erased";
export const ONLY_MEMBERS = "Only members can be erased. Change this account's role to member first.";

/** Keys per job: a member's thousand photos in a few jobs rather than one huge payload. */
const KEYS_PER_JOB = 500;

/** Deletes stored files of an erased member; retried (up to about two days) until storage answers. */
export const deleteFilesJob = defineJob({
  kind: "member-data.delete-files",
  payload: z.object({ keys: z.array(z.string()).min(1) }),
  maxAttempts: 60,
  run: async ({ keys }) => {
    await getStorage().delete(keys);
  },
});

export interface ErasureReport {
  id: string;
  at: Date;
  by: string | null;
  /** Per table: rows removed, or rows kept without the person and why (`kept`, in words). */
  tables: Array<{ table: string; rows: number; kept?: string }>;
  files: number;
}

/** A report as people read it: each table's rows named by what they are ("Workout sets"). */
export interface ErasureReportView extends Omit<ErasureReport, "tables"> {
  tables: Array<{ table: string; kind: string; rows: number; kept?: string }>;
}

/**
 * Erases the member. `input` is the form: the member's e-mail typed again to confirm, and
 * whether applications sent from that e-mail go too. Returns the report's id.
 */
export async function eraseMember(actor: Actor, memberId: string, input: unknown): Promise<string> {
  ensureCan(actor, "memberData", "erase");
  const form = eraseSchema.parse(input);
  if (memberId === actor.id) throw new AppError(409, "You cannot erase your own account.");
  return getDb().transaction(async (tx) => {
    // The lock of role changes and deactivations: no one makes this member an administrator meanwhile.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK})`);
    const [target] = await tx.select({ id: user.id, email: user.email, name: user.name, role: user.role }).from(user).where(eq(user.id, memberId)).for("update");
    if (!target) throw new AppError(404, "That user no longer exists.");
    if (toRole(target.role) !== "member") throw new AppError(409, ONLY_MEMBERS);
    if (form.confirmEmail !== target.email.toLowerCase()) {
      throw new AppError(400, "", { fieldErrors: { confirmEmail: "Type the member's e-mail address exactly to confirm." } });
    }
    // Nothing may go on charging, or be collected from, someone the site no longer knows.
    const running = await billingStillRunning(tx, target.id);
    if (running) throw new AppError(409, running);
    // Nor may their bank account be debited again: their mandates are cancelled at the provider.
    const mandateIds = await liveMandateIds(tx, target.id);
    const m: Member = { id: target.id, email: target.email.toLowerCase(), name: target.name };
    const entries = catalogue.filter(isPersonal);
    const keys: string[] = [];
    for (const entry of entries) {
      if (!entry.files) continue;
      const found = (await tx.execute(entry.files(m))) as unknown as { rows: Array<{ key: string | null }> };
      for (const row of found.rows) if (row.key) keys.push(row.key);
    }
    const tables: ErasureReport["tables"] = [];
    for (const entry of entries) {
      if (entry.erase === "on-request" && !form.applications) continue;
      const removed =
        typeof entry.erase === "function"
          ? await entry.erase(tx, m)
          : rowCount(await tx.execute(sql`delete from ${entry.table} where ${entry.rows(m)} returning 1`));
      if (removed > 0) tables.push({ table: tableName(entry.table), rows: removed, ...(entry.keeps ? { kept: entry.keeps } : {}) });
    }
    const reportId = crypto.randomUUID();
    await tx.insert(erasureReport).values({ id: reportId, byId: actor.id, tables, files: keys.length });
    // The one line left: when and by whom, nothing of the person erased.
    await tx.insert(auditLog).values({ id: crypto.randomUUID(), actorId: actor.id, actorEmail: actor.email, action: "member.erased", targetType: "erasure_report", targetId: reportId, summary: ERASED_SUMMARY });
    for (let i = 0; i < keys.length; i += KEYS_PER_JOB) await enqueueJob(tx, deleteFilesJob, { keys: keys.slice(i, i + KEYS_PER_JOB) });
    for (let i = 0; i < mandateIds.length; i += MAX_MANDATES_PER_JOB) await enqueueJob(tx, cancelErasedMandatesJob, { mandateIds: mandateIds.slice(i, i + MAX_MANDATES_PER_JOB) });
    return reportId;
  });
}

/** One erasure's report (administrators). */
export async function getErasureReport(actor: Actor, id: string): Promise<ErasureReportView> {
  ensureCan(actor, "memberData", "erase");
  const [row] = await getDb()
    .select({ id: erasureReport.id, at: erasureReport.at, by: user.email, tables: erasureReport.tables, files: erasureReport.files })
    .from(erasureReport)
    .leftJoin(user, eq(user.id, erasureReport.byId))
    .where(eq(erasureReport.id, id));
  if (!row) throw new AppError(404, "Erasure report not found");
  return { ...row, tables: row.tables.map((t) => ({ ...t, kind: kindOfTable(t.table) })) };
}
