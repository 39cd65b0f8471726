import crypto from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { and, eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { preparedOnce } from "~/db/prepared.server";
import { session, user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { onChange } from "~/lib/change-notices.server";
import { KeptReads } from "~/lib/kept-reads.server";
import { appendResponseCookie, readOncePerRequest } from "~/lib/request-scope.server";
import { answerResource } from "~/lib/resource.server";
import { DEFAULT_WEIGHT_UNIT } from "~/lib/units";
import { isProfileComplete } from "./user";
import { AppError } from "~/lib/app-error";
import { getAuth } from "./auth.server";
import { can, toRole, type Action, type Entity } from "./permissions";
import { isDueForRenewal, isStaff, MEMBER_SESSION_SECONDS, sessionEndsAt } from "./session-lifetime";
import { ENROL_PATH, mustEnrolTwoFactor, TWO_FACTOR_FIRST } from "./two-factor-sign-in.server";
import type { SessionUser } from "./user";

export type { SessionUser };

/**
 * The request's session cookie (its token and the signed value), if its signature holds.
 * better-auth signs the cookie as `token.base64(HMAC-SHA256(secret, token))`; its name
 * and secret come from better-auth's own context.
 */
async function signedSessionCookie(request: Request): Promise<{ token: string; value: string } | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  const auth = await getAuth().$context;
  const value = parseCookies(cookie).get(auth.authCookies.sessionToken.name);
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(crypto.createHmac("sha256", auth.secret).update(token).digest("base64"));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { token, value } : null;
}

/**
 * A member's daily renewal: the row's end moves 30 days on, and the browser's cookie with
 * it (the same signed value, a fresh Max-Age, better-auth's attributes), so neither
 * outlives the other.
 */
async function renewMemberSession(token: string, signedValue: string, expiresAt: Date): Promise<void> {
  const renewed = new Date(Date.now() + MEMBER_SESSION_SECONDS * 1000);
  // Only the first of concurrent requests renews (the row's end is still the one it read).
  const updated = await getDb()
    .update(session)
    .set({ expiresAt: renewed, updatedAt: new Date() })
    .where(and(eq(session.token, token), eq(session.expiresAt, expiresAt)))
    .returning({ token: session.token });
  if (updated.length === 0) return;
  const { name, attributes } = (await getAuth().$context).authCookies.sessionToken;
  const parts = [`${name}=${encodeURIComponent(signedValue)}`, `Max-Age=${MEMBER_SESSION_SECONDS}`, `Path=${attributes.path ?? "/"}`];
  if (attributes.httpOnly) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  if (attributes.sameSite) parts.push(`SameSite=${attributes.sameSite.charAt(0).toUpperCase()}${attributes.sameSite.slice(1).toLowerCase()}`);
  appendResponseCookie(parts.join("; "));
}

/** Prepared once: it runs on every request of a signed-in user. */
const sessionUserQuery = preparedOnce((db) =>
  db
    .select({
      expiresAt: session.expiresAt,
      createdAt: session.createdAt,
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      banned: user.banned,
      location: profile.location,
      interests: profile.interests,
      experience: profile.experience,
      goals: profile.goals,
      weightUnit: profile.weightUnit,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("session_user"),
);

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionUserQuery>["execute"]>>[number];

/**
 * The session lookup kept per token (decision 0145): cleared by the notice of any committed
 * change to the user's row, profile or sessions (a sign-out, a ban, a new
 * role, a renewal, a saved profile), in every process; kept 30 s at most. The checks
 * below (banned, ended, due for renewal) run on the kept row at every request.
 */
const keptSessions = new KeptReads<SessionRow | undefined>({ maxAgeMs: 30_000, maxEntries: 10_000, keeps: (row) => row !== undefined });
onChange(["users", "sessions", "profiles"], (userId) => keptSessions.clear(userId === null ? undefined : (_, row) => row?.id === userId));

/** The session lookup of every signed-in request, for a token no session has: the start-up warm-up runs it (decision 0110). */
export async function lookUpNoSession(): Promise<void> {
  await sessionUserQuery().execute({ token: "" });
}

/**
 * The signed-in user in one query (session, user and profile joined), where better-auth's
 * getSession sends two and costs three times as much (docs/decisions/0019). A staff
 * session ends 12 hours after sign-in; a member's is renewed once a day (decision 0027).
 */
async function loadSessionUser(request: Request): Promise<SessionUser | null> {
  const cookie = await signedSessionCookie(request);
  if (!cookie) return null;
  const row = await keptSessions.read(cookie.token, async () => (await sessionUserQuery().execute({ token: cookie.token }))[0]);
  if (!row || row.banned) return null;
  const role = toRole(row.role);
  if (sessionEndsAt(row, role) <= Date.now()) return null;
  if (!isStaff(role) && isDueForRenewal(row.expiresAt)) await renewMemberSession(cookie.token, cookie.value, row.expiresAt);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role,
    weightUnit: row.weightUnit ?? DEFAULT_WEIGHT_UNIT,
    profileComplete: isProfileComplete({
      fullName: row.name,
      location: row.location ?? "",
      interests: row.interests ?? "",
      experience: row.experience ?? "",
      goals: row.goals ?? "",
    }),
  };
}

/** The signed-in user, or null: looked up once per page, however many loaders ask. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  return readOncePerRequest(`session-user ${request.headers.get("cookie") ?? ""}`, () => loadSessionUser(request));
}

export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** Signed in, or a redirect to /login that remembers where the visitor was going. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) loginRedirect(request);
  return user;
}

/** Staff who must enrol a second factor (an administrator requires it) are led to Settings first. */
async function requireEnrolledStaff(user: SessionUser): Promise<void> {
  if (await mustEnrolTwoFactor(user)) throw redirect(ENROL_PATH);
}

/** The role may do this, else /unauthorized (signed-out visitors go to /login first). */
export async function requirePermission<E extends Entity>(request: Request, entity: E, action: Action<E>): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!can(user.role, entity, action)) throw redirect("/unauthorized");
  await requireEnrolledStaff(user);
  return user;
}

