// @test-database any: the HTTP surface checked here does not depend on the database kind (decision 0020).
/**
 * The logs never contain passwords, tokens (session, reset, invitation, set-up) or
 * health answers. The whole application runs in-process at LOG_LEVEL=trace with its
 * pino logger writing into a buffer; the test drives every flow that handles such a
 * secret over HTTP and then searches everything that was logged.
 * (The coach's notification e-mail leaving out the health answers: contacts-submission.server.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as LoggerModule from "~/lib/logger.server";
import { validApplication } from "~/modules/contacts/intake.fixture";
import type * as CalendarFeedsModule from "~/modules/calendar-feeds/calendar-feeds.server";
import type * as InvitationsModule from "~/modules/invitations/invitations.server";
import type * as UsersModule from "~/modules/users/users.server";
import { startApp, type RunningApp } from "../support/in-process-app";
import { mailedToken } from "../support/outbox";
import { form, rawRequest, type RawResponse } from "../support/raw-http";

const BASE_URL = "http://localhost:3000";
const secrets = {
  memberPassword: "Logs-Member-Secret-31",
  wrongPassword: "Logs-Wrong-Guess-97",
  adminPassword: "Logs-Admin-Secret-53",
  resetPassword: "Logs-Reset-Secret-64",
  invitePassword: "Logs-Invite-Secret-75",
  medicalConditions: "Zebrafish-marker hypothyroidism",
  injuries: "Quokka-marker torn rotator cuff",
  // Filled in as the flows hand them out.
  setupToken: "",
  sessionToken: "",
  resetToken: "",
  invitationToken: "",
  calendarFeedToken: "",
};
const lines: string[] = [];
let app: RunningApp;
let logger: typeof LoggerModule;

const logged = () => lines.join("");

function send(pathname: string, { fields, json, cookie }: { fields?: Record<string, string>; json?: unknown; cookie?: string } = {}): Promise<RawResponse> {
  const body = json ? JSON.stringify(json) : fields ? form(fields) : undefined;
  return rawRequest(app.base, pathname, {
    method: body ? "POST" : "GET",
    body,
    headers: {
      host: "localhost:3000",
      origin: BASE_URL,
      ...(json ? { "content-type": "application/json" } : fields ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** The value of the session cookie (token.signature) a response sets. */
function sessionToken(response: RawResponse): string {
  const cookie = (response.headers["set-cookie"] ?? []).find((c) => c.startsWith("better-auth.session_token="));
  if (!cookie) throw new Error("no session cookie");
  return decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!).split(".")[0]!;
}

beforeAll(async () => {
  app = await startApp({ BASE_URL, TRUST_PROXY: undefined, LOG_LEVEL: "trace" }, async (load) => {
    logger = await load<typeof LoggerModule>("/app/lib/logger.server.ts");
    logger.setLogDestination({ write: (line: string) => void lines.push(line) });
  });
  const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
  const invitations = await app.load<typeof InvitationsModule>("/app/modules/invitations/invitations.server.ts");

  // First-run set-up with its one-time token.
  const setup = new URL(app.setupUrl!);
  secrets.setupToken = setup.searchParams.get("token")!;
  await send(setup.pathname + setup.search);
  const created = await send(setup.pathname + setup.search, { fields: { name: "Lou Logs", email: "admin@logs.test", password: secrets.adminPassword } });
  expect(created.status).toBe(302);
  const admin = await users.findUserByEmail("admin@logs.test");

  // Sign-in: a wrong password, then the right one (its session token).
  await users.createUserWithPassword({ name: "Mo Member", email: "member@logs.test", password: secrets.memberPassword, role: "member" });
  expect((await send("/login", { fields: { email: "member@logs.test", password: secrets.wrongPassword } })).status).toBe(401);
  const signedIn = await send("/login", { fields: { email: "member@logs.test", password: secrets.memberPassword } });
  expect(signedIn.status).toBe(302);
  secrets.sessionToken = sessionToken(signedIn);
  const cookie = `better-auth.session_token=${(signedIn.headers["set-cookie"] ?? []).find((c) => c.startsWith("better-auth.session_token="))!.split(";")[0]!.split("=")[1]}`;
  expect((await send("/members", { cookie })).status).toBe(200);

  // Password reset with the e-mailed token.
  expect((await send("/forgot-password", { fields: { email: "member@logs.test" } })).status).toBe(200);
  secrets.resetToken = mailedToken("member@logs.test", "/reset-password");
  const resetLink = `/reset-password?token=${encodeURIComponent(secrets.resetToken)}`;
  expect((await send(resetLink)).status).toBe(200);
  const reset = await send(resetLink, { fields: { token: secrets.resetToken, newPassword: secrets.resetPassword, confirmPassword: secrets.resetPassword } });
  expect(reset.status).toBe(302);

  // Invitation accept with the e-mailed token.
  await invitations.createInvitation({ id: admin!.id, email: admin!.email, role: "admin" }, { name: "Ida Invite", email: "ida@logs.test", role: "member" });
  secrets.invitationToken = mailedToken("ida@logs.test", "/invitations/accept");
  const inviteLink = `/invitations/accept?token=${encodeURIComponent(secrets.invitationToken)}`;
  expect((await send(inviteLink)).status).toBe(200);
  const joined = await send(inviteLink, { fields: { token: secrets.invitationToken, password: secrets.invitePassword, confirmPassword: secrets.invitePassword } });
  expect(joined.status).toBe(302);

  // A calendar app reads the member's feed: its address is the secret (issue 47).
  const feeds = await app.load<typeof CalendarFeedsModule>("/app/modules/calendar-feeds/calendar-feeds.server.ts");
  const member = await users.findUserByEmail("member@logs.test");
  const feed = new URL((await feeds.issueCalendarFeed({ id: member!.id, role: "member", email: member!.email })).url);
  secrets.calendarFeedToken = /^\/calendar\/([\w-]+)\.ics$/.exec(feed.pathname)![1]!;
  expect((await send(feed.pathname)).status).toBe(200);

  // An application with distinctive health answers.
  const applied = await send("/contact", {
    json: { ...validApplication, email: "applicant@logs.test", medicalConditions: secrets.medicalConditions, injuries: secrets.injuries },
  });
  expect(applied.status).toBeLessThan(300);
}, 240_000);

afterAll(async () => {
  await app?.stop();
  logger?.setLogDestination(undefined);
});

describe("what the server logs", () => {
  it("logged the flows at trace level (the capture works)", () => {
    const text = logged();
    expect(text).toContain('"msg":"request"');
    for (const path of ["/login", "/forgot-password", "/reset-password", "/invitations/accept", "/contact", "/setup", "/calendar/[redacted]"]) {
      expect(text).toContain(`"path":"${path}"`);
    }
    expect(text).toContain("mail written to the outbox");
  });

  it.each(Object.keys(secrets) as (keyof typeof secrets)[])("never contains the %s", (name) => {
    const value = secrets[name];
    expect(value.length).toBeGreaterThan(8);
    const text = logged();
    expect(text.includes(value)).toBe(false);
    expect(text.includes(encodeURIComponent(value))).toBe(false);
  });
});
