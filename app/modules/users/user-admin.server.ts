import { and, count, desc, eq, ilike, max, ne, sql } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { roles, toRole, type Role } from "~/auth/permissions";
import { isStaff, STAFF_SESSION_SECONDS } from "~/auth/session-lifetime";
import { getDb, type Db } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { session, user } from "~/db/schema/auth";
import { recordAudit } from "~/auth/audit.server";
import { containing } from "~/lib/like";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const USERS_PAGE_SIZE = 25;

/** Serialises role changes and deactivations, so two of them cannot both remove "the other" last admin. */
export const ADMIN_CHANGE_LOCK = 7_350_001;

/** A refusal with a message for the administrator (409: the data as it stands says no). */
const refused = (message: string) => new AppError(409, message);

/** Users newest first, one page at a time; the search is a case-insensitive substring of the e-mail. */
export async function listUsers(actor: Actor, { search = "", page = 1 }: { search?: string; page?: number } = {}) {
  ensureCan(actor, "users", "list");
  const db = getDb();
  const term = search.trim();
  const where = term ? ilike(user.email, containing(term)) : undefined;
  const [total] = await db.select({ n: count() }).from(user).where(where);
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / USERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const lastSignIn = db
    .select({ userId: session.userId, at: max(session.createdAt).as("last_sign_in") })
    .from(session)
    .groupBy(session.userId)
    .as("last_sign_in");
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, banned: user.banned, createdAt: user.createdAt, lastSignInAt: lastSignIn.at })
    .from(user)
    .leftJoin(lastSignIn, eq(lastSignIn.userId, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(USERS_PAGE_SIZE)
    .offset((current - 1) * USERS_PAGE_SIZE);
  return {
    items: rows.map((r) => ({ ...r, role: toRole(r.role), lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt) : null })),
    page: current,
    pageCount,
    total: total?.n ?? 0,
  };
}

async function lockAndLoad(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK})`);
  const [target] = await tx.select({ id: user.id, email: user.email, role: user.role, banned: user.banned }).from(user).where(eq(user.id, userId));
  if (!target) throw new AppError(404, "That user no longer exists.");
  return target;
}

/** Active administrators other than this user. */
async function otherActiveAdmins(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.role, "admin"), eq(user.banned, false), ne(user.id, userId)));
  return row?.n ?? 0;
}

/** `role` is what the form sent: anything but member, trainer or admin is refused. */
export async function setUserRole(actor: Actor, userId: string, requested: string): Promise<void> {
  ensureCan(actor, "users", "setRole");
  if (!roles.includes(requested as Role)) throw new AppError(400, "Role must be member, trainer or admin");
  const role = requested as Role;
  const changed = await getDb().transaction(async (tx) => {
    const target = await lockAndLoad(tx, userId);
    const from = toRole(target.role);
    if (from === role) return null;
    if (from === "admin" && !target.banned && (await otherActiveAdmins(tx, userId)) === 0) {
      throw refused("This is the last administrator: make someone else an administrator first.");
    }
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
    if (isStaff(role)) {
      // A member's 30-day sessions become staff sessions: 12 hours from their sign-in at most.
      await tx
        .update(session)
        .set({ expiresAt: sql`least(${session.expiresAt}, ${session.createdAt} + make_interval(secs => ${STAFF_SESSION_SECONDS}))` })
        .where(eq(session.userId, userId));
    }
    return { email: target.email, from };
  });
  if (changed) {
    await recordAudit({ action: "user.role_changed", actor, target: { type: "user", id: userId }, summary: `Changed the role of ${changed.email} from ${changed.from} to ${role}` });
  }
}

/** Signs the person out everywhere and stops them signing in. */
export async function deactivateUser(actor: Actor, userId: string): Promise<void> {
  ensureCan(actor, "users", "deactivate");
  if (userId === actor.id) throw refused("You cannot deactivate your own account.");
  const email = await getDb().transaction(async (tx) => {
    const target = await lockAndLoad(tx, userId);
    if (target.banned) return null;
    if (toRole(target.role) === "admin" && (await otherActiveAdmins(tx, userId)) === 0) {
      throw refused("This is the last active administrator and cannot be deactivated.");
    }
    await tx.update(user).set({ banned: true, banReason: "Deactivated by an administrator", updatedAt: new Date() }).where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    return target.email;
  });
  if (email) await recordAudit({ action: "user.deactivated", actor, target: { type: "user", id: userId }, summary: `Deactivated ${email}` });
}

export async function reactivateUser(actor: Actor, userId: string): Promise<void> {
  ensureCan(actor, "users", "deactivate");
  const [row] = await getDb()
    .update(user)
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.banned, true)))
    .returning({ email: user.email });
  if (row) await recordAudit({ action: "user.reactivated", actor, target: { type: "user", id: userId }, summary: `Reactivated ${row.email}` });
}
