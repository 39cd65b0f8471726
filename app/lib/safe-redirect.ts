/** Where a signed-in user lands when the requested target is missing or unsafe. */
export const DEFAULT_REDIRECT = "/members";

/** Longer targets are refused before they are parsed. */
const MAX_TARGET_LENGTH = 2048;

/** C0 and C1 control characters (browsers drop tabs and newlines inside URLs) and backslashes (read as slashes). */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The path on this site to send a visitor to, from a target that came from the request
 * (`?redirectTo=`, `?next=`, a form field). The target is parsed against `baseUrl`
 * (BASE_URL): only a path of the same origin is kept, written out anew from the parsed
 * URL; control characters and backslashes, raw or percent-encoded, and a path that
 * browsers would read as another host (`//host`) give `fallback`.
 */
export function safeRedirect(value: unknown, baseUrl: string, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_TARGET_LENGTH) return fallback;
  const plain = decoded(value);
  if (plain === null || hasUnsafeCharacter(value) || hasUnsafeCharacter(plain)) return fallback;
  const base = new URL(baseUrl);
  let target: URL;
  try {
    target = new URL(value, base);
  } catch {
    return fallback;
  }
  if (target.origin !== base.origin) return fallback;
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || decoded(target.pathname)?.startsWith("//") !== false) return fallback;
  return path;
}
