import { betterAuth } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { schema } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { getAuthSecret } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { recordAudit } from "~/lib/audit.server";
import { toRole } from "./permissions";
import { isStaff, MEMBER_SESSION_SECONDS, SESSION_RENEW_AFTER_SECONDS, STAFF_SESSION_SECONDS } from "./session-lifetime";


export const SIGN_IN_LIMIT = { window: 60, max: 5 } as const;
/** Reset requests per address (IP): enough for a typo, too few to spam an inbox. */
export const RESET_REQUEST_LIMIT = { window: 15 * 60, max: 3 } as const;
export const RESET_LIMIT = { window: 15 * 60, max: 10 } as const;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

function headerIp(headers: Headers | undefined): string | null {
  return headers?.get(CLIENT_IP_HEADER) ?? null;
}

function resetMail(resetUrl: string) {
  return {
    subject: "Reset your Relentless password",
    text: [
      "Someone (hopefully you) asked to reset the password of your Relentless account.",
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
    appName: "Relentless",
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
          await sendMail({ to: user.email, ...resetMail(`${env.BASE_URL}/reset-password?token=${encodeURIComponent(token)}`) });
        } catch (error) {
          getLogger().error({ err: error instanceof Error ? error.message : String(error) }, "could not send the password reset e-mail");
        }
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }, request) => {
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
      // cookie together), and staff sessions end 12 hours after sign-in (docs/decisions/0022).
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
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_LIMIT,
        "/request-password-reset": RESET_REQUEST_LIMIT,
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
    hooks: {
      // Before, while the session still exists, so the entry names who signed out.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-out") return;
        const session = await getSessionFromCtx(ctx).catch(() => null);
        if (!session) return;
        await recordAudit({ action: "auth.sign_out", actor: session.user, summary: `${session.user.email} signed out`, ip: headerIp(ctx.headers) });
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const ip = headerIp(ctx.headers);
        const returned: unknown = ctx.context.returned;
        if (isAPIError(returned)) {
          const email = typeof ctx.body?.email === "string" ? ctx.body.email.trim().toLowerCase().slice(0, 320) : "";
          await recordAudit({ action: "auth.sign_in_failed", actorEmail: email, summary: `Failed sign-in for ${email || "(no e-mail)"}: ${returned.message}`, ip });
          return;
        }
        const user = ctx.context.newSession?.user;
        if (user) await recordAudit({ action: "auth.sign_in", actor: user, summary: `${user.email} signed in`, ip });
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
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let auth: { baseUrl: string; instance: Auth } | undefined;

/** One instance per BASE_URL: its scheme decides the cookie names and flags (tests switch it). */
export function getAuth(): Auth {
  const baseUrl = getEnv().BASE_URL;
  if (auth?.baseUrl !== baseUrl) auth = { baseUrl, instance: createAuth() };
  return auth.instance;
}