/**
 * For an endpoint a page's script asks (JSON, never a redirect): the signed-in user allowed
 * this, or the refusal to send as it is: 401 for a visitor, 403 without the right or while
 * an administrator's two-factor requirement waits for enrolment.
 */
export async function permittedOrRefusal<E extends Entity>(request: Request, entity: E, action: Action<E>): Promise<SessionUser | Response> {
  const user = await getSessionUser(request);
  if (!user) return Response.json({ error: "Please sign in." }, { status: 401 });
  if (!can(user.role, entity, action)) return Response.json({ error: "You do not have permission to do that." }, { status: 403 });
  if (await mustEnrolTwoFactor(user)) return Response.json({ error: TWO_FACTOR_FIRST }, { status: 403 });
  return user;
}

/**
 * A private file's answer (a nutrition document, a progress photo, a message's image, a
 * data archive): a visitor is sent to sign in (and back here) and gets no bytes; staff whose administrator requires a second
 * factor get 403 until they enrol; otherwise `serve` answers for this viewer, its
 * refusals (AppError) as plain text with `headers`.
 */
export async function answerPrivateFile(request: Request, serve: (viewer: SessionUser) => Promise<Response>, headers: Record<string, string>): Promise<Response> {
  const viewer = await getSessionUser(request);
  if (!viewer) {
    const url = new URL(request.url);
    return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { headers: { "Cache-Control": "no-store" } });
  }
  return answerResource(async () => {
    if (await mustEnrolTwoFactor(viewer)) throw new AppError(403, TWO_FACTOR_FIRST);
    return serve(viewer);
  }, headers);
}

/** The admin area: visitors to /login, other roles to /members (as the spec says). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!can(user.role, "adminArea", "view")) throw redirect("/members");
  await requireEnrolledStaff(user);
  return user;
}

/** Inside a module: the acting user must be allowed this, else a 403 with a plain message. */
export function ensureCan<E extends Entity>(actor: Pick<SessionUser, "role">, entity: E, action: Action<E>): void {
  if (!can(actor.role, entity, action)) {
    throw new AppError(403, "You do not have permission to do that.");
  }
}
