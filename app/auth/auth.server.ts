import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { lastSignIn } from "~/db/schema/attention";
import { user } from "~/db/schema/auth";
import { schema } from "~/db/schema";
import { DEFAULT_BUSINESS_NAME } from "~/lib/business-name";
import { getBusinessName } from "~/lib/business-name.server";
import { addressKey, CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { getAuthSecret } from "~/lib/data-dir.server";
import { getEnv, type Env } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { recordAudit } from "~/auth/audit.server";
import { consumeLimit, tryAgainIn, type LimitResult } from "~/lib/rate-limit.server";
import { toRole } from "./permissions";
import { isStaff, MEMBER_SESSION_SECONDS, SESSION_RENEW_AFTER_SECONDS, STAFF_SESSION_SECONDS } from "./session-lifetime";
import { checkSignInAllowed, normalizeAccount, recordSignInFailure, recordSignInSuccess, throttleMessage } from "./sign-in-throttle.server";
import { twoFactorSignIn } from "./two-factor-plugin.server";

/**
 * Reset requests (decision 0025): per e-mail, enough for a lost first mail, too few to
 * flood an inbox; per address, room for a gym of forgetful members, too little to mail
 * every member.
 */
export const RESET_REQUEST_LIMITS = {
  email: { window: 60 * 60, max: 3 },
  address: { window: 60 * 60, max: 10 },
} as const;
export const RESET_LIMIT = { window: 15 * 60, max: 10 } as const;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

function headerIp(headers: Headers | undefined): string | null {
  return headers?.get(CLIENT_IP_HEADER) ?? null;
}

/** The e-mail a sign-in or reset request names, or "" (better-auth then refuses the body). */
function typedEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? normalizeAccount(email) : "";
}

/** A 429 our callers (sign-in.server.ts) read like better-auth's own: the message and X-Retry-After. */
function tooManyRequests(message: string, retryAfter: number): APIError {
  return new APIError("TOO_MANY_REQUESTS", { message }, { "X-Retry-After": String(retryAfter) });
}

/** Both limits are counted (an address at its limit still counts the e-mail), the longer wait answers. */
async function consumeResetRequestLimits(email: string, ip: string): Promise<LimitResult> {
  const [byAddress, byEmail] = await Promise.all([
    consumeLimit(`reset-request:address:${addressKey(ip)}`, RESET_REQUEST_LIMITS.address),
    consumeLimit(`reset-request:email:${email}`, RESET_REQUEST_LIMITS.email),
  ]);
  const refused = [byAddress, byEmail].filter((result) => !result.allowed);
  return refused.length === 0 ? { allowed: true, retryAfter: 0 } : { allowed: false, retryAfter: Math.max(...refused.map((r) => r.retryAfter)) };
}

