import { and, eq, gt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { requestLimit } from "~/db/schema/limits";
import { consumeLimit, type Limit } from "~/lib/rate-limit.server";

/**
 * Wrong second-factor codes, counted per account in the database (every process shares
 * the count): after 5 wrong codes within 15 minutes the account's codes are refused until
 * the window ends, whatever the address. A right code clears the count.
 *
 * Kept beside the password throttle (sign-in-throttle.server.ts, per account and address):
 * the password step of a two-factor account is counted there (two-factor-plugin.server.ts),
 * and a finished two-factor sign-in clears it; this count covers the codes alone.
 */
export const WRONG_CODE_LIMIT: Limit = { window: 15 * 60, max: 5 };

const keyOf = (userId: string) => `2fa-code:${userId}`;

/** Seconds to wait before this account may try a code again, or 0. */
export async function secondFactorPause(userId: string, now = Date.now()): Promise<number> {
  const [row] = await getDb()
    .select({ count: requestLimit.count, windowStart: requestLimit.windowStart })
    .from(requestLimit)
    .where(and(eq(requestLimit.key, keyOf(userId)), gt(requestLimit.windowStart, now - WRONG_CODE_LIMIT.window * 1000)));
  if (!row || row.count < WRONG_CODE_LIMIT.max) return 0;
  return Math.max(1, Math.ceil((row.windowStart + WRONG_CODE_LIMIT.window * 1000 - now) / 1000));
}

export async function recordWrongCode(userId: string, now = Date.now()): Promise<void> {
  await consumeLimit(keyOf(userId), WRONG_CODE_LIMIT, now);
}

export async function clearWrongCodes(userId: string): Promise<void> {
  await getDb().delete(requestLimit).where(eq(requestLimit.key, keyOf(userId)));
}

/** 'Too many attempts. Try again in 12 minutes.' */
export function pausedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
