import { count, eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { contactSubmission } from "~/db/schema/contacts";
import { countArticles } from "~/modules/articles/articles.server";
import { listAuditLog } from "~/auth/audit.server";
import { countContentItems } from "~/modules/library/library.server";

export const RECENT_ACTIVITY_SIZE = 8;

/** The dashboard's real figures and the newest audit entries (administrators only). */
export async function getDashboard(actor: Pick<SessionUser, "role">) {
  ensureCan(actor, "adminArea", "view");
  const db = getDb();
  const [[users], [contacts], [fresh], articles, contentItems, activity] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(contactSubmission),
    db.select({ n: count() }).from(contactSubmission).where(eq(contactSubmission.status, "new")),
    countArticles(),
    countContentItems(),
    listAuditLog(actor, { page: 1, pageSize: RECENT_ACTIVITY_SIZE }),
  ]);
  return {
    totalUsers: users?.n ?? 0,
    /** Articles plus videos, meal plans and schedules. */
    contentItems: articles + contentItems,
    contactSubmissions: contacts?.n ?? 0,
    newContactSubmissions: fresh?.n ?? 0,
    recentActivity: activity.items,
  };
}
