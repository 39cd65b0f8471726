// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * /admin/users and /invitations/accept on the real database: who may do what,
 * with real sessions, and what each action leaves behind (audit log included).
 */
import fs from "node:fs";
import path from "node:path";
import { invitationStatusMessages } from "~/modules/invitations/invitations.schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { invitation } from "~/db/schema/invitations";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { dataPath } from "~/lib/data-dir.server";
import { listAuditLog } from "~/auth/audit.server";
import { contactSubmission } from "~/db/schema/contacts";
import { submitApplication } from "~/modules/contacts/contacts.server";
import { validApplication } from "~/modules/contacts/intake.fixture";
import { createInvitation } from "~/modules/invitations/invitations.server";
import { createUserWithPassword, findUserByEmail } from "~/modules/users/users.server";
import { middleware as adminMiddleware } from "~/routes/admin";
import { action as acceptAction, loader as acceptLoader } from "~/routes/invitations.accept";
import { loader as rawInboxLoader } from "~/routes/admin.contacts";
import { action as rawUsersAction, loader as rawUsersLoader } from "~/routes/admin.users";
import { cookieHeaderOf, getRequest, invokeRoute, postForm, redirectOf, signInCookie, toastOf, underLayout } from "../support/route-calls";

const inboxLoader = underLayout(adminMiddleware, rawInboxLoader);
const usersAction = underLayout(adminMiddleware, rawUsersAction);
const usersLoader = underLayout(adminMiddleware, rawUsersLoader);

type Who = "admin" | "trainer" | "member";

const PASSWORD = "route-test-password";
const cookies: Record<Who, string> = { admin: "", trainer: "", member: "" };
const ids: Record<Who, string> = { admin: "", trainer: "", member: "" };
let adminActor: { id: string; role: "admin"; email: string };

const get = (who: Who | null, search = "") => invokeRoute(usersLoader, getRequest(`/admin/users${search}`, who && cookies[who]));
const post = (who: Who | null, fields: Record<string, string>, search = "?q=example") =>
  invokeRoute(usersAction, postForm(`/admin/users${search}`, who && cookies[who], fields));

