import crypto from "node:crypto";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { twoFactor, twoFactorChallenge } from "~/db/schema/two-factor";
import { z } from "zod";
import { readSettingsRow } from "~/lib/settings-rows.server";
import { toRole, type Role } from "./permissions";

export const SECURITY_SETTINGS_KEY = "security";
const securitySettingsSchema = z.object({ requireStaffTwoFactor: z.boolean().default(false) });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** Account security rules set by an administrator in /admin/settings (not shown on public pages). */
export async function getSecuritySettings(): Promise<SecuritySettings> {
  const parsed = securitySettingsSchema.safeParse((await readSettingsRow(SECURITY_SETTINGS_KEY)) ?? {});
  return parsed.success ? parsed.data : { requireStaffTwoFactor: false };
}

/** A sign-in waits this long for its second factor. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

/** Whether the user has a confirmed second factor. */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return Boolean(row);
}

/** Staff (trainer, admin) without a second factor while an administrator requires one. */
export async function mustEnrolTwoFactor(subject: { id: string; role: Role }): Promise<boolean> {
  if (subject.role === "member") return false;
  if (!(await getSecuritySettings()).requireStaffTwoFactor) return false;
  return !(await hasTwoFactor(subject.id));
}

/** The same, for the account of an e-mail that has just signed in. */
export async function mustEnrolTwoFactorByEmail(email: string): Promise<boolean> {
  const [row] = await getDb().select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email.trim().toLowerCase()));
  return Boolean(row) && (await mustEnrolTwoFactor({ id: row!.id, role: toRole(row!.role) }));
}

/** The refusal of a staff endpoint answered with JSON (uploads, preview) before enrolment. */
export const TWO_FACTOR_FIRST = "Set up two-factor authentication in Settings first.";

/** Where staff are led to enrol. */
export const ENROL_PATH = "/members/settings#two-factor";

/** After a right password: a pending sign-in for the second step (no session exists yet). */
export async function createChallenge(userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb()
    .insert(twoFactorChallenge)
    .values({ tokenHash: tokenHash(token), userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) });
  return token;
}

export interface ChallengedUser {
  id: string;
  email: string;
  role: Role;
}

/** The user a live challenge belongs to, or null. */
export async function challengeUser(token: string | null | undefined): Promise<ChallengedUser | null> {
  if (!token || token.length > 100) return null;
  const [row] = await getDb()
    .select({ id: user.id, email: user.email, role: user.role, banned: user.banned })
    .from(twoFactorChallenge)
    .innerJoin(user, eq(user.id, twoFactorChallenge.userId))
    .where(and(eq(twoFactorChallenge.tokenHash, tokenHash(token)), gt(twoFactorChallenge.expiresAt, new Date())));
  if (!row || row.banned) return null;
  return { id: row.id, email: row.email, role: toRole(row.role) };
}

/** Uses the challenge up: true for exactly one caller. */
export async function claimChallenge(token: string): Promise<boolean> {
  const claimed = await getDb()
    .delete(twoFactorChallenge)
    .where(and(eq(twoFactorChallenge.tokenHash, tokenHash(token)), gt(twoFactorChallenge.expiresAt, new Date())))
    .returning({ userId: twoFactorChallenge.userId });
  return claimed.length === 1;
}
