import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { getDb } from "~/db/client.server";
import { schema } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { getAuthSecret } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";


export const SIGN_IN_LIMIT = { window: 60, max: 5 } as const;

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
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_LIMIT,
      },
    },
    advanced: {
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

let auth: Auth | undefined;

export function getAuth(): Auth {
  auth ??= createAuth();
  return auth;
}