function tokenFor(email: string): string {
  const dir = dataPath("outbox");
  for (const file of fs.readdirSync(dir).sort().reverse()) {
    const mail = fs.readFileSync(path.join(dir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const match = /\/invitations\/accept\?token=([\w-]+)/.exec(mail);
    if (match && mail.includes(`To: ${email}`)) return match[1]!;
  }
  throw new Error(`No invitation to ${email} in the outbox`);
}

async function auditActions(): Promise<string[]> {
  return (await listAuditLog(adminActor, { pageSize: 500 })).items.map((i) => i.action);
}

async function role(id: string) {
  const [row] = await getDb().select({ role: user.role, banned: user.banned }).from(user).where(eq(user.id, id));
  return row;
}

beforeAll(async () => {
  for (const who of ["admin", "trainer", "member"] as const) {
    const created = await createUserWithPassword({ name: `Route ${who}`, email: `${who}@routes.test`, password: PASSWORD, role: who });
    ids[who] = created.id;
    cookies[who] = await signInCookie(`${who}@routes.test`, PASSWORD);
  }
  adminActor = { id: ids.admin, role: "admin", email: "admin@routes.test" };
});

describe("/admin/users permissions", () => {
  it("sends an anonymous visitor to /login for the page and every action", async () => {
    expect(await redirectOf(get(null))).toBe("/login?redirectTo=%2Fadmin%2Fusers");
    for (const intent of ["set-role", "deactivate", "reactivate", "invite", "resend", "revoke"]) {
      expect(await redirectOf(post(null, { intent, id: ids.member, role: "admin", name: "X", email: "x@routes.test" }))).toBe(
        "/login?redirectTo=%2Fadmin%2Fusers%3Fq%3Dexample",
      );
    }
  });

  it.each(["member", "trainer"] as const)("sends a %s to /members and lets them change nothing", async (who) => {
    const { id: invitationId } = await createInvitation(adminActor, { name: `Pending ${who}`, email: `pending-${who}@routes.test`, role: "member" });
    expect(await redirectOf(get(who))).toBe("/members");
    expect(await redirectOf(post(who, { intent: "set-role", id: ids[who], role: "admin" }))).toBe("/members");
    expect(await redirectOf(post(who, { intent: "deactivate", id: ids.admin }))).toBe("/members");
    expect(await redirectOf(post(who, { intent: "reactivate", id: ids.admin }))).toBe("/members");
    expect(await redirectOf(post(who, { intent: "invite", name: "Sneaky", email: `sneaky-${who}@routes.test`, role: "admin" }))).toBe("/members");
    expect(await redirectOf(post(who, { intent: "resend", id: invitationId }))).toBe("/members");
    expect(await redirectOf(post(who, { intent: "revoke", id: invitationId }))).toBe("/members");

    expect(await role(ids[who])).toEqual({ role: who, banned: false });
    expect(await role(ids.admin)).toEqual({ role: "admin", banned: false });
    expect(await getDb().select().from(invitation).where(eq(invitation.email, `sneaky-${who}@routes.test`))).toEqual([]);
    const [pending] = await getDb().select().from(invitation).where(eq(invitation.id, invitationId));
    expect(pending?.revokedAt).toBeNull();
  });
});

describe("/admin/users for an administrator", () => {
  it("lists users with search and 'No users found' data, and the invite form prefilled from the inbox link", async () => {
    const page = await get("admin", "?q=ROUTES.TEST&invite=1&name=Jordan%20Reyes&email=jordan%40example.com&submission=abc");
    expect(page.users.map((u) => u.email)).toEqual(expect.arrayContaining(["admin@routes.test", "trainer@routes.test", "member@routes.test"]));
    expect(page.users.find((u) => u.email === "member@routes.test")).toMatchObject({ name: "Route member", role: "member", deactivated: false });
    expect(page.users.find((u) => u.email === "member@routes.test")!.lastSignIn).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(page.invite).toEqual({ open: true, name: "Jordan Reyes", email: "jordan@example.com", submission: "abc" });
    expect((await get("admin", "?q=nobody-at-all")).users).toEqual([]);
  });

  it("changes a role with the spec's toast, and refuses to demote the last administrator", async () => {
    const changed = (await post("admin", { intent: "set-role", id: ids.member, role: "trainer" })) as Response;
    expect(changed.headers.get("location")).toBe("/admin/users?q=example");
    expect(await toastOf(changed)).toEqual({ type: "success", title: "Role updated successfully" });
    expect((await role(ids.member))?.role).toBe("trainer");
    // The member's own next request sees the new role.
    expect((await getSessionUser(getRequest("/cms", cookies.member)))?.role).toBe("trainer");
    await post("admin", { intent: "set-role", id: ids.member, role: "member" });

    const lastAdmin = (await post("admin", { intent: "set-role", id: ids.admin, role: "member" })) as Response;
    expect(await toastOf(lastAdmin)).toEqual({
      type: "error",
      title: "Failed to update role",
      description: "This is the last administrator: make someone else an administrator first.",
    });
    expect((await role(ids.admin))?.role).toBe("admin");
    const badRole = (await post("admin", { intent: "set-role", id: ids.member, role: "owner" })) as Response;
    expect(await toastOf(badRole)).toMatchObject({ type: "error", title: "Failed to update role" });
    expect(await auditActions()).toContain("user.role_changed");
  });

  it("deactivation ends the person's sessions and stops sign-in; reactivation lets them back", async () => {
    const person = await createUserWithPassword({ name: "Leaving Soon", email: "leaver@routes.test", password: PASSWORD, role: "member" });
    const cookie = await signInCookie("leaver@routes.test", PASSWORD);
    const request = () => getRequest("/members", cookie);
    expect((await getSessionUser(request()))?.id).toBe(person.id);

    const response = (await post("admin", { intent: "deactivate", id: person.id })) as Response;
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "User deactivated" });
    expect(await getSessionUser(request())).toBeNull();
    await expect(getAuth().api.signInEmail({ body: { email: "leaver@routes.test", password: PASSWORD } })).rejects.toThrow(/deactivated/);

    // Self-deactivation is refused with a message.
    const self = (await post("admin", { intent: "deactivate", id: ids.admin })) as Response;
    expect(await toastOf(self)).toEqual({ type: "error", title: "Failed to deactivate user", description: "You cannot deactivate your own account." });

    await post("admin", { intent: "reactivate", id: person.id });
    expect(await role(person.id)).toEqual({ role: "member", banned: false });
    await signInCookie("leaver@routes.test", PASSWORD);
    expect(await auditActions()).toEqual(expect.arrayContaining(["user.deactivated", "user.reactivated"]));
  });

  it("invites, refuses a duplicate with a message, resends and revokes", async () => {
    const invalid = await post("admin", { intent: "invite", name: "", email: "nope", role: "member" });
    expect(invalid).toMatchObject({ init: { status: 400 }, data: { ok: false, intent: "invite", fieldErrors: { name: "Please enter a full name", email: "Please enter a valid email address" } } });

    const sent = (await post("admin", { intent: "invite", name: "Nora New", email: "Nora@Routes.test", role: "trainer" }, "?invite=1&q=x")) as Response;
    expect(sent.headers.get("location")).toBe("/admin/users?q=x");
    expect(await toastOf(sent)).toMatchObject({ type: "success", title: "Invitation sent" });
    const [row] = await getDb().select().from(invitation).where(eq(invitation.email, "nora@routes.test"));
    expect(row).toMatchObject({ name: "Nora New", role: "trainer", invitedById: ids.admin });
    expect((await get("admin")).invitations).toContainEqual(expect.objectContaining({ id: row!.id, email: "nora@routes.test", expired: false }));

    const duplicate = await post("admin", { intent: "invite", name: "Nora", email: "nora@routes.test", role: "member" });
    expect(duplicate).toMatchObject({ init: { status: 409 }, data: { intent: "invite", error: expect.stringMatching(/already has a pending invitation/) } });
    const existing = await post("admin", { intent: "invite", name: "Member", email: "member@routes.test", role: "member" });
    expect(existing).toMatchObject({ init: { status: 409 }, data: { intent: "invite", error: "An account with the e-mail member@routes.test already exists." } });

    const first = tokenFor("nora@routes.test");
    expect(await toastOf((await post("admin", { intent: "resend", id: row!.id })) as Response)).toMatchObject({ title: "Invitation resent" });
    expect(tokenFor("nora@routes.test")).not.toBe(first);
    expect(await toastOf((await post("admin", { intent: "revoke", id: row!.id })) as Response)).toMatchObject({ title: "Invitation revoked" });
    expect(await toastOf((await post("admin", { intent: "revoke", id: row!.id })) as Response)).toMatchObject({ type: "error", title: "Failed to revoke invitation" });
    expect((await get("admin")).invitations).not.toContainEqual(expect.objectContaining({ id: row!.id }));
    expect(await auditActions()).toEqual(expect.arrayContaining(["invitation.sent", "invitation.resent", "invitation.revoked"]));
  });
});

