import { createCookie, redirect } from "react-router";
import { getAuthSecret } from "./data-dir.server";
import { getEnv } from "./env.server";
import type { Toast } from "./toast";

let cookie: ReturnType<typeof createCookie> | undefined;

/** A one-shot signed cookie carries a toast across a redirect. */
function toastCookie() {
  cookie ??= createCookie("rl_toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().BASE_URL.startsWith("https://"),
    maxAge: 60,
    secrets: [getAuthSecret()],
  });
  return cookie;
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
