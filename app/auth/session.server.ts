import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { profile } from "~/db/schema/profiles";
import { isProfileComplete } from "~/modules/users/profile.schema";
import { getAuth } from "./auth.server";
import { can, toRole, type Action, type Entity } from "./permissions";
import type { SessionUser } from "./user";

export type { SessionUser };

// Loaders of one request run in parallel; they share one session lookup.
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

async function loadSessionUser(request: Request): Promise<SessionUser | null> {
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result || result.user.banned) return null;
  const u = result.user;
  const [p] = await getDb()
    .select({
      location: profile.location,
      interests: profile.interests,
      experience: profile.experience,
      goals: profile.goals,
      weightUnit: profile.weightUnit,
    })
    .from(profile)
    .where(eq(profile.userId, u.id));
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: toRole(u.role),
    weightUnit: p?.weightUnit ?? "lbs",
    profileComplete: isProfileComplete({
      fullName: u.name,
      location: p?.location ?? "",
      interests: p?.interests ?? "",
      experience: p?.experience ?? "",
      goals: p?.goals ?? "",
    }),
  };
}

/** The signed-in user, or null. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = loadSessionUser(request);
    perRequest.set(request, pending);
  }
  return pending;
}

function loginRedirect(request: Request): never {
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

/** The role may do this, else /unauthorized (signed-out visitors go to /login first). */
export async function requirePermission<E extends Entity>(request: Request, entity: E, action: Action<E>): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!can(user.role, entity, action)) throw redirect("/unauthorized");
  return user;
}

/** The admin area: visitors to /login, other roles to /members (as the spec says). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!can(user.role, "adminArea", "view")) throw redirect("/members");
  return user;
}

/** Inside a module: the acting user must be allowed this, else a 403 with a plain message. */
export function ensureCan<E extends Entity>(actor: Pick<SessionUser, "role">, entity: E, action: Action<E>): void {
  if (!can(actor.role, entity, action)) {
    throw data({ message: "You do not have permission to do that." }, { status: 403 });
  }
}
