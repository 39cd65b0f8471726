import crypto from "node:crypto";
import { getAuthSecret } from "~/lib/data-dir.server";

/** AES-256-GCM with a key derived (HKDF-SHA256) from AUTH_SECRET: a database dump alone does not reveal secrets. */
function key(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", getAuthSecret(), "relentless", "two-factor secret v1", 32));
}

export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("unreadable two-factor secret");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** Backup codes are random (50 bits), so a plain SHA-256 is enough to keep them unreadable at rest. */
export function hashCode(code: string): string {
  return crypto.createHash("sha256").update(code).digest("base64url");
}

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten codes like `k7m2p-x9qrt`, shown once. */
export function newBackupCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a person types: case, spaces and the hyphen do not matter. */
export function normaliseBackupCode(input: string): string {
  const plain = input.toLowerCase().replace(/[\s-]/g, "");
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
}
