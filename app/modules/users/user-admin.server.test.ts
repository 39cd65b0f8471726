import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "~/auth/auth.server";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { session, user } from "~/db/schema/auth";
import { listAuditLog } from "~/auth/audit.server";
import { deactivateUser, listUsers, reactivateUser, setUserRole, USERS_PAGE_SIZE } from "./user-admin.server";
import { createUserWithPassword } from "./users.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
const trainer = { id: "t", role: "trainer", email: "t@example.com" } as const;
const member = { id: "m", role: "member", email: "m@example.com" } as const;
let admin: Actor;

async function make(email: string, role: "member" | "trainer" | "admin" = "member") {
  const created = await createUserWithPassword({ name: email.split("@")[0]!, email, password: "a-good-password", role });
  return { id: created.id, email: created.email, role } as Actor;
}

const signIn = (email: string) => getAuth().api.signInEmail({ body: { email, password: "a-good-password" } });

async function row(id: string) {
  const [found] = await getDb().select().from(user).where(eq(user.id, id));
  return found!;
}

async function audits() {
  return (await listAuditLog(admin, { pageSize: 500 })).items;
}

beforeAll(async () => {
  admin = await make("boss@example.com", "admin");
});

describe("listUsers", () => {
  it("lists newest first with the last sign-in, searches e-mail case-insensitively and pages by 25", async () => {
    const first = await make("Search.Me@Example.com");
    await signIn("search.me@example.com");
    const { items } = await listUsers(admin, { search: "SEARCH.me" });
    expect(items).toEqual([
      expect.objectContaining({ id: first.id, email: "search.me@example.com", role: "member", banned: false, createdAt: expect.any(Date), lastSignInAt: expect.any(Date) }),
    ]);
    expect((await listUsers(admin, { search: "nobody-here" })).items).toEqual([]);
    // A search term's % is a character, not a wildcard.
    expect((await listUsers(admin, { search: "%" })).items).toEqual([]);

    // Enough accounts for a second page, each a second newer than the one before. Listing needs
    // no password: plain rows, as an account without one would be (a hash is ~0.2 s of CPU each).
    const since = Date.now();
    await getDb()
      .insert(user)
      .values(
        Array.from({ length: USERS_PAGE_SIZE + 2 }, (_, i) => {
          const name = `bulk${String(i).padStart(2, "0")}`;
          const createdAt = new Date(since + i * 1000);
          return { id: `bulk-${i}`, name, email: `${name}@example.com`, role: "member", createdAt, updatedAt: createdAt };
        }),
      );
    const page1 = await listUsers(admin, { search: "bulk" });
    expect(page1).toMatchObject({ page: 1, pageCount: 2, total: USERS_PAGE_SIZE + 2 });
    expect(page1.items).toHaveLength(USERS_PAGE_SIZE);
    expect(page1.items[0]!.email).toBe("bulk26@example.com");
    expect(page1.items[0]!.lastSignInAt).toBeNull();
    const page2 = await listUsers(admin, { search: "bulk", page: 9 });
    expect(page2.page).toBe(2);
    expect(page2.items.map((u) => u.email)).toEqual(["bulk01@example.com", "bulk00@example.com"]);
  });

  it("is for administrators only", async () => {
    for (const actor of [member, trainer]) {
      await expect(listUsers(actor)).rejects.toMatchObject({ init: { status: 403 } });
      await expect(setUserRole(actor, admin.id, "member")).rejects.toMatchObject({ init: { status: 403 } });
      await expect(deactivateUser(actor, admin.id)).rejects.toMatchObject({ init: { status: 403 } });
      await expect(reactivateUser(actor, admin.id)).rejects.toMatchObject({ init: { status: 403 } });
    }
    expect((await row(admin.id)).role).toBe("admin");
  });
});

describe("setUserRole", () => {
  it("changes a role and records who did it", async () => {
    const person = await make("promote@example.com");
    await setUserRole(admin, person.id, "trainer");
    expect((await row(person.id)).role).toBe("trainer");
    expect(await audits()).toContainEqual(
      expect.objectContaining({ action: "user.role_changed", actorEmail: "boss@example.com", summary: "Changed the role of promote@example.com from member to trainer" }),
    );
  });

  it("refuses to demote the last active administrator, even themselves", async () => {
    await expect(setUserRole(admin, admin.id, "member")).rejects.toMatchObject({ status: 409, message: "This is the last administrator: make someone else an administrator first." });
    expect((await row(admin.id)).role).toBe("admin");
    // A deactivated administrator does not count.
    const dormant = await make("dormant-admin@example.com", "admin");
    await deactivateUser(admin, dormant.id);
    await expect(setUserRole(admin, admin.id, "trainer")).rejects.toMatchObject({ status: 409 });
    // With a second active administrator, the first may step down.
    const second = await make("second-admin@example.com", "admin");
    await setUserRole(admin, admin.id, "member");
    expect((await row(admin.id)).role).toBe("member");
    await setUserRole(second, admin.id, "admin");
    await setUserRole(admin, second.id, "member");
  });

  it("two admins demoting each other at once leave one administrator", async () => {
    const a = await make("race-a@example.com", "admin");
    const b = await make("race-b@example.com", "admin");
    // boss is an admin too: demote it first so only a and b remain.
    await setUserRole(a, admin.id, "member");
    const results = await Promise.allSettled([setUserRole(a, b.id, "member"), setUserRole(b, a.id, "member")]);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    const roles = [(await row(a.id)).role, (await row(b.id)).role].sort();
    expect(roles).toEqual(["admin", "member"]);
    // Put things back for the other tests.
    const remaining = (await row(a.id)).role === "admin" ? a : b;
    await setUserRole(remaining, admin.id, "admin");
  });
});

describe("deactivating and reactivating", () => {
  it("signs the person out everywhere, stops sign-in, and reactivation lets them back", async () => {
    const person = await make("leaver@example.com");
    const signedIn = await signIn("leaver@example.com");
    await signIn("leaver@example.com");
    const headers = new Headers({ authorization: `Bearer ${signedIn.token}`, cookie: `better-auth.session_token=${signedIn.token}` });
    expect(await getDb().select().from(session).where(eq(session.userId, person.id))).toHaveLength(2);

    await deactivateUser(admin, person.id);
    expect((await row(person.id)).banned).toBe(true);
    expect(await getDb().select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    expect(await getAuth().api.getSession({ headers })).toBeNull();
    await expect(signIn("leaver@example.com")).rejects.toThrow("This account has been deactivated. Please contact the coach.");

    await reactivateUser(admin, person.id);
    expect((await row(person.id)).banned).toBe(false);
    expect((await signIn("leaver@example.com")).user.id).toBe(person.id);
    const actions = (await audits()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["user.deactivated", "user.reactivated"]));
  });

  it("refuses deactivating yourself and the last active administrator", async () => {
    await expect(deactivateUser(admin, admin.id)).rejects.toThrow("You cannot deactivate your own account.");
    expect((await row(admin.id)).banned).toBe(false);
    const other = await make("other-admin@example.com", "admin");
    // boss can deactivate another admin while boss stays active...
    await deactivateUser(admin, other.id);
    await reactivateUser(admin, other.id);
    // ...but nobody can take away the last active one.
    await getDb().update(user).set({ banned: true }).where(eq(user.role, "admin"));
    await getDb().update(user).set({ banned: false }).where(eq(user.id, admin.id));
    await expect(deactivateUser(other, admin.id)).rejects.toThrow("This is the last active administrator and cannot be deactivated.");
    await getDb().update(user).set({ banned: false }).where(eq(user.id, other.id));
  });
});
