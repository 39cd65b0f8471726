/**
 * Sign-in throttling, as OWASP's Authentication Cheat Sheet describes it: failed attempts
 * are counted per account and per client address; a correct password is never refused
 * because other people at the same address signed in (a gym's Wi-Fi is one address).
 * Decision record: docs/decisions/0025-sign-in-throttling.md.
 *
 * - Account (the e-mail typed, normalised, whether or not an account has it, so the
 *   answer never tells): ACCOUNT_RULE.failures failed attempts within its window pause
 *   the account for every address.
 * - Address (IPv6 by its /64): ADDRESS_RULE.failures failures against at least
 *   ADDRESS_RULE.accounts different accounts within its window pause the address.
 * - A pause lasts PAUSE_MINUTES[0], and grows with each further pause of the same key
 *   within a day (PAUSE_MINUTES[1], then [2] at most). A successful sign-in, or a
 *   password reset, clears the account (its failures, pause and growth).
 * - The counts live in the database (table sign_in_throttle), changed only by single
 *   `insert … on conflict do update … returning` statements, so every process shares
 *   them and concurrent attempts are counted exactly.
 *
 * API, for the password step and any later step that checks a secret of the same
 * sign-in (a second factor's code counts like a password, under the same account):
 *
 *   const verdict = await checkSignInAllowed({ account: email, address: getClientIp(request) });
 *   if (!verdict.allowed) → refuse with 429, `throttleMessage(verdict.retryAfter)`,
 *                           and `Retry-After: verdict.retryAfter` (seconds)
 *   …check the secret…
 *   wrong: await recordSignInFailure({ account: email, address })
 *   right: await recordSignInSuccess({ account: email })   // only once the sign-in is complete
 *
 * `checkSignInAllowed` counts the attempt against the account before the secret is
 * checked, so parallel guesses cannot outrun the count; an attempt therefore stays
 * counted as failed until `recordSignInSuccess` clears the account. Call
 * `recordSignInFailure` for a wrong secret (it adds the failure to the address), and
 * `recordSignInSuccess` only when a session is actually created: a correct password
 * still waiting for its second factor is not a success (else knowing the password
 * would reset the count of wrong codes).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { signInThrottle } from "~/db/schema/limits";
import { addressKey } from "~/lib/client-ip.server";
import { tryAgainIn } from "~/lib/rate-limit.server";

const MINUTE = 60_000;

/** At least 2 failures (the first attempt of a window is counted on insert). */
export const ACCOUNT_RULE = { failures: 6, windowMinutes: 15 } as const;
export const ADDRESS_RULE = { failures: 20, accounts: 5, windowMinutes: 15 } as const;
export const PAUSE_MINUTES = [15, 30, 60] as const;
/** A key paused again within this time after its last pause ended pauses longer. */
const STRIKES_KEPT_MS = 24 * 60 * MINUTE;

export type SignInVerdict = { allowed: true } | { allowed: false; retryAfter: number };

export interface SignInAttempt {
  /** The e-mail as typed; normalised here. */
  account: string;
  /** The client address (CLIENT_IP_HEADER); keyed by addressKey here. */
  address: string;
}

/** The e-mail as better-auth stores it (trimmed, lower case), capped so a typed novel is one short key. */
export function normalizeAccount(email: string): string {
  return email.trim().toLowerCase().slice(0, 320);
}

const accountKey = (account: string) => `account:${normalizeAccount(account)}`;
const addressKeyOf = (address: string) => `address:${addressKey(address)}`;

/** 'Too many attempts. Try again in 12 minutes.' (minutes rounded up). */
export function throttleMessage(retryAfterSeconds: number): string {
  return `Too many attempts. ${tryAgainIn(retryAfterSeconds)}`;
}

interface Rule {
  failures: number;
  windowMinutes: number;
  /** For an address: how many different accounts must have failed too. */
  accounts?: number;
}

