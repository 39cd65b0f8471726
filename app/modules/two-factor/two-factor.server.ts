import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import { renderSVG } from "uqr";
import { getAuth } from "~/auth/auth.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { challengeUser, claimChallenge, hasTwoFactor, type ChallengedUser } from "~/auth/two-factor-sign-in.server";
import { clearWrongCodes, pausedMessage, recordWrongCode, secondFactorPause } from "~/auth/two-factor-throttle.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { twoFactor, twoFactorBackupCode, twoFactorChallenge } from "~/db/schema/two-factor";
import { recordAudit } from "~/auth/audit.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { AppError } from "~/lib/app-error";
import { decryptSecret, encryptSecret, hashCode, newBackupCodes, normaliseBackupCode } from "./two-factor-crypto.server";

/** Codes of the previous and next 30-second step count too (a phone's clock drifts). */
const TOLERANCE_SECONDS = 30;

type Actor = Pick<SessionUser, "id" | "email">;

export interface TwoFactorState {
  enabled: boolean;
  backupCodesLeft: number;
  /** While enrolling: the secret as text and as a QR code (inline SVG markup). */
  pending: { secret: string; qrSvg: string } | null;
}

/** What Settings shows for the signed-in user. */
export async function twoFactorState(actor: Actor): Promise<TwoFactorState> {
  const db = getDb();
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, actor.id));
  if (!row) return { enabled: false, backupCodesLeft: 0, pending: null };
  if (row.enabledAt) {
    const [left] = await db.select({ n: count() }).from(twoFactorBackupCode).where(eq(twoFactorBackupCode.userId, actor.id));
    return { enabled: true, backupCodesLeft: left?.n ?? 0, pending: null };
  }
  const secret = decryptSecret(row.secret);
  // The authenticator app lists the code under the business name of the site settings.
  const { businessName } = await getSiteSettings();
  const uri = generateURI({ issuer: businessName, label: actor.email, secret });
  return { enabled: false, backupCodesLeft: 0, pending: { secret, qrSvg: renderSVG(uri, { border: 2 }) } };
}

/** Begins enrolment: a new secret, not yet in force (a previous unfinished one is replaced). */
export async function startEnrolment(actor: Actor): Promise<void> {
  if (await hasTwoFactor(actor.id)) throw new AppError(409, "Two-factor authentication is already on.");
  const secret = encryptSecret(generateSecret());
  await getDb()
    .insert(twoFactor)
    .values({ userId: actor.id, secret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, enabledAt: null, lastTimeStep: null, createdAt: new Date() } });
}

/** Drops an unfinished enrolment. */
export async function cancelEnrolment(actor: Actor): Promise<void> {
  await getDb()
    .delete(twoFactor)
    .where(and(eq(twoFactor.userId, actor.id), isNull(twoFactor.enabledAt)));
}

/** Refused while the account is paused for wrong codes. */
async function assertNotPaused(userId: string): Promise<void> {
  const wait = await secondFactorPause(userId);
  if (wait > 0) throw new AppError(429, pausedMessage(wait));
}

/**
 * A code from the authenticator app, accepted once: its time step must be later than the
 * last accepted one (claimed atomically, so two requests cannot both use one code).
 */
async function acceptTotp(userId: string, code: string, requireEnabled: boolean): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const [row] = await getDb().select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row || Boolean(row.enabledAt) !== requireEnabled) return false;
  const result = await verify({
    secret: decryptSecret(row.secret),
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastTimeStep === null ? {} : { afterTimeStep: row.lastTimeStep }),
  });
  if (!result.valid || !("timeStep" in result)) return false;
  const step = result.timeStep;
  const claimed = await getDb()
    .update(twoFactor)
    .set({ lastTimeStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTimeStep), lt(twoFactor.lastTimeStep, step))))
    .returning({ userId: twoFactor.userId });
  return claimed.length === 1;
}

/** A backup code, used up as it is accepted. */
async function acceptBackupCode(userId: string, input: string): Promise<boolean> {
  const code = normaliseBackupCode(input);
  if (code.length !== 11) return false;
  const used = await getDb()
    .delete(twoFactorBackupCode)
    .where(and(eq(twoFactorBackupCode.userId, userId), eq(twoFactorBackupCode.codeHash, hashCode(code))))
    .returning({ userId: twoFactorBackupCode.userId });
  return used.length === 1;
}

/** An authenticator code or a backup code of a user whose second factor is on. */
async function acceptSecondFactor(userId: string, input: string): Promise<boolean> {
  const code = input.trim().slice(0, 40);
  if (/^[\d\s]+$/.test(code)) return acceptTotp(userId, code.replace(/\s/g, ""), true);
  return acceptBackupCode(userId, code);
}

/** Throttled check: a wrong code counts against the account; a right one clears the count. */
async function checkCode(userId: string, input: string, wrongMessage = "Invalid code. Please try again."): Promise<void> {
  await assertNotPaused(userId);
  if (!(await acceptSecondFactor(userId, input))) {
    await recordWrongCode(userId);
    throw new AppError(400, wrongMessage);
  }
  await clearWrongCodes(userId);
}

async function replaceBackupCodes(userId: string): Promise<string[]> {
  const codes = newBackupCodes();
  await getDb().transaction(async (tx) => {
    await tx.delete(twoFactorBackupCode).where(eq(twoFactorBackupCode.userId, userId));
    await tx.insert(twoFactorBackupCode).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  });
  return codes;
}

