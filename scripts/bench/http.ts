/** HTTP helpers shared by the benchmark and the load test. */
import autocannon, { type Options, type Result } from "autocannon";

export type { Result };

export function cannon(options: Options): Promise<Result> {
  return autocannon({ timeout: 10, ...options });
}

let nextIp = 1;

/** A different client address per call (the server runs with TRUST_PROXY=true): sign-in is limited per address. */
export function freshIp(): string {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Signs in through better-auth's endpoint and returns the Cookie header of the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": freshIp() },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
