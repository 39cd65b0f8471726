import fs from "node:fs";
import path from "node:path";
import { CHOOSE_PACKAGE, invitationStatusMessages } from "./invitations.schema";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getAuth } from "~/auth/auth.server";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { billingProduct } from "~/db/schema/billing";
import { contactSubmission } from "~/db/schema/contacts";
import { AppError } from "~/lib/app-error";
import { invitation } from "~/db/schema/invitations";
import { dataPath } from "~/lib/data-dir.server";
import { listAuditLog } from "~/auth/audit.server";
import { submitApplication } from "~/modules/contacts/contacts.server";
import { validApplication } from "~/modules/contacts/intake.fixture";
import { createUserWithPassword, findUserByEmail } from "~/modules/users/users.server";
import {
  acceptInvitation,
  createInvitation,
  getInvitationForToken,
  listInvitationPackages,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from "./invitations.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
let admin: Actor;
const trainer = { id: "t", role: "trainer", email: "t@example.com" } as const;
const member = { id: "m", role: "member", email: "m@example.com" } as const;

/** The newest invitation e-mail in the outbox, soft line breaks and =3D decoded. */
function lastMail(): string {
  const dir = dataPath("outbox");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
  for (const file of files) {
    const mail = fs.readFileSync(path.join(dir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (mail.includes("/invitations/accept?token=")) return mail;
  }
  throw new Error("No invitation in the outbox");
}

function tokenFromMail(mail: string): string {
  const match = /\/invitations\/accept\?token=([\w-]+)/.exec(mail);
  if (!match?.[1]) throw new Error("No invitation link in the e-mail");
  return match[1];
}

function clearOutbox() {
  fs.rmSync(dataPath("outbox"), { recursive: true, force: true });
}

async function invite(email: string, extra: { role?: "member" | "trainer" | "admin"; contactSubmissionId?: string } = {}) {
  const { id } = await createInvitation(admin, { name: "Riley Recruit", email, role: extra.role ?? "member", contactSubmissionId: extra.contactSubmissionId });
  return { id, token: tokenFromMail(lastMail()) };
}

async function auditActions(): Promise<string[]> {
  return (await listAuditLog(admin, { pageSize: 500 })).items.map((i) => i.action);
}

beforeAll(async () => {
  const created = await createUserWithPassword({ name: "Ada Admin", email: "ada@example.com", password: "ada-password", role: "admin" });
  admin = { id: created.id, role: "admin", email: created.email };
});
beforeEach(clearOutbox);

describe("createInvitation", () => {
  it("stores only the token's hash and e-mails a one-time link that expires in 7 days", async () => {
    const { id, token } = await invite(" Riley@Example.com ");
    const mail = lastMail();
    expect(mail).toContain("Subject: You're invited to Relentless");
    expect(mail).toContain(`http://localhost:3000/invitations/accept?token=${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [row] = await getDb().select().from(invitation).where(eq(invitation.id, id));
    expect(row).toMatchObject({ email: "riley@example.com", name: "Riley Recruit", role: "member", invitedById: admin.id });
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(await getInvitationForToken(token)).toEqual({ status: "valid", name: "Riley Recruit", email: "riley@example.com" });
    expect(await auditActions()).toContain("invitation.sent");
  });

  it("refuses an e-mail that already has an account or a pending invitation", async () => {
    await expect(createInvitation(admin, { name: "Ada", email: "ADA@example.com", role: "member" })).rejects.toMatchObject({
      status: 409,
      message: "An account with the e-mail ada@example.com already exists.",
    });
    await invite("twice@example.com");
    await expect(createInvitation(admin, { name: "Again", email: "twice@example.com", role: "trainer" })).rejects.toThrow(/already has a pending invitation/);
  });

  it("validates the form and refuses members and trainers", async () => {
    await expect(createInvitation(admin, { name: "", email: "nope", role: "member" })).rejects.toBeInstanceOf(ZodError);
    await expect(createInvitation(admin, { name: "X", email: "x@example.com", role: "owner" as "admin" })).rejects.toBeInstanceOf(ZodError);
    for (const actor of [member, trainer]) {
      await expect(createInvitation(actor, { name: "X", email: "x@example.com", role: "member" })).rejects.toMatchObject({ init: { status: 403 } });
      await expect(listPendingInvitations(actor)).rejects.toMatchObject({ init: { status: 403 } });
      await expect(revokeInvitation(actor, "any")).rejects.toMatchObject({ init: { status: 403 } });
      await expect(resendInvitation(actor, "any")).rejects.toMatchObject({ init: { status: 403 } });
    }
  });
});

describe("accepting an invitation", () => {
  it("reading the link never uses it; accepting creates the account with the invited name and role, once", async () => {
    const { id, token } = await invite("accept@example.com", { role: "trainer" });
    await getInvitationForToken(token);
    await getInvitationForToken(token);
    expect((await getInvitationForToken(token)).status).toBe("valid");

    const { userId } = await acceptInvitation(token, "chosen-password");
    expect(await findUserByEmail("accept@example.com")).toEqual({ id: userId, email: "accept@example.com", name: "Riley Recruit", role: "trainer" });
    const signedIn = await getAuth().api.signInEmail({ body: { email: "accept@example.com", password: "chosen-password" } });
    expect(signedIn.user.id).toBe(userId);
    const [row] = await getDb().select().from(invitation).where(eq(invitation.id, id));
    expect(row).toMatchObject({ userId, acceptedAt: expect.any(Date) });

    expect((await getInvitationForToken(token)).status).toBe("used");
    await expect(acceptInvitation(token, "another-password")).rejects.toMatchObject({ status: 410, title: "Invitation already used", message: invitationStatusMessages.used });
    expect(await listPendingInvitations(admin)).not.toContainEqual(expect.objectContaining({ id }));
    expect(await auditActions()).toContain("invitation.accepted");
  });

  it("only one of two simultaneous accepts wins", async () => {
    const { token } = await invite("race@example.com");
    const results = await Promise.allSettled([acceptInvitation(token, "password-one"), acceptInvitation(token, "password-two")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toEqual([expect.objectContaining({ reason: expect.objectContaining({ status: 410, title: "Invitation already used" }) })]);
  });

  it("an expired link says expired and creates nothing", async () => {
    const { id, token } = await invite("late@example.com");
    await getDb().update(invitation).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitation.id, id));
    expect((await getInvitationForToken(token)).status).toBe("expired");
    await expect(acceptInvitation(token, "chosen-password")).rejects.toMatchObject({ status: 410, title: "Invitation expired", message: invitationStatusMessages.expired });
    expect(await findUserByEmail("late@example.com")).toBeNull();
    // Expired invitations stay listed to be resent; a second invitation to the address is refused.
    expect(await listPendingInvitations(admin)).toContainEqual(expect.objectContaining({ id, expired: true }));
    await expect(createInvitation(admin, { name: "Late", email: "late@example.com", role: "member" })).rejects.toThrow(/Resend it from the list/);
  });

  it("a revoked link says revoked; an unknown token says unknown", async () => {
    const { id, token } = await invite("revoked@example.com");
    await revokeInvitation(admin, id);
    expect((await getInvitationForToken(token)).status).toBe("revoked");
    await expect(acceptInvitation(token, "chosen-password")).rejects.toMatchObject({ status: 410, title: "Invitation withdrawn", message: invitationStatusMessages.revoked });
    await expect(revokeInvitation(admin, id)).rejects.toMatchObject({ status: 409 });
    expect(await findUserByEmail("revoked@example.com")).toBeNull();
    expect(await getInvitationForToken("not-a-token")).toEqual({ status: "unknown", name: "", email: "" });
    await expect(acceptInvitation("not-a-token", "chosen-password")).rejects.toMatchObject({ status: 410, title: "Invitation not found", message: invitationStatusMessages.unknown });
    expect(await auditActions()).toContain("invitation.revoked");
  });

  it("a too-short password is refused and leaves the link usable", async () => {
    const { token } = await invite("short@example.com");
    await expect(acceptInvitation(token, "short")).rejects.toBeInstanceOf(ZodError);
    expect((await getInvitationForToken(token)).status).toBe("valid");
  });

  it("if the account appeared meanwhile, the link stays unused and says so", async () => {
    const { token } = await invite("meanwhile@example.com");
    await createUserWithPassword({ name: "Someone", email: "meanwhile@example.com", password: "their-password", role: "member" });
    await expect(acceptInvitation(token, "chosen-password")).rejects.toThrow(/already exists/);
    expect((await getInvitationForToken(token)).status).toBe("valid");
  });
});

describe("resending", () => {
  it("sends a new link with a new expiry; the old link is dead", async () => {
    const { id, token: old } = await invite("resend@example.com");
    await getDb().update(invitation).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitation.id, id));
    await resendInvitation(admin, id);
    const fresh = tokenFromMail(lastMail());
    expect(fresh).not.toBe(old);
    expect((await getInvitationForToken(old)).status).toBe("unknown");
    expect((await getInvitationForToken(fresh)).status).toBe("valid");
    await acceptInvitation(fresh, "chosen-password");
    await expect(resendInvitation(admin, id)).rejects.toMatchObject({ status: 409 });
    expect(await auditActions()).toContain("invitation.resent");
  });
});

describe("inviting an applicant from the inbox", () => {
  it("links the new account to the contact submission", async () => {
    const { id: submissionId } = await submitApplication({ ...validApplication, email: "applicant@example.com" });
    const { token } = await invite("applicant@example.com", { contactSubmissionId: submissionId });
    const { userId } = await acceptInvitation(token, "chosen-password");
    const [row] = await getDb().select({ invitedUserId: contactSubmission.invitedUserId }).from(contactSubmission).where(eq(contactSubmission.id, submissionId));
    expect(row?.invitedUserId).toBe(userId);
    await expect(createInvitation(admin, { name: "X", email: "x2@example.com", role: "member", contactSubmissionId: "missing" })).rejects.toThrow(
      "The contact submission no longer exists.",
    );
  });
});

describe("an invitation with a package", () => {
  it("carries a live package to the accepted account, and offers only live subscriptions and terms", async () => {
    expect((await listInvitationPackages(admin)).map((p) => p.id)).toEqual([
      "prod_nutrition_monthly",
      "prod_nutrition_transformation",
      "prod_online_coaching",
      "prod_unlimited_access",
      "prod_personal_training",
    ]);
    await expect(listInvitationPackages(trainer)).rejects.toThrow("You do not have permission");

    const { id } = await createInvitation(admin, { name: "Pat Package", email: "pat@package.test", role: "member", productId: "prod_online_coaching" });
    expect((await getDb().select().from(invitation).where(eq(invitation.id, id)))[0]!.productId).toBe("prod_online_coaching");
    const accepted = await acceptInvitation(tokenFromMail(lastMail()), "package-pass-123");
    expect(accepted.productId).toBe("prod_online_coaching");
  });

  it("refuses a pack, an archived or unknown product, and a package for staff, on the Package field, saving nothing", async () => {
    await getDb().insert(billingProduct).values({ id: "prod_gone", name: "Gone", kind: "subscription", priceMinor: 1000, intervalUnit: "week", intervalCount: 1, archivedAt: new Date() });
    for (const [productId, role, message] of [
      ["prod_pt_starter", "member", CHOOSE_PACKAGE],
      ["prod_gone", "member", CHOOSE_PACKAGE],
      ["prod_nope", "member", CHOOSE_PACKAGE],
      ["prod_online_coaching", "trainer", "Only members can be invited with a package"],
    ] as const) {
      const refused = await createInvitation(admin, { name: "Pat Package", email: "refused@package.test", role, productId }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect([(refused as AppError).status, (refused as AppError).fieldErrors]).toEqual([400, { productId: message }]);
    }
    expect(await getDb().select().from(invitation).where(eq(invitation.email, "refused@package.test"))).toEqual([]);
  });
});
