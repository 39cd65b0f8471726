/**
 * Calling route loaders and actions directly, as React Router would, with real
 * sign-in cookies: the helpers the route-level integration tests share.
 */
import { RouterContextProvider } from "react-router";
import { expect } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { readToast } from "~/lib/toast.server";

const BASE_URL = "http://localhost:3000";

/** A loader or action's answer; a thrown Response (redirect, 404) is returned too. */
export async function callRoute(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await fn({ request, params, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A route's action as the `send` of signIn (tests/support/sign-in.ts): the request goes straight to it. */
export function toAction(fn: (args: never) => unknown): (request: Request) => Promise<Response | DataResult> {
  return (request) => callRoute(fn, request) as Promise<Response | DataResult>;
}

/** React Router's data(payload, init) answer, returned or thrown. */
export type DataResult<T = unknown> = { type: "DataWithResponseInit"; data: T; init: ResponseInit | null };

export function isDataResult(value: unknown): value is DataResult {
  return !!value && typeof value === "object" && "type" in value && (value as { type: unknown }).type === "DataWithResponseInit";
}

/**
 * Like callRoute, but a thrown data() answer (a 404 or 403 with a message) is returned
 * too. Kept apart from callRoute so tests that expect no such throw still fail on one.
 */
export async function callRouteOrData(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await fn({ request, params, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response || isDataResult(thrown)) return thrown;
    throw thrown;
  }
}

/**
 * Calls a loader or action keeping its return type, for tests that read the answer's
 * fields; unlike callRoute, a thrown answer stays thrown (see redirectOf).
 */
export function invokeRoute<F extends (args: never) => unknown>(fn: F, request: Request, params: Record<string, string> = {}): ReturnType<F> {
  return fn({ request, params, context: {} } as never) as ReturnType<F>;
}

export function getRequest(pathname: string, cookie?: string | null): Request {
  return new Request(`${BASE_URL}${pathname}`, { headers: cookie ? { cookie } : {} });
}

/** A urlencoded form POST; `headers` adds e.g. the client IP header for rate-limited actions. */
export function postForm(pathname: string, cookie: string | null | undefined, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  const all = new Headers({ "content-type": "application/x-www-form-urlencoded", ...headers });
  if (cookie) all.set("cookie", cookie);
  return new Request(`${BASE_URL}${pathname}`, { method: "POST", headers: all, body: new URLSearchParams(fields).toString() });
}

/**
 * A POST with any body (JSON text, file bytes, a malformed form) and the headers the
 * test chooses (content-type, content-length, client IP); a stream body works too.
 */
export function postBody(pathname: string, cookie: string | null | undefined, body: BodyInit | null, headers: Record<string, string> = {}): Request {
  const all = new Headers(headers);
  if (cookie) all.set("cookie", cookie);
  return new Request(`${BASE_URL}${pathname}`, { method: "POST", headers: all, body, duplex: "half" } as RequestInit);
}

/** The redirect target of a Response answer. */
export function locationOf(result: unknown): string | null {
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers.get("location");
}

/** The target of the 302 redirect a loader or action threw; fails when it returned, threw something else or used another status. */
export async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(302);
  return response.headers.get("location");
}

/** The toast an answer's rl_toast cookie carries, read back the way the next page load reads it. */
export async function toastOf(answer: unknown) {
  const cookie = (answer as { headers: Headers }).headers.getSetCookie().find((c) => c.startsWith("rl_toast="));
  expect(cookie, "a toast cookie").toBeDefined();
  const { toast } = await readToast(getRequest("/", cookie!.split(";")[0]!));
  return toast;
}

/** The Cookie header a browser would send back after this response's Set-Cookie headers. */
export function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/** Signs in through better-auth and returns the Cookie header for later requests; fails the test when no session was made. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const cookie = cookieHeaderOf(await getAuth().api.signInEmail({ body: { email, password }, asResponse: true }));
  expect(cookie).toContain("session_token=");
  return cookie;
}

type Middleware = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }, next: () => Promise<unknown>) => unknown;
type AnyMiddleware = (args: never, next: never) => unknown;

/**
 * A child route's loader or action as React Router runs it: its layouts' middleware first
 * (outermost first, each with the same fresh context), then the function itself. A
 * middleware that throws (a redirect, a 403) stops the chain, as it does on the server.
 */
export function underLayout<F extends (args: never) => unknown>(layoutMiddleware: readonly AnyMiddleware[], fn: F): F {
  const middleware = layoutMiddleware as unknown as readonly Middleware[];
  return (async (args: { request: Request; params: Record<string, string> }) => {
    const context = new RouterContextProvider();
    const call = { ...args, context };
    const run = async (index: number): Promise<unknown> => {
      const step = middleware[index];
      if (!step) return (fn as unknown as (a: typeof call) => unknown)(call);
      let result: unknown;
      let called = false;
      const answer = await step(call, async () => {
        called = true;
        result = await run(index + 1);
        return result;
      });
      return called ? (answer ?? result) : run(index + 1);
    };
    return run(0);
  }) as unknown as F;
}
