import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

export function dataPath(...parts: string[]): string {
  return path.resolve(getEnv().DATA_DIR, ...parts);
}

/**
 * A folder of DATA_DIR (DATA_DIR itself, the outbox with its reset and invitation links):
 * created, and tightened if it already existed, for the server's user only (0700),
 * whatever the umask. Files inside are written 0600.
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/** AUTH_SECRET, or one generated on first use and kept in DATA_DIR/auth-secret. */
export function getAuthSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = dataPath("auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  ensurePrivateDir(path.dirname(file));
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}