/** Confirms enrolment with a first code; returns the backup codes, shown once. */
export async function confirmEnrolment(actor: Actor, input: unknown, ip: string): Promise<string[]> {
  const code = typeof input === "string" ? input.replace(/\s/g, "").slice(0, 20) : "";
  if (!code) throw new AppError(400, "Please enter the 6-digit code from your app.");
  await assertNotPaused(actor.id);
  if (!(await acceptTotp(actor.id, code, false))) {
    await recordWrongCode(actor.id);
    throw new AppError(400, "Invalid code. Please try again.");
  }
  await clearWrongCodes(actor.id);
  await getDb().update(twoFactor).set({ enabledAt: new Date() }).where(eq(twoFactor.userId, actor.id));
  const codes = await replaceBackupCodes(actor.id);
  await recordAudit({ action: "auth.two_factor_enabled", actor, target: { type: "user", id: actor.id }, summary: `${actor.email} turned on two-factor authentication`, ip });
  return codes;
}

async function passwordMatches(userId: string, password: string): Promise<boolean> {
  if (!password || password.length > 128) return false;
  const context = await getAuth().$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((a) => a.providerId === "credential")?.password;
  return Boolean(hash) && (await context.password.verify({ hash: hash!, password }));
}

/** Turns the second factor off: the password and a code (or backup code) are both needed. */
export async function disableTwoFactor(actor: Actor, input: { password: unknown; code: unknown }, ip: string): Promise<void> {
  const password = typeof input.password === "string" ? input.password : "";
  const code = typeof input.code === "string" ? input.code : "";
  if (!password || !code) throw new AppError(400, "Please enter your password and a code.");
  if (!(await hasTwoFactor(actor.id))) throw new AppError(409, "Two-factor authentication is not on.");
  await assertNotPaused(actor.id);
  if (!(await passwordMatches(actor.id, password))) {
    await recordWrongCode(actor.id);
    throw new AppError(400, "Incorrect password or code.");
  }
  await checkCode(actor.id, code, "Incorrect password or code.");
  await removeSecondFactor(actor.id);
  await recordAudit({ action: "auth.two_factor_disabled", actor, target: { type: "user", id: actor.id }, summary: `${actor.email} turned off two-factor authentication`, ip });
}

/** New backup codes (the old ones stop working); needs a current code. */
export async function regenerateBackupCodes(actor: Actor, code: unknown, ip: string): Promise<string[]> {
  if (!(await hasTwoFactor(actor.id))) throw new AppError(409, "Two-factor authentication is not on.");
  await checkCode(actor.id, typeof code === "string" ? code : "");
  const codes = await replaceBackupCodes(actor.id);
  await recordAudit({ action: "auth.two_factor_backup_codes", actor, target: { type: "user", id: actor.id }, summary: `${actor.email} made new backup codes`, ip });
  return codes;
}

async function removeSecondFactor(userId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.delete(twoFactorChallenge).where(eq(twoFactorChallenge.userId, userId));
    await tx.delete(twoFactorBackupCode).where(eq(twoFactorBackupCode.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  });
  await clearWrongCodes(userId);
}

/**
 * An administrator resets another user's second factor (a lost phone): the user then
 * signs in with the password alone, or, staff while it is required, enrols again.
 */
export async function resetTwoFactor(actor: Pick<SessionUser, "id" | "email" | "role">, userId: string, ip: string): Promise<{ email: string }> {
  ensureCan(actor, "users", "resetTwoFactor");
  const [target] = await getDb().select({ email: user.email }).from(user).where(eq(user.id, userId.slice(0, 100)));
  if (!target) throw new AppError(404, "That user no longer exists.");
  const [row] = await getDb().select({ userId: twoFactor.userId }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) throw new AppError(409, `${target.email} has no two-factor authentication to reset.`);
  await removeSecondFactor(userId);
  await recordAudit({ action: "auth.two_factor_reset", actor, target: { type: "user", id: userId }, summary: `Reset the two-factor authentication of ${target.email}`, ip });
  return target;
}

/** Users (of these) whose second factor is on, for the admin list. */
export async function usersWithTwoFactor(): Promise<Set<string>> {
  const rows = await getDb().select({ userId: twoFactor.userId }).from(twoFactor).where(isNotNull(twoFactor.enabledAt));
  return new Set(rows.map((r) => r.userId));
}

/**
 * The second step of a sign-in: a right code claims the challenge (once) and returns its
 * user; the caller then creates the session. A wrong code counts against the account.
 */
export async function passChallenge(token: string, input: unknown, ip: string): Promise<ChallengedUser> {
  const pending = await challengeUser(token);
  if (!pending) throw new AppError(401, "Your sign-in has expired. Please sign in again.");
  const code = typeof input === "string" ? input : "";
  if (!code.trim()) throw new AppError(400, "Please enter a code.");
  try {
    await checkCode(pending.id, code);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) {
      await recordAudit({ action: "auth.two_factor_failed", actor: pending, summary: `Wrong two-factor code for ${pending.email}`, ip });
    }
    throw error;
  }
  if (!(await claimChallenge(token))) throw new AppError(401, "Your sign-in has expired. Please sign in again.");
  return pending;
}
