import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { billingProduct } from "~/db/schema/billing";
import { contactSubmission } from "~/db/schema/contacts";
import { invitation } from "~/db/schema/invitations";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { addressKey } from "~/lib/client-ip.server";
import { consumeLimit, type LimitResult } from "~/lib/rate-limit.server";
import { recordAudit } from "~/auth/audit.server";
import { createUserWithPassword, findUserByEmail, UserExistsError } from "~/modules/users/users.server";
import { passwordSchema } from "~/auth/credentials.schema";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { assertPasswordAllowed, refuseCommonPassword } from "~/modules/users/password-policy.server";
import {
  acceptInvitationSchema,
  CHOOSE_PACKAGE,
  INVITATION_TTL_DAYS,
  invitationSchema,
  invitationStatusHeadings,
  invitationStatusMessages,
  type InvitationInput,
  type InvitationStatus,
} from "./invitations.schema";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

/** Accept attempts per client address per 15 minutes. */
export const ACCEPT_LIMIT = { window: 15 * 60, max: 10 } as const;

/** An expected refusal, worded for the administrator or the invited person. */
const refused = (message: string) => new AppError(409, message);

/**
 * The link no longer works (or never did): the screen's heading as the title, the
 * spec's sentence as the message (410; a malformed link is a 400).
 */
export function linkGone(status: Exclude<InvitationStatus, "valid">, httpStatus: 400 | 410 = 410): AppError {
  return new AppError(httpStatus, invitationStatusMessages[status], { title: invitationStatusHeadings[status] });
}

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

function newToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000) };
}

const pending = () => and(isNull(invitation.acceptedAt), isNull(invitation.revokedAt));

export function consumeAcceptLimit(clientIp: string): Promise<LimitResult> {
  return consumeLimit(`invitation-accept:${addressKey(clientIp)}`, ACCEPT_LIMIT);
}

/**
 * The accept page's form: the rate limit per address (429), the form's check (a ZodError
 * names the password fields), then acceptInvitation. Returns the e-mail and password
 * to sign in with, and the package the invitation carries (if any).
 */
export async function acceptInvitationForm(form: Record<string, unknown>, clientIp: string): Promise<{ email: string; password: string; productId: string | null }> {
  const limit = await consumeAcceptLimit(clientIp);
  if (!limit.allowed) throw new AppError(429, "Too many attempts. Please wait a few minutes and try again.", { retryAfter: limit.retryAfter });
  const parsed = acceptInvitationSchema.superRefine(refuseCommonPassword("password")).safeParse(form);
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] === "token")) throw linkGone("unknown", 400);
    throw parsed.error;
  }
  const { email, productId } = await acceptInvitation(parsed.data.token, parsed.data.password, { ip: clientIp });
  return { email, password: parsed.data.password, productId };
}

/** Sends the link; a mail failure is logged and reported, the invitation stays (Resend tries again). */
async function mailInvitation(to: { name: string; email: string }, token: string): Promise<boolean> {
  const link = `${getEnv().BASE_URL}/invitations/accept?token=${encodeURIComponent(token)}`;
  try {
    const { businessName } = await getSiteSettings();
    await sendMail({
      to: to.email,
      subject: `You're invited to ${businessName}`,
      text: [
        `Hello ${to.name},`,
        "",
        `Your coach has invited you to the ${businessName} member area.`,
        "Open this link to choose your password and sign in:",
        "",
        link,
        "",
        `The link works once and expires in ${INVITATION_TTL_DAYS} days.`,
        "If you were not expecting this e-mail, you can ignore it.",
      ].join("\n"),
    });
    return true;
  } catch (error) {
    getLogger().error({ err: error instanceof Error ? error.message : String(error) }, "could not send an invitation e-mail");
    return false;
  }
}

/** Expired ones count too: they are listed with Resend, so an address never has two open invitations. */
async function openInvitationFor(email: string) {
  const [row] = await getDb().select({ id: invitation.id }).from(invitation).where(and(eq(invitation.email, email), pending()));
  return row ?? null;
}

const livePackage = () => and(isNull(billingProduct.archivedAt), inArray(billingProduct.kind, ["subscription", "term"]));

/** The packages an invitation can carry: the live subscriptions and terms, in the catalogue's order. */
export async function listInvitationPackages(actor: Actor): Promise<Array<{ id: string; name: string }>> {
  ensureCan(actor, "invitations", "create");
  return getDb()
    .select({ id: billingProduct.id, name: billingProduct.name })
    .from(billingProduct)
    .where(livePackage())
    .orderBy(asc(billingProduct.page), asc(billingProduct.position), asc(billingProduct.name))
    .limit(100);
}

/** The invitation's package: a live subscription or term, for a member only; else 400 on the field. */
async function packageFor(productId: string | undefined, role: string): Promise<string | null> {
  if (!productId) return null;
  if (role !== "member") throw new AppError(400, "", { fieldErrors: { productId: "Only members can be invited with a package" } });
  const [found] = await getDb()
    .select({ id: billingProduct.id })
    .from(billingProduct)
    .where(and(eq(billingProduct.id, productId), livePackage()));
  if (!found) throw new AppError(400, "", { fieldErrors: { productId: CHOOSE_PACKAGE } });
  return found.id;
}

