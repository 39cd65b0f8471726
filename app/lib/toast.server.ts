import { createCookie, redirect } from "react-router";
import { getAuthSecret } from "./data-dir.server";
import { getEnv, type Env } from "./env.server";
import type { Toast } from "./toast";

let cookie: { env: Env; value: ReturnType<typeof createCookie> } | undefined;

/**
 * A one-shot signed cookie carries a toast across a redirect. Over https it is
 * Secure and named __Host- (browsers then refuse it unless it is Secure, host-only
 * and for path "/", so a sibling subdomain or a plain-http page cannot plant one).
 */
function toastCookie() {
  // Made again when the configuration changes (tests run both schemes, and several DATA_DIRs, in one process).
  const env = getEnv();
  if (cookie?.env !== env) {
    const secure = env.BASE_URL.startsWith("https://");
    cookie = {
      env,
      value: createCookie(secure ? "__Host-rl_toast" : "rl_toast", {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: 60,
        secrets: [getAuthSecret()],
      }),
    };
  }
  return cookie.value;
}

export function serializeToast(toast: Toast): Promise<string> {
  return toastCookie().serialize(toast);
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const value = (await toastCookie().parse(request.headers.get("cookie"))) as Toast | null;
  if (!value) return { toast: null, clear: null };
  return { toast: value, clear: await toastCookie().serialize("", { maxAge: 0 }) };
}

export async function redirectWithToast(url: string, toast: Toast, headers: HeadersInit = {}): Promise<Response> {
  const out = new Headers(headers);
  out.append("set-cookie", await serializeToast(toast));
  return redirect(url, { headers: out });
}
