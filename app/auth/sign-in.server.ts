import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { AppError, type ErrorStatus } from "~/lib/app-error";
import { getEnv } from "~/lib/env.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { getLogger } from "~/lib/logger.server";
import { getAuth } from "./auth.server";
import { signInSchema } from "./credentials.schema";
import { toRole, type Role } from "./permissions";

/**
 * retryAfter (seconds) comes with a 429: the sign-in throttle, the reset-request limits or
 * better-auth's rate limiter. twoFactorChallenge: the password was right, and the account's
 * second factor is still to come (no session yet).
 */
export type AuthResult = { ok: true; headers: Headers; twoFactorChallenge?: string } | { ok: false; status: number; message: string; retryAfter?: number };

/**
 * Route actions (the /login form, the sign-in dialog, sign-out) go through
 * better-auth's own handler, so its database rate limiter and origin check apply
 * to them exactly as to /api/auth/*.
 */
async function callAuth(request: Request, path: string, body: unknown): Promise<AuthResult> {
  const env = getEnv();
  const headers = new Headers({ "content-type": "application/json", origin: new URL(env.BASE_URL).origin });
  for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await getAuth().handler(
    new Request(`${env.BASE_URL}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const out = new Headers();
  for (const cookie of response.headers.getSetCookie()) out.append("set-cookie", cookie);
  const payload = (await response.json().catch(() => null)) as { message?: string; twoFactorChallenge?: unknown } | null;
  if (response.ok) {
    const challenge = payload?.twoFactorChallenge;
    return typeof challenge === "string" ? { ok: true, headers: out, twoFactorChallenge: challenge } : { ok: true, headers: out };
  }
  const retryAfter = Number(response.headers.get("x-retry-after"));
  return {
    ok: false,
    status: response.status,
    message: payload?.message || "Please try again later.",
    ...(response.status === 429 && retryAfter > 0 ? { retryAfter } : {}),
  };
}

export function signInWithPassword(request: Request, email: string, password: string): Promise<AuthResult> {
  return callAuth(request, "/sign-in/email", { email, password, rememberMe: true });
}

/** The refusal of an auth call as the form's answer: its status, message and, for a 429, when to try again. */
export function refusal(result: Extract<AuthResult, { ok: false }>, title?: string): AppError {
  return new AppError(result.status as ErrorStatus, result.message, { title, retryAfter: result.retryAfter });
}

export type SignedIn = { email: string; role: Role; headers: Headers; twoFactorChallenge?: string };

/**
 * The sign-in form (/login and the 'Member Login' dialog): checks the fields (ZodError),
 * then signs in. A refusal (wrong credentials, the throttle's 429 with retryAfter) is an
 * AppError titled 'Error signing in'; a server that could not complete it (the database
 * gone away, say) is the spec's unexpected failure, 503 'An error occurred', not a 500 page.
 */
export async function signInFromForm(request: Request, form: Record<string, unknown>): Promise<SignedIn> {
  const { email, password } = signInSchema.parse({ email: form.email, password: form.password });
  const result = await signInWithPassword(request, email, password).catch((error: unknown) => {
    getLogger().error({ err: error }, "sign-in failed unexpectedly");
    throw new AppError(503, "Please try again later.", { title: "An error occurred" });
  });
  if (!result.ok) throw refusal(result, "Error signing in");
  const [account] = await getDb().select({ role: user.role }).from(user).where(eq(user.email, email));
  return { email, role: toRole(account?.role), headers: result.headers, ...(result.twoFactorChallenge ? { twoFactorChallenge: result.twoFactorChallenge } : {}) };
}

/** Ends this session; a server that could not (the database gone away, say) is a refusal too, never a 500 page. */
export async function signOut(request: Request): Promise<AuthResult> {
  return callAuth(request, "/sign-out", {}).catch((error: unknown): AuthResult => {
    getLogger().error({ err: error }, "sign-out failed unexpectedly");
    return { ok: false, status: 503, message: "Please try again later." };
  });
}

/** The session of a sign-in whose second factor has passed: its Set-Cookie headers. */
export async function createTwoFactorSession(request: Request, userId: string): Promise<Headers> {
  const headers = new Headers();
  for (const name of ["user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const result = await getAuth().api.createTwoFactorSession({ body: { userId }, headers, returnHeaders: true });
  const out = new Headers();
  for (const cookie of result.headers.getSetCookie()) out.append("set-cookie", cookie);
  return out;
}

/** Always the same answer for a well-formed e-mail, whether or not an account exists. */
export function requestPasswordReset(request: Request, email: string): Promise<AuthResult> {
  return callAuth(request, "/request-password-reset", { email, redirectTo: `${getEnv().BASE_URL}/reset-password` });
}

/** Uses (and so ends) the one-time token; better-auth then ends every session of the account. */
export function resetPassword(request: Request, token: string, newPassword: string): Promise<AuthResult> {
  return callAuth(request, "/reset-password", { token, newPassword });
}

/** Needs the current password. With revokeOtherSessions the current session is replaced by a new one (new cookie). */
export function changePassword(
  request: Request,
  input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean },
): Promise<AuthResult> {
  return callAuth(request, "/change-password", input);
}

/** Ends every session of the signed-in user except this one. */
export function revokeOtherSessions(request: Request): Promise<AuthResult> {
  return callAuth(request, "/revoke-other-sessions", {});
}

/**
 * Whether a reset token is still usable, without using it: the /reset-password page
 * shows its form only for a live token, and a scanner opening the link changes nothing.
 */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const context = await getAuth().$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && verification.expiresAt > new Date());
}