/**
 * Counts one failure against `key` in one statement; nothing changes (and no row comes
 * back) while the key is paused. The failure that reaches the rule starts a pause and a
 * new window at its end. Returns whether the failure was counted (the key was not paused).
 */
async function countFailure(key: string, rule: Rule, account: string | null, now: number): Promise<boolean> {
  const t = signInThrottle;
  const nowMs = sql`${now}::bigint`;
  const expired = sql`${t.windowStart} <= ${now - rule.windowMinutes * MINUTE}::bigint`;
  const failures = sql`(case when ${expired} then 1 else ${t.failures} + 1 end)`;
  let accounts: SQL = sql`${t.accounts}`;
  let reached = sql`${failures} >= ${rule.failures}`;
  if (account !== null && rule.accounts !== undefined) {
    const typed = sql`${account}::text`;
    accounts = sql`(case when ${expired} then array[${typed}] when ${typed} = any(${t.accounts}) then ${t.accounts} else array_append(${t.accounts}, ${typed}) end)`;
    reached = sql`(${reached} and cardinality(${accounts}) >= ${rule.accounts})`;
  }
  const strikes = sql`(case when ${t.pausedUntil} <= ${now - STRIKES_KEPT_MS}::bigint then 1 else ${t.strikes} + 1 end)`;
  const pauseMs = sql.raw(`(array[${PAUSE_MINUTES.map((m) => m * MINUTE).join(",")}]::bigint[])`);
  const pauseEnd = sql`(${nowMs} + ${pauseMs}[least(${strikes}, ${PAUSE_MINUTES.length})])`;
  const rows = await getDb()
    .insert(t)
    .values({ key, failures: 1, windowStart: now, accounts: account === null ? [] : [account] })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${reached} then 0 else ${failures} end`,
        windowStart: sql`case when ${reached} then ${pauseEnd} when ${expired} then ${nowMs} else ${t.windowStart} end`,
        pausedUntil: sql`case when ${reached} then ${pauseEnd} else ${t.pausedUntil} end`,
        strikes: sql`case when ${reached} then ${strikes} else ${t.strikes} end`,
        accounts: sql`case when ${reached} then '{}'::text[] else ${accounts} end`,
      },
      setWhere: sql`${t.pausedUntil} <= ${nowMs}`,
    })
    .returning({ key: t.key });
  return rows.length > 0;
}

async function pausedFor(key: string, now: number): Promise<number> {
  const [row] = await getDb().select({ pausedUntil: signInThrottle.pausedUntil }).from(signInThrottle).where(eq(signInThrottle.key, key));
  return row ? row.pausedUntil - now : 0;
}

const refused = (ms: number): SignInVerdict => ({ allowed: false, retryAfter: Math.max(1, Math.ceil(ms / 1000)) });

/**
 * Before checking a secret: refused while the address or the account is paused;
 * otherwise the attempt is counted against the account (see the header).
 */
export async function checkSignInAllowed({ account, address }: SignInAttempt, now = Date.now()): Promise<SignInVerdict> {
  const addressPause = await pausedFor(addressKeyOf(address), now);
  if (addressPause > 0) return refused(addressPause);
  const key = accountKey(account);
  if (await countFailure(key, ACCOUNT_RULE, null, now)) return { allowed: true };
  return refused(await pausedFor(key, now));
}

/** After a wrong secret: the failure counts against the address too (the account's was counted by the check). */
export async function recordSignInFailure({ account, address }: SignInAttempt, now = Date.now()): Promise<void> {
  await countFailure(addressKeyOf(address), ADDRESS_RULE, normalizeAccount(account), now);
}

/** A completed sign-in, or a password reset by e-mail: the account starts afresh (failures, pause, growth). */
export async function recordSignInSuccess({ account }: Pick<SignInAttempt, "account">): Promise<void> {
  await getDb().delete(signInThrottle).where(eq(signInThrottle.key, accountKey(account)));
}
