/**
 * Calling route loaders and actions directly, as React Router would, with real
 * sign-in cookies: the helpers the route-level integration tests share.
 */
import { expect } from "vitest";
import { getAuth } from "~/auth/auth.server";

/** A loader or action's answer; a thrown Response (redirect, 404) is returned too. */
export async function callRoute(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await fn({ request, params, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export function getRequest(pathname: string, cookie?: string | null): Request {
  return new Request(`http://localhost:3000${pathname}`, { headers: cookie ? { cookie } : {} });
}

export function postForm(pathname: string, cookie: string | null | undefined, fields: Record<string, string>): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`http://localhost:3000${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

/** The redirect target of a Response answer. */
export function locationOf(result: unknown): string | null {
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers.get("location");
}

/** Signs in through better-auth and returns the Cookie header for later requests. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}
