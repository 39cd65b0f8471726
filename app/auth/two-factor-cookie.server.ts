import { createCookie } from "react-router";
import { getAuthSecret } from "~/lib/data-dir.server";
import { getEnv, type Env } from "~/lib/env.server";
import { CHALLENGE_TTL_SECONDS } from "./two-factor-sign-in.server";

let cookie: { env: Env; value: ReturnType<typeof createCookie> } | undefined;

/** Carries a pending sign-in's token from the password step to the code step (__Host- over https). */
function challengeCookie() {
  // Made again when the configuration changes (tests run both schemes, and several DATA_DIRs, in one process).
  const env = getEnv();
  if (cookie?.env !== env) {
    const secure = env.BASE_URL.startsWith("https://");
    cookie = {
      env,
      value: createCookie(secure ? "__Host-rl_2fa" : "rl_2fa", {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: CHALLENGE_TTL_SECONDS,
        secrets: [getAuthSecret()],
      }),
    };
  }
  return cookie.value;
}

export function setChallengeCookie(token: string): Promise<string> {
  return challengeCookie().serialize(token);
}

export function clearChallengeCookie(): Promise<string> {
  return challengeCookie().serialize("", { maxAge: 0 });
}

export async function readChallengeCookie(request: Request): Promise<string | null> {
  const value: unknown = await challengeCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value ? value : null;
}