describe("/invitations/accept", () => {
  let ipCounter = 0;
  function acceptGet(token: string) {
    return invokeRoute(acceptLoader, getRequest(`/invitations/accept?token=${token}`));
  }
  function acceptPost(fields: Record<string, string>, ip = `198.51.100.${++ipCounter}`) {
    return invokeRoute(acceptAction, postForm(`/invitations/accept?token=${fields.token ?? ""}`, null, fields, { [CLIENT_IP_HEADER]: ip }));
  }
  async function invite(email: string) {
    await createInvitation(adminActor, { name: "Ivy Invitee", email, role: "member" });
    return tokenFor(email);
  }

  it("shows who is invited without using the link; accepting signs the person in and sends them to /members", async () => {
    const token = await invite("ivy@routes.test");
    for (let i = 0; i < 3; i += 1) {
      const shown = await acceptGet(token);
      expect(shown.init?.status).toBe(200);
      expect(shown.data).toEqual({ status: "valid", name: "Ivy Invitee", email: "ivy@routes.test", token });
    }
    const mismatch = await acceptPost({ token, password: "ivy-password", confirmPassword: "different" });
    expect(mismatch).toMatchObject({ init: { status: 400 }, data: { fieldErrors: { confirmPassword: "The passwords do not match" } } });

    const accepted = (await acceptPost({ token, password: "ivy-password", confirmPassword: "ivy-password" })) as Response;
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/members");
    const cookie = cookieHeaderOf(accepted);
    const signedIn = await getSessionUser(getRequest("/members", cookie));
    expect(signedIn).toMatchObject({ email: "ivy@routes.test", name: "Ivy Invitee", role: "member", profileComplete: false });

    // Used: the page says so, and a second POST creates nothing.
    expect((await acceptGet(token)).data).toMatchObject({ status: "used", token: "" });
    expect((await acceptGet(token)).init?.status).toBe(410);
    expect(await acceptPost({ token, password: "other-password", confirmPassword: "other-password" })).toMatchObject({ init: { status: 410 }, data: { title: "Invitation already used", error: invitationStatusMessages.used } });
    expect(await auditActions()).toContain("invitation.accepted");
  });

  it("says clearly when a link has expired, was revoked or is unknown", async () => {
    const expiredToken = await invite("expired@routes.test");
    await getDb().update(invitation).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(invitation.email, "expired@routes.test"));
    expect((await acceptGet(expiredToken)).data).toMatchObject({ status: "expired" });
    expect(await acceptPost({ token: expiredToken, password: "a-password", confirmPassword: "a-password" })).toMatchObject({ init: { status: 410 }, data: { title: "Invitation expired", error: invitationStatusMessages.expired } });

    const revokedToken = await invite("revoked@routes.test");
    const [row] = await getDb().select().from(invitation).where(eq(invitation.email, "revoked@routes.test"));
    await post("admin", { intent: "revoke", id: row!.id });
    expect((await acceptGet(revokedToken)).data).toMatchObject({ status: "revoked" });
    expect(await acceptPost({ token: revokedToken, password: "a-password", confirmPassword: "a-password" })).toMatchObject({ init: { status: 410 }, data: { title: "Invitation withdrawn", error: invitationStatusMessages.revoked } });

    expect((await acceptGet("made-up")).data).toMatchObject({ status: "unknown" });
    expect(await acceptPost({ token: "", password: "a-password", confirmPassword: "a-password" })).toMatchObject({ init: { status: 400 }, data: { title: "Invitation not found", error: invitationStatusMessages.unknown } });
    expect(await findUserByEmail("expired@routes.test")).toBeNull();
    expect(await findUserByEmail("revoked@routes.test")).toBeNull();
  });

  it("refuses the eleventh attempt in 15 minutes from one address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const result = await acceptPost({ token: "guess", password: "a-password", confirmPassword: "a-password" }, "192.0.2.99");
      statuses.push(result instanceof Response ? result.status : (result.init?.status ?? 200));
    }
    expect(statuses).toEqual([...Array(10).fill(410), 429]);
  });

  it("an applicant invited from the inbox gets an account linked to their submission", async () => {
    const { id: submissionId } = await submitApplication({ ...validApplication, email: "applicant@routes.test" });
    const sent = (await post("admin", { intent: "invite", name: "Jordan Reyes", email: "applicant@routes.test", role: "member", submission: submissionId })) as Response;
    expect(await toastOf(sent)).toMatchObject({ title: "Invitation sent" });
    const token = tokenFor("applicant@routes.test");
    await acceptPost({ token, password: "jordan-password", confirmPassword: "jordan-password" });
    const account = await findUserByEmail("applicant@routes.test");
    expect(account).toMatchObject({ name: "Jordan Reyes", role: "member" });
    const inbox = await invokeRoute(inboxLoader, getRequest(`/admin/contacts?open=${submissionId}`, cookies.admin));
    // The application links to the member's page.
    expect(inbox.selected).toMatchObject({ id: submissionId, memberId: account!.id });
    const [row] = await getDb().select({ invitedUserId: contactSubmission.invitedUserId }).from(contactSubmission);
    expect(row?.invitedUserId).toBe(account!.id);
  });
});
