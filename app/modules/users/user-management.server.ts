import type { SessionUser } from "~/auth/session.server";
import { formatUsDateTime } from "~/lib/dates";
import type { InvitationInput } from "~/modules/invitations/invitations.schema";
import { createInvitation, listPendingInvitations } from "~/modules/invitations/invitations.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { resetTwoFactor, usersWithTwoFactor } from "~/modules/two-factor/two-factor.server";
import { listUsers } from "./user-admin.server";

/**
 * The User Management screen's services (spec section 10): the page's lists as the
 * screen shows them, the invitation form, and the two-factor reset.
 */

type Actor = Pick<SessionUser, "id" | "role" | "email">;

/** One page of people (search and page from the URL) and every pending invitation, dates in the site's time zone. */
export async function loadUserManagement(actor: Actor, query: { search: string; page: number }) {
  const [list, invitations, { timeZone }, withTwoFactor] = await Promise.all([
    listUsers(actor, query),
    listPendingInvitations(actor),
    getSiteSettings(),
    usersWithTwoFactor(),
  ]);
  return {
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    users: list.items.map((u) => ({
      id: u.id,
      name: u.name.trim() || "—",
      email: u.email,
      role: u.role,
      deactivated: u.banned,
      twoFactor: withTwoFactor.has(u.id),
      joined: formatUsDateTime(u.createdAt, timeZone),
      lastSignIn: u.lastSignInAt ? formatUsDateTime(u.lastSignInAt, timeZone) : "Never",
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      role: i.role,
      expired: i.expired,
      expires: formatUsDateTime(i.expiresAt, timeZone),
    })),
  };
}

/** The 'Add person' form (its contact submission, when it came from one, in `submission`). */
export function inviteFromForm(actor: Actor, form: Record<string, unknown>) {
  // The schema checks every field (a ZodError names them); the role defaults to member.
  return createInvitation(actor, { ...form, role: form.role ?? "member", contactSubmissionId: form.submission } as InvitationInput);
}

/** Resets a person's two-factor authentication; a refusal (gone, none to reset) is an AppError. */
export async function resetUserTwoFactor(actor: Actor, userId: string, ip: string): Promise<{ email: string }> {
  return resetTwoFactor(actor, userId, ip);
}
