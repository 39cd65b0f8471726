import crypto from "node:crypto";
import { getDb, type Db } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { count, desc } from "drizzle-orm";
import { getLogger } from "~/lib/logger.server";
import { ensureCan, type SessionUser } from "./session.server";

export type AuditAction =
  | "auth.sign_in"
  | "auth.sign_in_failed"
  | "auth.sign_out"
  | "auth.password_reset_requested"
  | "auth.password_reset"
  | "auth.password_changed"
  | "auth.other_sessions_revoked"
  | "auth.two_factor_enabled"
  | "auth.two_factor_disabled"
  | "auth.two_factor_reset"
  | "auth.two_factor_failed"
  | "auth.two_factor_backup_codes"
  | "invitation.sent"
  | "invitation.resent"
  | "invitation.revoked"
  | "invitation.accepted"
  | "user.created"
  | "user.role_changed"
  | "user.deactivated"
  | "user.reactivated"
  | "contact.submitted"
  | "contact.status_changed"
  | "contact.deleted"
  | "settings.updated"
  | "content.created"
  | "content.updated"
  | "content.deleted"
  | "upload.created"
  | "upload.deleted"
  | "session.created"
  | "session.updated"
  | "session.cancelled"
  | "booking.created"
  | "booking.waitlisted"
  | "booking.cancelled"
  | "booking.moved"
  | "program.assigned"
  | "program.updated_from_source"
  | "member.data_exported"
  | "member.deletion_requested"
  | "member.deletion_withdrawn"
  | "member.erased"
  | "class_type.created"
  | "class_type.updated"
  | "class_type.archived"
  | "class_type.deleted"
  | "class_slot.created"
  | "class_slot.updated"
  | "class_slot.removed"
  | "class.created"
  | "class.changed"
  | "class.cancelled"
  | "calendar_feed.created"
  | "calendar_feed.replaced"
  | "product.created"
  | "product.updated"
  | "product.archived"
  | "product.restored"
  | "payment.recorded"
  | "payment.refunded"
  | "plan.cancelled"
  | "billing.payment_retried";

export interface AuditEntry {
  action: AuditAction;
  /** Who acted; null for visitors and failed sign-ins. */
  actor?: { id: string; email: string } | null;
  /** The e-mail typed, when there is no account to name (a failed sign-in). */
  actorEmail?: string;
  target?: { type: string; id: string };
  /** Plain words for the activity feed. Never a password, token or health answer. */
  summary: string;
  ip?: string | null;
}

/**
 * Writes one entry. An audit failure is logged and never breaks what the user was doing.
 * `db` is a transaction when the entry is counted under the lock of the write it records.
 */
export async function recordAudit(entry: AuditEntry, db: Pick<Db, "insert"> = getDb()): Promise<void> {
  try {
    await db
      .insert(auditLog)
      .values({
        id: crypto.randomUUID(),
        actorId: entry.actor?.id ?? null,
        actorEmail: entry.actor?.email ?? entry.actorEmail ?? null,
        action: entry.action,
        targetType: entry.target?.type ?? null,
        targetId: entry.target?.id ?? null,
        summary: entry.summary,
        ip: entry.ip ?? null,
      });
  } catch (error) {
    getLogger().error({ action: entry.action, err: error instanceof Error ? error.message : String(error) }, "could not write the audit log");
  }
}

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, one page at a time (administrators only). */
export async function listAuditLog(actor: Pick<SessionUser, "role">, { page = 1, pageSize = AUDIT_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  ensureCan(actor, "auditLog", "list");
  const db = getDb();
  const [total] = await db.select({ n: count() }).from(auditLog);
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const items = await db
    .select({ id: auditLog.id, at: auditLog.at, actorEmail: auditLog.actorEmail, action: auditLog.action, summary: auditLog.summary })
    .from(auditLog)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { items, page: current, pageCount, total: total?.n ?? 0 };
}