/** Invites a person by e-mail. Refuses an address that has an account or a pending invitation. */
export async function createInvitation(actor: Actor, input: InvitationInput): Promise<{ id: string; email: string; mailed: boolean }> {
  ensureCan(actor, "invitations", "create");
  const data = invitationSchema.parse(input);
  const productId = await packageFor(data.productId, data.role);
  if (await findUserByEmail(data.email)) throw refused(`An account with the e-mail ${data.email} already exists.`);
  if (await openInvitationFor(data.email)) {
    throw refused(`${data.email} already has a pending invitation. Resend it from the list instead.`);
  }
  const db = getDb();
  if (data.contactSubmissionId) {
    const [found] = await db.select({ id: contactSubmission.id }).from(contactSubmission).where(eq(contactSubmission.id, data.contactSubmissionId));
    if (!found) throw refused("The contact submission no longer exists.");
  }
  const id = crypto.randomUUID();
  const { token, tokenHash, expiresAt } = newToken();
  await db.insert(invitation).values({
    id,
    email: data.email,
    name: data.name,
    role: data.role,
    tokenHash,
    expiresAt,
    invitedById: actor.id,
    contactSubmissionId: data.contactSubmissionId ?? null,
    productId,
  });
  await recordAudit({ action: "invitation.sent", actor, target: { type: "invitation", id }, summary: `Invited ${data.name} <${data.email}> as ${data.role}` });
  return { id, email: data.email, mailed: await mailInvitation(data, token) };
}

/** A new link with a new 7-day expiry; the old link stops working. */
export async function resendInvitation(actor: Actor, id: string): Promise<{ mailed: boolean }> {
  ensureCan(actor, "invitations", "create");
  const { token, tokenHash, expiresAt } = newToken();
  const [row] = await getDb()
    .update(invitation)
    .set({ tokenHash, expiresAt })
    .where(and(eq(invitation.id, id), pending()))
    .returning({ name: invitation.name, email: invitation.email });
  if (!row) throw refused("This invitation has already been accepted or revoked.");
  await recordAudit({ action: "invitation.resent", actor, target: { type: "invitation", id }, summary: `Resent the invitation to ${row.email}` });
  return { mailed: await mailInvitation(row, token) };
}

export async function revokeInvitation(actor: Actor, id: string): Promise<void> {
  ensureCan(actor, "invitations", "revoke");
  const [row] = await getDb()
    .update(invitation)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitation.id, id), pending()))
    .returning({ email: invitation.email });
  if (!row) throw refused("This invitation has already been accepted or revoked.");
  await recordAudit({ action: "invitation.revoked", actor, target: { type: "invitation", id }, summary: `Revoked the invitation to ${row.email}` });
}

/** Invitations not yet accepted or revoked, newest first; expired ones are marked so they can be resent. */
export async function listPendingInvitations(actor: Actor) {
  ensureCan(actor, "invitations", "list");
  const rows = await getDb()
    .select({ id: invitation.id, name: invitation.name, email: invitation.email, role: invitation.role, createdAt: invitation.createdAt, expiresAt: invitation.expiresAt })
    .from(invitation)
    .where(pending())
    .orderBy(desc(invitation.createdAt), desc(invitation.id));
  const now = Date.now();
  return rows.map((r) => ({ ...r, expired: r.expiresAt.getTime() <= now }));
}

/** What the link shows. Reading never uses up the token (e-mail link scanners open links). */
export async function getInvitationForToken(token: string): Promise<{ status: InvitationStatus; name: string; email: string }> {
  if (!token) return { status: "unknown", name: "", email: "" };
  const [row] = await getDb().select().from(invitation).where(eq(invitation.tokenHash, hashToken(token)));
  if (!row) return { status: "unknown", name: "", email: "" };
  const status: InvitationStatus = row.acceptedAt ? "used" : row.revokedAt ? "revoked" : row.expiresAt.getTime() <= Date.now() ? "expired" : "valid";
  return { status, name: row.name, email: row.email };
}

/**
 * Uses the token: claims the invitation atomically (one winner however many
 * requests race), creates the account with the chosen password, links it.
 */
export async function acceptInvitation(token: string, password: string, { ip }: { ip?: string } = {}): Promise<{ userId: string; email: string; productId: string | null }> {
  const chosen = passwordSchema.parse(password);
  // Before the invitation is claimed, so a refused password leaves it untouched.
  assertPasswordAllowed(chosen);
  const db = getDb();
  const [claimed] = await db
    .update(invitation)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitation.tokenHash, hashToken(token)), pending(), sql`${invitation.expiresAt} > now()`))
    .returning();
  if (!claimed) {
    const { status } = await getInvitationForToken(token);
    throw linkGone(status === "valid" ? "used" : status);
  }
  let created: { id: string; email: string };
  try {
    created = await createUserWithPassword({ name: claimed.name, email: claimed.email, password: chosen, role: claimed.role });
  } catch (error) {
    // The account was not created: the link works again.
    await db.update(invitation).set({ acceptedAt: null }).where(eq(invitation.id, claimed.id));
    if (error instanceof UserExistsError) throw refused("An account with this e-mail already exists. Please sign in instead.");
    throw error;
  }
  await db.update(invitation).set({ userId: created.id }).where(eq(invitation.id, claimed.id));
  if (claimed.contactSubmissionId) {
    await db.update(contactSubmission).set({ invitedUserId: created.id, updatedAt: new Date() }).where(eq(contactSubmission.id, claimed.contactSubmissionId));
  }
  await recordAudit({
    action: "invitation.accepted",
    actor: { id: created.id, email: created.email },
    target: { type: "invitation", id: claimed.id },
    summary: `${claimed.name} <${claimed.email}> accepted the invitation and joined as ${claimed.role}`,
    ip,
  });
  return { userId: created.id, email: created.email, productId: claimed.productId };
}
