/**
 * Settings' password change and "sign out of other devices": the HTTP side of the route (the
 * request's session cookies go to the auth server, its new cookies come back), beside the route
 * as its own helpers rather than a module (issue 47: modules take no Request).
 */
import { changePassword, revokeOtherSessions, type AuthResult } from "~/auth/sign-in.server";
import { getClientIp } from "~/lib/client-ip.server";
import { recordAudit } from "~/auth/audit.server";
import type { SessionUser } from "~/auth/session.server";
import { AppError, type ErrorStatus } from "~/lib/app-error";
import { changePasswordSchema } from "~/modules/users/password.schema";
import { refuseCommonPassword } from "~/modules/users/password-policy.server";

const changePasswordServerSchema = changePasswordSchema.superRefine(refuseCommonPassword("newPassword"));

type Actor = Pick<SessionUser, "id" | "email">;

/** The auth server's refusal (a wrong current password, too many tries) as the form's answer. */
function refusal(result: Extract<AuthResult, { ok: false }>): AppError {
  return new AppError(result.status as ErrorStatus, result.message, result.retryAfter ? { retryAfter: result.retryAfter } : {});
}

/**
 * The signed-in user changes their own password (the current one is required;
 * better-auth checks it). Returns the new session's cookies (with revokeOtherSessions
 * the session is replaced); throws a ZodError for an invalid form, AppError for a refusal.
 */
export async function changeOwnPassword(request: Request, actor: Actor, input: unknown): Promise<Headers> {
  const parsed = changePasswordServerSchema.parse(input);
  const result = await changePassword(request, {
    currentPassword: parsed.currentPassword,
    newPassword: parsed.newPassword,
    revokeOtherSessions: parsed.revokeOtherSessions,
  });
  if (!result.ok) throw refusal(result);
  await recordAudit({
    action: "auth.password_changed",
    actor,
    target: { type: "user", id: actor.id },
    summary: parsed.revokeOtherSessions ? `${actor.email} changed their password and signed out other devices` : `${actor.email} changed their password`,
    ip: getClientIp(request),
  });
  return result.headers;
}

/** Ends every other session of the signed-in user; this one stays. Throws AppError for a refusal. */
export async function signOutOtherDevices(request: Request, actor: Actor): Promise<void> {
  const result = await revokeOtherSessions(request);
  if (!result.ok) throw refusal(result);
  await recordAudit({
    action: "auth.other_sessions_revoked",
    actor,
    target: { type: "user", id: actor.id },
    summary: `${actor.email} signed out of all other devices`,
    ip: getClientIp(request),
  });
}
