/**
 * The one way the tests sign in: the /login form, posted as a browser posts it, so the
 * route's action, the sign-in throttle, better-auth's hooks and its rate limit all run.
 * `send` delivers the request: over HTTP to a running server (the default: fetch, the
 * redirect not followed), straight to the route's action (`toAction(loginAction)` from
 * route-calls.ts), or as a raw request with a chosen Host header.
 */
import { expect } from "vitest";
import { rawRequest, type RawResponse } from "./raw-http";

/** What a sign-in can answer: a Response, a raw HTTP answer, or an action's data() refusal. */
type Answer = Response | RawResponse | { init: ResponseInit | null };

export interface SignInOptions<A extends Answer> {
  /** The server's address: the request's URL and Origin header (default http://localhost:3000). */
  base?: string;
  /** Added to the form post: the client's address (x-forwarded-for, or the in-process client IP header). */
  headers?: Record<string, string>;
  /** Where to come back to after signing in (the form's hidden redirectTo field). */
  redirectTo?: string;
  send?: (request: Request) => Promise<A>;
}

export interface SignedIn<A> {
  answer: A;
  status: number;
  /** The Cookie header a browser would send next ("" when no cookie was set). */
  cookie: string;
}

const overHttp = (request: Request) => fetch(request) as Promise<Response>;

function statusOf(answer: Answer): number {
  if (answer instanceof Response) return answer.status;
  if ("status" in answer) return answer.status;
  return answer.init?.status ?? 200;
}

function setCookiesOf(answer: Answer): string[] {
  if (answer instanceof Response) return answer.headers.getSetCookie();
  if ("headers" in answer) return answer.headers["set-cookie"] ?? [];
  return [];
}

export async function signIn<A extends Answer = Response>(email: string, password: string, options: SignInOptions<A> = {}): Promise<SignedIn<A>> {
  const base = options.base ?? "http://localhost:3000";
  const fields = new URLSearchParams({ email, password, ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}) });
  const request = new Request(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: new URL(base).origin, "content-type": "application/x-www-form-urlencoded", ...options.headers },
    body: fields.toString(),
  });
  const send = options.send ?? (overHttp as unknown as (request: Request) => Promise<A>);
  const answer = await send(request);
  const cookie = setCookiesOf(answer)
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { answer, status: statusOf(answer), cookie };
}

/** Signs in and insists it worked (302, a session cookie): the Cookie header for the next requests. */
export async function sessionCookie<A extends Answer = Response>(email: string, password: string, options: SignInOptions<A> = {}): Promise<string> {
  const { status, cookie } = await signIn(email, password, options);
  expect(status, `sign-in ${email}`).toBe(302);
  expect(cookie, `sign-in ${email}`).toContain("session_token=");
  return cookie;
}

/**
 * A `send` that posts to the server listening at `server` with the request's own Host and
 * headers, byte for byte (fetch cannot set Host): the tests play the proxy in front of `base`.
 */
export function rawSender(server: string): (request: Request) => Promise<RawResponse> {
  return async (request) => {
    const url = new URL(request.url);
    return rawRequest(server, url.pathname + url.search, {
      method: request.method,
      headers: { host: url.host, ...Object.fromEntries(request.headers) },
      body: await request.text(),
    });
  };
}
