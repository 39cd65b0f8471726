import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { recordAudit } from "~/auth/audit.server";
import { recordSignInFailure, recordSignInSuccess } from "./sign-in-throttle.server";
import { createChallenge, hasTwoFactor } from "./two-factor-sign-in.server";

const invalidCredentials = () => new APIError("UNAUTHORIZED", { message: "Invalid email or password", code: "INVALID_EMAIL_OR_PASSWORD" });

/**
 * Two-factor sign-in inside better-auth (docs/decisions/0024-auth-http-surface-and-two-factor.md):
 *  - before /sign-in/email, for an account with a second factor: the password is checked
 *    here, and a right one answers `{ twoFactorChallenge }` instead of creating a session;
 *    a wrong one answers exactly as better-auth does;
 *  - `createTwoFactorSession`, server-only: the session once the second step has passed.
 * The sign-in throttle (sign-in-throttle.server.ts) checks every attempt in the site's own
 * before hook, which runs first; a wrong password is counted here, and the count is cleared
 * only when the session is created.
 */
export const twoFactorSignIn = () =>
  ({
    id: "relentless-two-factor",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = typeof ctx.body?.email === "string" ? ctx.body.email.trim().toLowerCase() : "";
            const password = typeof ctx.body?.password === "string" ? ctx.body.password : "";
            if (!email || !password) return;
            const found = await ctx.context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
            if (!found || (found.user as { banned?: boolean }).banned || !(await hasTwoFactor(found.user.id))) return;
            const hash = found.accounts.find((a) => a.providerId === "credential")?.password;
            if (!hash) return;
            if (!(await ctx.context.password.verify({ hash, password }))) {
              // Thrown from a before hook, this skips the after hooks: the failure is counted here.
              await recordSignInFailure({ account: email, address: ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown" });
              await recordAudit({
                action: "auth.sign_in_failed",
                actorEmail: email.slice(0, 320),
                summary: `Failed sign-in for ${email.slice(0, 320)}: Invalid email or password`,
                ip: ctx.headers?.get(CLIENT_IP_HEADER) ?? null,
              });
              throw invalidCredentials();
            }
            return ctx.json({ twoFactorChallenge: await createChallenge(found.user.id) });
          }),
        },
      ],
    },
    endpoints: {
      createTwoFactorSession: createAuthEndpoint.serverOnly({ method: "POST", body: z.object({ userId: z.string().max(100) }) }, async (ctx) => {
        const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!found || (found as { banned?: boolean }).banned) throw invalidCredentials();
        const session = await ctx.context.internalAdapter.createSession(found.id);
        // The sign-in is complete only now: the account's count of attempts is cleared.
        await recordSignInSuccess({ account: found.email });
        await setSessionCookie(ctx, { session, user: found });
        return ctx.json({ ok: true });
      }),
    },
  }) satisfies BetterAuthPlugin;
