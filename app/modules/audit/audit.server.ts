import { count, desc } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";

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
