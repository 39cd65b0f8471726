/** HTTP helpers shared by the benchmark and the load test. */
import autocannon, { type Options, type Result } from "autocannon";

export type { Result };

export function cannon(options: Options): Promise<Result> {
  return autocannon({ timeout: 10, ...options });
}

/** An autocannon run that counts only when every answer was a 2xx: a redirect or an error is no fast answer. */
export async function throughput(options: Options): Promise<Result> {
  const result = await cannon(options);
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return result;
}

let nextIp = 1;

/** A different client address per call (the server runs with TRUST_PROXY=true): sign-in is limited per address. */
export function freshIp(): string {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Signs in through the /login form and returns the Cookie header of the session, as a
 * browser sends it from the next page on: without the welcome toast's cookie, which the
 * first page shows and clears (sent on every request, it would be verified, shown and
 * cleared on each).
 */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, "x-forwarded-for": freshIp() },
    body: new URLSearchParams({ email, password }),
  });
  if (response.status !== 302) throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !/^(?:__Host-)?rl_toast=/.test(c))
    .join("; ");
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
