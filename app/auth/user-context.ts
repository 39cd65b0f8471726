import { createContext, type RouterContextProvider } from "react-router";
import { AppError } from "~/lib/app-error";
import { getSessionUser, loginRedirect, type SessionUser } from "./session.server";

/**
 * The signed-in user of a staff layout's screens (/cms, /admin, /programs): the layout's
 * middleware checks the permission once, before every child loader and action (also a
 * child's own `.data` request), and sets it here. Loaders read it with `context.get(userContext)`.
 */
export const userContext = createContext<SessionUser>();

/**
 * What the member layout's lookup found, signed out included: a signed-out save goes on
 * to its screen's action, which answers it (decision 0023), so member screens read the
 * user through `memberOf`, `signedInUser` or `actingUser`, never `userContext`.
 */
const lookedUp = createContext<SessionUser | null>(null);

type Context = Readonly<RouterContextProvider>;

/** The one session lookup of a request under the member layout. */
export async function lookUpUser(request: Request, context: Context): Promise<SessionUser | null> {
  const user = await getSessionUser(request);
  context.set(lookedUp, user);
  return user;
}

/** The 401 'Access Required' screen of a member page without a session. */
export function accessRequired(): AppError {
  return new AppError(401, "Please sign in to access the member dashboard", { title: "Access Required" });
}

/**
 * The member of a member screen's loader. Signed out, the page is the 401 'Access
 * Required' screen: on a visit the layout refuses first; after a signed-out save (its
 * action answered without JavaScript) the page drawn with that answer is refused here.
 */
export function memberOf(context: Context): SessionUser {
  const user = context.get(lookedUp);
  if (!user) throw accessRequired();
  return user;
}

/** The signed-in user, or null when the request came without a session. */
export function signedInUser(context: Context): SessionUser | null {
  return context.get(lookedUp);
}

/** The signed-in user, or a redirect to /login that comes back to this page. */
export function actingUser(context: Context, request: Request): SessionUser {
  return signedInUser(context) ?? loginRedirect(request);
}
