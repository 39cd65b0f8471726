import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getAuth } from "~/auth/auth.server";
import { getDb } from "~/db/client.server";
import { account, user } from "~/db/schema/auth";
import { countAdministrators, createUserWithPassword, ensureAdministrator, findUserByEmail, UserExistsError } from "./users.server";

async function userCount(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(user);
  return row?.n ?? 0;
}

async function signIn(email: string, password: string) {
  return getAuth().api.signInEmail({ body: { email, password } });
}

describe("createUserWithPassword", () => {
  it("creates a user with the role, the name and a working password", async () => {
    const created = await createUserWithPassword({
      name: "  Tina Trainer ",
      email: " Tina@Example.com ",
      password: "tina-password",
      role: "trainer",
    });
    expect(created.email).toBe("tina@example.com");

    const row = await findUserByEmail("tina@example.com");
    expect(row).toEqual({ id: created.id, email: "tina@example.com", name: "Tina Trainer", role: "trainer" });

    const result = await signIn("tina@example.com", "tina-password");
    expect(result.user.id).toBe(created.id);
    expect(result.token).toEqual(expect.any(String));
  });

  it("stores the password hashed, and a wrong password does not sign in", async () => {
    const created = await createUserWithPassword({ name: "Max Member", email: "max@example.com", password: "max-password", role: "member" });
    const [credentials] = await getDb().select({ password: account.password }).from(account).where(eq(account.userId, created.id));
    expect(credentials?.password).toEqual(expect.any(String));
    expect(credentials?.password).not.toContain("max-password");

    await expect(signIn("max@example.com", "wrong-password")).rejects.toThrow();
    await expect(signIn("max@example.com", "max-password")).resolves.toMatchObject({ user: { id: created.id } });
  });

  it("rejects a duplicate e-mail, whatever its case, and keeps the first account", async () => {
    await createUserWithPassword({ name: "First", email: "dup@example.com", password: "first-password", role: "member" });
    const before = await userCount();

    await expect(
      createUserWithPassword({ name: "Second", email: "DUP@example.com", password: "second-password", role: "admin" }),
    ).rejects.toThrow(UserExistsError);

    expect(await userCount()).toBe(before);
    expect(await findUserByEmail("dup@example.com")).toMatchObject({ name: "First", role: "member" });
    await expect(signIn("dup@example.com", "second-password")).rejects.toThrow();
  });

  it.each([
    ["an empty name", { name: "   ", email: "a@example.com", password: "long-enough", role: "member" }],
    ["an invalid e-mail", { name: "A", email: "not-an-email", password: "long-enough", role: "member" }],
    ["a short password", { name: "A", email: "b@example.com", password: "short", role: "member" }],
    ["a too long password", { name: "A", email: "c@example.com", password: "x".repeat(129), role: "member" }],
    ["an unknown role", { name: "A", email: "d@example.com", password: "long-enough", role: "superuser" }],
  ])("rejects %s with a ZodError and creates nothing", async (_label, input) => {
    const before = await userCount();
    await expect(createUserWithPassword(input as never)).rejects.toThrow(ZodError);
    expect(await userCount()).toBe(before);
  });
});

describe("ensureAdministrator", () => {
  it("creates the administrator once, however often it runs", async () => {
    expect(await countAdministrators()).toBe(0);

    expect(await ensureAdministrator("Boss@Example.com", "boss-password")).toBe("created");
    expect(await ensureAdministrator("boss@example.com", "boss-password")).toBe("exists");

    expect(await countAdministrators()).toBe(1);
    const [row] = await getDb().select({ n: count() }).from(user).where(eq(user.email, "boss@example.com"));
    expect(row?.n).toBe(1);
    expect(await findUserByEmail("boss@example.com")).toMatchObject({ role: "admin" });
    await expect(signIn("boss@example.com", "boss-password")).resolves.toMatchObject({ user: { email: "boss@example.com" } });
  });

  it("promotes an existing non-admin and keeps their password", async () => {
    const member = await createUserWithPassword({ name: "Promoted", email: "promote@example.com", password: "member-password", role: "member" });
    const admins = await countAdministrators();

    expect(await ensureAdministrator("promote@example.com", "another-password")).toBe("exists");

    expect(await findUserByEmail("promote@example.com")).toEqual({ id: member.id, email: "promote@example.com", name: "Promoted", role: "admin" });
    expect(await countAdministrators()).toBe(admins + 1);
    await expect(signIn("promote@example.com", "member-password")).resolves.toMatchObject({ user: { id: member.id } });
  });
});

describe("countAdministrators", () => {
  it("counts only users with the admin role", async () => {
    const start = await countAdministrators();
    await createUserWithPassword({ name: "M", email: "count-member@example.com", password: "long-enough", role: "member" });
    await createUserWithPassword({ name: "T", email: "count-trainer@example.com", password: "long-enough", role: "trainer" });
    expect(await countAdministrators()).toBe(start);
    await createUserWithPassword({ name: "A1", email: "count-admin1@example.com", password: "long-enough", role: "admin" });
    await createUserWithPassword({ name: "A2", email: "count-admin2@example.com", password: "long-enough", role: "admin" });
    expect(await countAdministrators()).toBe(start + 2);
  });
});