function resetMail(resetUrl: string, businessName: string) {
  return {
    subject: `Reset your ${businessName} password`,
    text: [
      `Someone (hopefully you) asked to reset the password of your ${businessName} account.`,
      "",
      `Open this link to choose a new password (it works once, within one hour):`,
      resetUrl,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

const ac = createAccessControl(defaultStatements);
const noAdminRights = ac.newRole({ user: [], session: [] });

function createAuth() {
  const env = getEnv();
  const origin = new URL(env.BASE_URL).origin;
  return betterAuth({
    appName: DEFAULT_BUSINESS_NAME,
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: getAuthSecret(),
    trustedOrigins: [origin],
    database: drizzleAdapter(getDb(), { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Our own /reset-password page (a form), not better-auth's GET endpoint: link
      // scanners that open the link do not use the token.
      sendResetPassword: async ({ user, token }) => {
        // A delivery failure is logged, not shown: the answer must not differ for existing accounts.
        try {
          const resetUrl = `${env.BASE_URL}/reset-password?token=${encodeURIComponent(token)}`;
          await sendMail({ to: user.email, ...resetMail(resetUrl, await getBusinessName()) });
        } catch (error) {
          getLogger().error({ err: error instanceof Error ? error.message : String(error) }, "could not send the password reset e-mail");
        }
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }, request) => {
        // The owner proved themselves by e-mail: a paused account opens again.
        await recordSignInSuccess({ account: user.email });
        await recordAudit({
          action: "auth.password_reset",
          actor: user,
          summary: `${user.email} reset their password with an e-mailed link; all sessions were ended`,
          ip: headerIp(request?.headers),
        });
      },
    },
    // Reset tokens are kept as SHA-256 hashes: a copy of the database holds no usable link.
    // Using one is an atomic claim (better-auth's consumeVerificationValue: DELETE … RETURNING).
    verification: { storeIdentifier: "hashed" },
    session: {
      expiresIn: MEMBER_SESSION_SECONDS,
      updateAge: SESSION_RENEW_AFTER_SECONDS,
      // better-auth never extends a session: the session lookup renews members' (row and
      // cookie together), and staff sessions end 12 hours after sign-in (docs/decisions/0027).
      disableSessionRefresh: true,
    },
    databaseHooks: {
      session: {
        create: {
          before: async (created) => {
            const [owner] = await getDb().select({ role: user.role }).from(user).where(eq(user.id, created.userId));
            if (!owner || !isStaff(toRole(owner.role))) return;
            return { data: { ...created, expiresAt: new Date(Math.min(created.expiresAt.getTime(), Date.now() + STAFF_SESSION_SECONDS * 1000)) } };
          },
          // Every way in makes a session (password, second step, invitation): 'no sign-in for 7 days' reads this, which outlives the sessions.
          after: async (created) => {
            await getDb()
              .insert(lastSignIn)
              .values({ userId: created.userId, at: created.createdAt })
              .onConflictDoUpdate({ target: lastSignIn.userId, set: { at: created.createdAt } });
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        // Ours instead (hooks below): failures per account and per address, requests per e-mail and per address.
        "/sign-in/email": false,
        "/request-password-reset": false,
        "/reset-password": RESET_LIMIT,
      },
    },
    advanced: {
      // Over https: Secure cookies named __Secure-better-auth.*, whatever scheme the proxy speaks to us.
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    logger: {
      log: (level, message) => {
        const log = getLogger();
        if (level === "error") log.error({ source: "auth" }, message);
        else if (level === "warn") log.warn({ source: "auth" }, message);
        else log.debug({ source: "auth" }, message);
      },
    },
    telemetry: { enabled: false },
    // A failure that is not an answer (the database gone away) is thrown to the calling route,
    // which says 'Please try again later.', instead of better-call printing it and answering 500.
    onAPIError: { throw: true },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") {
          const email = typedEmail(ctx.body);
          if (!email) return;
          const verdict = await checkSignInAllowed({ account: email, address: headerIp(ctx.headers) ?? "unknown" });
          if (!verdict.allowed) throw tooManyRequests(throttleMessage(verdict.retryAfter), verdict.retryAfter);
        } else if (ctx.path === "/request-password-reset") {
          const email = typedEmail(ctx.body);
          if (!email) return;
          const limit = await consumeResetRequestLimits(email, headerIp(ctx.headers) ?? "unknown");
          if (!limit.allowed) throw tooManyRequests(`Too many reset requests. ${tryAgainIn(limit.retryAfter)}`, limit.retryAfter);
        } else if (ctx.path === "/sign-out") {
          // Before, while the session still exists, so the entry names who signed out.
          const session = await getSessionFromCtx(ctx).catch(() => null);
          if (!session) return;
          await recordAudit({ action: "auth.sign_out", actor: session.user, summary: `${session.user.email} signed out`, ip: headerIp(ctx.headers) });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const ip = headerIp(ctx.headers);
        const email = typedEmail(ctx.body);
        const returned: unknown = ctx.context.returned;
        if (isAPIError(returned)) {
          if (email) await recordSignInFailure({ account: email, address: ip ?? "unknown" });
          await recordAudit({ action: "auth.sign_in_failed", actorEmail: email, summary: `Failed sign-in for ${email || "(no e-mail)"}: ${returned.message}`, ip });
          return;
        }
        const user = ctx.context.newSession?.user;
        if (!user) return;
        await recordSignInSuccess({ account: email || user.email });
        await recordAudit({ action: "auth.sign_in", actor: user, summary: `${user.email} signed in`, ip });
      }),
    },
    plugins: [
      admin({
        ac,
        roles: { admin: adminAc, trainer: noAdminRights, member: noAdminRights },
        defaultRole: "member",
        adminRoles: ["admin"],
        bannedUserMessage: "This account has been deactivated. Please contact the coach.",
      }),
      twoFactorSignIn(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let auth: { env: Env; db: Db; instance: Auth } | undefined;

/**
 * One instance per configuration and database: BASE_URL's scheme decides the cookie names
 * and flags, the secret signs them, and the instance writes to the database it was made
 * with (tests switch all three; a running server never does).
 */
export function getAuth(): Auth {
  const env = getEnv();
  const db = getDb();
  if (auth?.env !== env || auth.db !== db) auth = { env, db, instance: createAuth() };
  return auth.instance;
}
