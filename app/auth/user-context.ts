import { createContext, type RouterContextProvider } from "react-router";
import { getSessionUser, loginRedirect, type SessionUser } from "./session.server";

/**
 * The signed-in user of a layout's screens: the layout's middleware looks the session up
 * once, before every child loader and action (also a child's own `.data` request), and
 * sets it here. Loaders read it with `context.get(userContext)`.
 */
export const userContext = createContext<SessionUser>();

/** What the lookup found, signed out included (an action may answer a signed-out save itself). */
const lookedUp = createContext<SessionUser | null>(null);

type Context = Readonly<RouterContextProvider>;

/** The one session lookup of a request under a layout; sets `userContext` when someone is signed in. */
export async function lookUpUser(request: Request, context: Context): Promise<SessionUser | null> {
  const user = await getSessionUser(request);
  context.set(lookedUp, user);
  if (user) context.set(userContext, user);
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
