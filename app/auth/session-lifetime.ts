import type { Role } from "./permissions";

/** Members: 30 days, sliding: each day of use moves the end (row and cookie) 30 days on. */
export const MEMBER_SESSION_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_RENEW_AFTER_SECONDS = 60 * 60 * 24;
/** Trainers and administrators: 12 hours after signing in, however busy (docs/decisions/0027-session-lifetimes.md). */
export const STAFF_SESSION_SECONDS = 60 * 60 * 12;

export const isStaff = (role: Role): boolean => role === "trainer" || role === "admin";

/**
 * When a session ends. A staff session ends 12 hours after it began at the latest, also one
 * begun as a member's before a promotion; a member's at its (sliding) expiry.
 */
export function sessionEndsAt(row: { createdAt: Date; expiresAt: Date }, role: Role): number {
  const expires = row.expiresAt.getTime();
  return isStaff(role) ? Math.min(expires, row.createdAt.getTime() + STAFF_SESSION_SECONDS * 1000) : expires;
}

/** A member's session is renewed once a day of its 30 has passed (better-auth's rule, applied by us). */
export function isDueForRenewal(expiresAt: Date, now = Date.now()): boolean {
  return expiresAt.getTime() - MEMBER_SESSION_SECONDS * 1000 + SESSION_RENEW_AFTER_SECONDS * 1000 <= now;
}
